//! Properties over random games: the fast generator agrees with the naive one, the moves
//! it lists are exactly the moves play accepts, undo restores the game exactly, records
//! round-trip, and lineages stay consistent.

mod timechess_support;

use canon_engine::timechess::{random_playout, Game, Kind, Move, Pos, SplitMix64, LINEAGES};
use proptest::prelude::*;
use timechess_support::{engine_legal_sorted, naive_legal_moves, naive_pseudo};

fn random_game(seed: u64, turns: usize) -> Game {
    let mut game = Game::new();
    random_playout(&mut game, &mut SplitMix64::new(seed), turns);
    game
}

fn snapshot(game: &Game) -> (String, Vec<Option<canon_engine::timechess::Layer>>) {
    let layers = (0..=game.now()).map(|t| game.layer(t).cloned()).collect();
    (game.to_record_json(), layers)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 16, ..ProptestConfig::default() })]

    #[test]
    fn the_fast_generator_agrees_with_the_naive_one(seed in any::<u64>(), turns in 0usize..30) {
        let mut game = random_game(seed, turns);
        prop_assert_eq!(engine_legal_sorted(&mut game), naive_legal_moves(&game));
    }

    #[test]
    fn listed_moves_are_exactly_the_accepted_ones(seed in any::<u64>(), turns in 0usize..40, junk in any::<u64>()) {
        let mut game = random_game(seed, turns);
        let legal = engine_legal_sorted(&mut game);
        let now = game.now();
        let mut rng = SplitMix64::new(junk);
        for (from, piece) in game.pieces(now).unwrap() {
            for _ in 0..40 {
                let to = Pos {
                    turn: (now as i64 + rng.below(17) as i64 - 8).max(0) as u32,
                    rank: rng.below(8) as u8,
                    file: rng.below(8) as u8,
                };
                let m = Move { from, to };
                let accepted = game.check_move(m).is_ok();
                prop_assert_eq!(accepted, legal.contains(&m), "{}", m);
                if accepted {
                    prop_assert!(naive_pseudo(&game, piece, from, to));
                }
            }
        }
    }

    #[test]
    fn undo_restores_every_earlier_state_exactly(seed in any::<u64>(), turns in 1usize..60) {
        let mut game = Game::new();
        let mut rng = SplitMix64::new(seed);
        let mut states = vec![snapshot(&game)];
        for _ in 0..turns {
            let moves = game.legal_moves();
            if moves.is_empty() {
                break;
            }
            game.play(moves[rng.below(moves.len())]).unwrap();
            states.push(snapshot(&game));
        }
        states.pop();
        while let Some(expected) = states.pop() {
            game.undo().unwrap();
            prop_assert_eq!(snapshot(&game).0, expected.0);
            prop_assert!(snapshot(&game).1 == expected.1);
        }
        prop_assert!(game.undo().is_none());
    }

    #[test]
    fn records_round_trip(seed in any::<u64>(), turns in 0usize..120) {
        let game = random_game(seed, turns);
        let json = game.to_record_json();
        let back = Game::import(json.as_bytes()).unwrap();
        prop_assert_eq!(back.to_record_json(), json);
    }

    #[test]
    fn a_lineage_has_at_most_one_present_instance_and_kings_stay_kings(seed in any::<u64>(), turns in 0usize..120) {
        let game = random_game(seed, turns);
        let mut seen = [0; LINEAGES];
        for (_, piece) in game.pieces(game.now()).unwrap() {
            seen[piece.lineage as usize] += 1;
            prop_assert_eq!(piece.kind == Kind::King, piece.lineage == 4 || piece.lineage == 28);
        }
        prop_assert!(seen.iter().all(|&n| n <= 1));
        for traveller in game.future_queue() {
            prop_assert_eq!(seen[traveller.piece.lineage as usize], 0);
            // Due at the end of its arrival turn, so never before the present.
            prop_assert!(traveller.to.turn >= game.now());
        }
    }
}
