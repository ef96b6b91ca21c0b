//! `time-go-game` import of arbitrary bytes: no panic, and a refusal is short.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|bytes: &[u8]| {
    match canon_engine::timego::Game::from_record(bytes) {
        Ok((game, cursor)) => {
            let again = game.to_json(cursor).expect("an imported cursor is in range");
            canon_engine::timego::Game::from_record(again.as_bytes())
                .expect("an accepted record exports a record that imports");
        }
        Err(error) => assert!(error.to_string().chars().count() <= 300),
    }
});
