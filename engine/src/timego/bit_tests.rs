//! The bit boards of the probe against the graph board of the Go core: every placement of
//! random sequences, and every time move of random games, must come out identical.

use super::bits::{key_without, points, Illegal, Square, Stones};
use super::chronology::{key_of, stone_bits};
use super::{Action, Game, Placement};
use crate::go::{Board, Color, Graph, PlaceError, Point};
use crate::rng::SplitMix64;
use proptest::prelude::*;

/// The shared generator, deterministic so a failing seed reproduces; `below` reduces by
/// modulo, as this stream always did.
struct Rng(SplitMix64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0.below_mod(n)
    }
}

fn color(black: bool) -> Color {
    if black {
        Color::Black
    } else {
        Color::White
    }
}

#[test]
fn square_masks_give_the_grid_neighbours() {
    // A lone stone in the middle of 5 x 5 captured by its four neighbours, and corner and
    // edge stones of 3 x 3 captured by two and three: the shifts must not wrap around rows.
    let cases: [(u8, Point, &[Point]); 4] = [
        (5, 12, &[7, 11, 13, 17]),
        (3, 0, &[1, 3]),
        (3, 2, &[1, 5]),
        (3, 5, &[2, 4, 8]),
    ];
    for (size, prey, hunters) in cases {
        let square = Square::new(size);
        let mut board = Stones::from_key(stone_bits(Placement {
            player: Color::White,
            point: prey,
        }));
        for (k, &point) in hunters.iter().enumerate() {
            let (after, captured) = board
                .play(
                    &square,
                    Placement {
                        player: Color::Black,
                        point,
                    },
                )
                .unwrap();
            let last = k + 1 == hunters.len();
            assert_eq!(points(captured), if last { vec![prey] } else { vec![] });
            board = after;
        }
    }
}

#[test]
fn a_stone_without_liberties_is_suicide_unless_it_captures() {
    // 2 x 2: White on 1 and 2; Black on 3 has no liberty and captures nothing.
    let square = Square::new(2);
    let key = key_of(&[0, 2, 2, 0]);
    let suicide = Stones::from_key(key).play(
        &square,
        Placement {
            player: Color::Black,
            point: 3,
        },
    );
    assert_eq!(suicide, Err(Illegal::Suicide));
    let occupied = Stones::from_key(key).play(
        &square,
        Placement {
            player: Color::Black,
            point: 1,
        },
    );
    assert_eq!(occupied, Err(Illegal::Occupied));
    // With Black on 0, the White pair has one liberty left (3): Black there captures it.
    let (after, captured) = Stones::from_key(key_of(&[1, 2, 2, 0]))
        .play(
            &square,
            Placement {
                player: Color::Black,
                point: 3,
            },
        )
        .unwrap();
    assert_eq!(points(captured), vec![1, 2]);
    assert_eq!(after.cells(4), vec![1, 0, 0, 1]);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn keys_convert_to_masks_and_back(cells in proptest::collection::vec(0u8..3, 25)) {
        let key = key_of(&cells);
        prop_assert_eq!(Stones::from_key(key).cells(25), cells.clone());
        let mask = cells.iter().enumerate().fold(0u32, |m, (p, &c)| m | ((c != 0) as u32) << p);
        prop_assert_eq!(key_without(key, mask), 0);
        prop_assert_eq!(key_without(key, !mask), key);
    }

    #[test]
    fn bit_board_placements_match_the_graph_board(
        size in 2u8..=5,
        moves in proptest::collection::vec((0u8..25, any::<bool>()), 1..120),
    ) {
        let graph = Graph::square(size);
        let square = Square::new(size);
        let points_on_board = graph.len();
        let mut board = Board::new(&graph);
        let mut stones = Stones::from_key(0);
        let mut key = 0;
        for (point, black) in moves {
            let placement = Placement {
                player: color(black),
                point: point as Point % points_on_board as Point,
            };
            let mut captured = Vec::new();
            let expected = board.play(&graph, placement.point, placement.player, &mut captured);
            match (expected, stones.play(&square, placement)) {
                (Ok(preview), Ok((after, mask))) => {
                    captured.sort_unstable();
                    prop_assert_eq!(points(mask), captured);
                    prop_assert_eq!(preview.captures, mask.count_ones());
                    stones = after;
                    key = key_without(key | stone_bits(placement), mask);
                }
                (Err(PlaceError::Occupied { .. }), Err(Illegal::Occupied))
                | (Err(PlaceError::Suicide { .. }), Err(Illegal::Suicide)) => {}
                (graph_outcome, bit_outcome) => {
                    return Err(TestCaseError::fail(format!(
                        "{placement:?}: graph {graph_outcome:?}, bits {bit_outcome:?}"
                    )));
                }
            }
            prop_assert_eq!(stones.cells(points_on_board), board.colors().to_vec());
            prop_assert_eq!(key, key_of(board.colors()));
        }
    }

    #[test]
    fn bit_replay_matches_the_graph_replay_on_random_games(
        size in 2u8..=5,
        seed in any::<u64>(),
        length in 1usize..48,
    ) {
        compare_random_game(size, seed, length)?;
    }
}

