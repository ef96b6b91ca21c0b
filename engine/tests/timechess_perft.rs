//! Perft from the start and from documented mid-game positions, fixed once both the
//! engine's generator and the naive one of `timechess_support` agreed on them. The
//! mid-game positions are the records in `tests/timechess_data/` (the first moves of
//! seeded random games, written down so that they do not depend on move order).

mod timechess_support;

use timechess_support::{engine_legal_sorted, naive_legal_moves, naive_perft};

use canon_engine::timechess::Game;

fn load(name: &str) -> Game {
    let path = format!(
        "{}/tests/timechess_data/{name}.json",
        env!("CARGO_MANIFEST_DIR")
    );
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    Game::import(&bytes).unwrap_or_else(|e| panic!("{path}: {e}"))
}

#[test]
fn perft_from_the_start_matches_the_naive_generator_and_the_fixed_counts() {
    let mut game = Game::new();
    assert_eq!(game.perft(1), 127);
    assert_eq!(naive_perft(&game, 1), 127);
    assert_eq!(game.perft(2), 16_383);
    assert_eq!(naive_perft(&game, 2), 16_383);
}

/// (record, turn, perft 1, perft 2, whether the naive generator also runs depth 2).
const POSITIONS: [(&str, u32, u64, u64, bool); 4] = [
    ("mid_6_10", 10, 125, 13_994, true),
    ("mid_6_20", 20, 87, 8_351, false),
    ("mid_11_40", 40, 79, 5_278, true),
    ("mid_12_60", 60, 74, 3_840, false),
];

#[test]
fn perft_from_mid_game_positions_matches_the_naive_generator() {
    for (name, turn, one, two, naive_two) in POSITIONS {
        let mut game = load(name);
        assert_eq!(game.now(), turn, "{name}");
        assert_eq!(
            engine_legal_sorted(&mut game),
            naive_legal_moves(&game),
            "{name}"
        );
        assert_eq!(game.perft(1), one, "{name}");
        assert_eq!(game.perft(2), two, "{name}");
        if naive_two {
            assert_eq!(naive_perft(&game, 2), two, "{name}");
        }
    }
}

#[test]
fn perft_leaves_the_game_exactly_as_it_was() {
    let mut game = load("mid_11_40");
    let before = game.to_record_json();
    let layers: Vec<_> = (0..=game.now()).map(|t| game.layer(t).cloned()).collect();
    game.perft(2);
    assert_eq!(game.to_record_json(), before);
    let after: Vec<_> = (0..=game.now()).map(|t| game.layer(t).cloned()).collect();
    assert_eq!(layers, after);
}
