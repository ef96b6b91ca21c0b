//! The engine's fast paths against its reference paths over random deep games: at every
//! ply the legal moves found with the attack masks equal those found with the reference
//! check test that scans every displacement, and so does check detection; at some plies
//! both also equal the test suite's naive generator, which shares nothing with the engine.

mod timechess_support;

use canon_engine::timechess::{Game, SplitMix64};
use proptest::prelude::*;
use timechess_support::naive_legal_moves;

/// Plays up to `turns` random legal moves from the start, checking the fast paths against
/// the reference ones before every move; every `naive_every`-th ply also against the naive
/// generator. Returns the number of plies checked.
fn check_game(seed: u64, turns: usize, naive_every: usize) -> Result<usize, TestCaseError> {
    let mut game = Game::new();
    let mut rng = SplitMix64::new(seed);
    for ply in 0..=turns {
        let fast = game.legal_moves();
        let reference = game.legal_moves_by_scan();
        prop_assert_eq!(&fast, &reference, "ply {} of seed {}", ply, seed);
        prop_assert_eq!(
            game.is_in_check(),
            game.is_in_check_by_scan(),
            "ply {} of seed {}",
            ply,
            seed
        );
        if naive_every > 0 && ply % naive_every == 0 {
            let mut sorted = fast.clone();
            sorted.sort();
            prop_assert_eq!(
                sorted,
                naive_legal_moves(&game),
                "ply {} of seed {}",
                ply,
                seed
            );
        }
        if fast.is_empty() || ply == turns {
            return Ok(ply);
        }
        game.play(fast[rng.below(fast.len())]).unwrap();
    }
    Ok(turns)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn legal_moves_and_check_with_attack_masks_equal_the_reference_at_every_ply(
        seed in any::<u64>(),
        turns in 60usize..400,
    ) {
        check_game(seed, turns, 25)?;
    }
}

/// Fixed seeds whose games run long (hundreds of plies with queens and rooks in play), so
/// that deep stacks are covered whatever proptest draws.
#[test]
fn long_seeded_games_agree_at_every_ply() {
    let mut longest = 0;
    for seed in 0..40 {
        longest = longest.max(check_game(seed, 1024, 0).unwrap());
    }
    assert!(longest >= 200, "a long game among the seeds ({longest})");
}
