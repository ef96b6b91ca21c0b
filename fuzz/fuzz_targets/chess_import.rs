//! `time-chess-game` import of arbitrary bytes: no panic, and a refusal is short.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|bytes: &[u8]| {
    match canon_engine::timechess::Game::import(bytes) {
        Ok(game) => {
            canon_engine::timechess::Game::import(game.to_record_json().as_bytes())
                .expect("an accepted record re-imports");
        }
        Err(error) => assert!(error.to_string().chars().count() <= 300),
    }
});