/// What the comparisons of one game covered.
#[derive(Default)]
struct Coverage {
    legal: usize,
    with_cancellations: usize,
    with_captures: usize,
    rejected: usize,
}

/// Plays a seeded random game with many time moves and, at every position reached,
/// replays every (source, target) pair both ways, requiring identical results: the same
/// rejection, or the same key, history hash, counts and new order.
fn compare_random_game(size: u8, seed: u64, length: usize) -> Result<Coverage, TestCaseError> {
    let mut game = Game::new(size, 0.0).unwrap();
    let mut rng = Rng(SplitMix64::new(seed));
    let mut coverage = Coverage::default();
    let mut compared_at = None;
    while game.actions().len() < length && !game.is_ended() {
        if compared_at != Some(game.actions().len()) {
            compared_at = Some(game.actions().len());
            let position = &game.position;
            let len = position.chronology.len();
            // Every pair, most of them illegal for some reason.
            for source in 0..=len {
                for target in 0..len.max(1) {
                    let bits = position.replay_time_move(source, target, false);
                    let graph = position.replay_time_move(source, target, true);
                    prop_assert_eq!(&bits, &graph, "time move {} -> {}", source, target);
                    match bits {
                        Ok((replayed, _)) => {
                            coverage.legal += 1;
                            coverage.with_cancellations += (replayed.cancelled > 0) as usize;
                            coverage.with_captures += (replayed.captures > 0) as usize;
                        }
                        Err(_) => coverage.rejected += 1,
                    }
                }
            }
        }
        let player = game.side_to_move().unwrap();
        let travellers = game.travellers();
        let roll = rng.below(100);
        let action = if roll < 45 && !travellers.is_empty() {
            let source = travellers[rng.below(travellers.len())].source;
            let target = game.locked() + rng.below(source - game.locked());
            Action::Time {
                player,
                source,
                target,
            }
        } else if roll < 97 {
            Action::Place {
                player,
                point: rng.below(game.board().len()) as Point,
            }
        } else {
            Action::Lock { player }
        };
        // A rejected action is skipped; now and then the player passes instead, so a
        // position where little is legal is left (two passes end the game).
        if game.apply(action).is_err() && rng.below(8) == 0 {
            game.apply(Action::Pass { player }).unwrap();
        }
    }
    Ok(coverage)
}

/// Fixed seeds on 3 x 3 and 5 x 5 reach legal time moves whose replays cancel and capture,
/// so the random comparison above is not vacuous.
#[test]
fn the_comparison_covers_cancelling_and_capturing_replays() {
    let mut total = Coverage::default();
    for seed in 0..6 {
        for size in [3, 5] {
            let coverage = compare_random_game(size, seed, 40).unwrap();
            total.legal += coverage.legal;
            total.with_cancellations += coverage.with_cancellations;
            total.with_captures += coverage.with_captures;
            total.rejected += coverage.rejected;
        }
    }
    assert!(total.legal > 100, "{} legal replays", total.legal);
    assert!(
        total.with_cancellations > 10,
        "{} cancelling",
        total.with_cancellations
    );
    assert!(
        total.with_captures > 10,
        "{} capturing",
        total.with_captures
    );
    assert!(total.rejected > 100, "{} rejected", total.rejected);
}

/// The line where a replay converges with the old chronology and a later old board then
/// repeats a board of the new order (found by search, rare in random play): every time
/// move of that position, including the one that cancels on the converged path, agrees.
#[test]
fn a_converged_replay_that_meets_a_new_board_agrees() {
    let text = include_str!("../../tests/fixtures/converged_replay_meets_new_board.json");
    let (game, _) = Game::from_record(text.as_bytes()).unwrap();
    let position = &game.position;
    let len = position.chronology.len();
    for source in 0..len {
        for target in 0..source {
            assert_eq!(
                position.replay_time_move(source, target, false),
                position.replay_time_move(source, target, true),
                "time move {source} -> {target}"
            );
        }
    }
    let (replayed, _) = position.replay_time_move(27, 26, false).unwrap();
    assert!(replayed.cancelled > 0);
}
