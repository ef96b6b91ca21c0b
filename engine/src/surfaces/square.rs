//! Plain square Go boards (2×2 to 25×25) under the surfaces' rules
//! `graph-area-no-suicide-psk-v1`: no suicide, positional superko over every coloring of
//! the game (compared in full), passes (two consecutive passes end the game), resignation,
//! area scoring with half-point komi, and undo by replaying all but the last action.
//!
//! The square board exists so the surfaces' search can be measured against established
//! programs (GTP, `canon go gtp` and `canon go match`): the same rules and the same
//! search as on the three surfaces, on a graph every Go program knows. Points are
//! `row * size + column` with A1 at the bottom left, as [`Graph::square`] numbers them.

use std::sync::OnceLock;

use super::line::{deref_to_line, Line};
use super::rules::{Action, Rejection};
use super::search::{Root, RootError};
use super::Point;
use crate::go::{Board, Color, Graph};

/// The smallest board side.
pub const MIN_SIZE: u8 = 2;
/// The largest board side (the GTP limit).
pub const MAX_SIZE: u8 = 25;

/// Why a square game cannot be set up.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SquareError {
    /// The side is outside 2 to 25.
    #[error("board size {size} is not supported: sizes run from {MIN_SIZE} to {MAX_SIZE}")]
    Size {
        /// The size asked for.
        size: usize,
    },
    /// The komi is more than twice the point count, in half points.
    #[error(
        "komi of {half} half points is out of range: at most {limit} half points either way on this board",
        half = .komi_half_points
    )]
    Komi {
        /// The komi asked for, in half points.
        komi_half_points: i64,
        /// The largest allowed magnitude, in half points.
        limit: i64,
    },
}

/// A game on a square board from the empty board, Black first. The rules and the
/// position are its [`Line`], which it derefs to for reading.
#[derive(Clone, Debug)]
pub struct SquareGame {
    size: u8,
    line: Line,
}

deref_to_line!(SquareGame);

/// The graph of the `size` × `size` board, built once and shared like the surfaces'.
fn square_graph(size: u8) -> &'static Graph {
    static GRAPHS: [OnceLock<Graph>; (MAX_SIZE - MIN_SIZE + 1) as usize] =
        [const { OnceLock::new() }; (MAX_SIZE - MIN_SIZE + 1) as usize];
    GRAPHS[usize::from(size - MIN_SIZE)].get_or_init(|| Graph::square(size))
}

impl SquareGame {
    /// A new game on the empty `size` × `size` board with White's komi in half points.
    pub fn new(size: usize, komi_half_points: i64) -> Result<SquareGame, SquareError> {
        if !(MIN_SIZE as usize..=MAX_SIZE as usize).contains(&size) {
            return Err(SquareError::Size { size });
        }
        let limit = 2 * (size * size) as i64;
        if komi_half_points.abs() > limit {
            return Err(SquareError::Komi {
                komi_half_points,
                limit,
            });
        }
        let graph = square_graph(size as u8);
        Ok(SquareGame {
            size: size as u8,
            line: Line::new(
                graph,
                komi_half_points as i32,
                Board::new(graph),
                Color::Black,
            ),
        })
    }

    /// The board side.
    pub fn size(&self) -> usize {
        self.size as usize
    }

    /// Applies `action` for the player to move and returns the captured stones
    /// (ascending). A rejection changes nothing.
    pub fn apply(&mut self, action: Action) -> Result<Vec<Point>, Rejection> {
        self.line.apply(action).map(|applied| applied.captured)
    }

    /// Takes back the last action by replaying every earlier one from the empty board;
    /// false (and nothing changes) when there is none.
    pub fn undo(&mut self) -> bool {
        let Some((_, earlier)) = self.line.actions().split_last() else {
            return false;
        };
        let mut fresh = self.line.restarted();
        fresh
            .replay(earlier)
            .expect("a prefix of a legal game is legal");
        self.line = fresh;
        true
    }

    /// The same game with another komi (GTP may change it at any time); the result of a
    /// game ended by two passes is rescored.
    pub fn with_komi(&self, komi_half_points: i64) -> Result<SquareGame, SquareError> {
        let mut fresh = SquareGame::new(self.size(), komi_half_points)?;
        fresh
            .line
            .replay(self.actions())
            .expect("komi does not change which actions are legal");
        Ok(fresh)
    }

    /// The position for the search ([`super::search::search`]); `Err` once the game has
    /// ended or when the board is beyond the fast board (more than 511 points, i.e.
    /// sides above 22).
    pub fn root(&self) -> Result<Root, RootError> {
        Root::from_game(self)
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::AtomicBool;

    use super::*;
    use crate::surfaces::rules::{EndReason, Winner};
    use crate::surfaces::search::{search, Limits};

    /// The point at GTP-like (column, row) from the bottom left, both from 0.
    fn at(size: usize, column: usize, row: usize) -> Action {
        Action::Place {
            at: (row * size + column) as Point,
        }
    }

    fn play(game: &mut SquareGame, actions: &[Action]) {
        for &action in actions {
            game.apply(action).expect("legal in this test");
        }
    }

    #[test]
    fn sizes_and_komi_out_of_range_are_refused() {
        assert_eq!(
            SquareGame::new(1, 0).unwrap_err(),
            SquareError::Size { size: 1 }
        );
        assert_eq!(
            SquareGame::new(26, 0).unwrap_err(),
            SquareError::Size { size: 26 }
        );
        assert!(SquareGame::new(25, 0).is_ok());
        assert_eq!(
            SquareGame::new(9, 163).unwrap_err(),
            SquareError::Komi {
                komi_half_points: 163,
                limit: 162
            }
        );
    }

    #[test]
    fn a_surrounded_stone_is_captured_and_suicide_is_refused() {
        let mut game = SquareGame::new(5, 0).unwrap();
        // Black surrounds the white stone at B2 (column 1, row 1).
        play(
            &mut game,
            &[
                at(5, 1, 0),
                at(5, 1, 1),
                at(5, 0, 1),
                Action::Pass,
                at(5, 2, 1),
                Action::Pass,
            ],
        );
        let captured = game.apply(at(5, 1, 2)).unwrap();
        assert_eq!(captured, vec![6]);
        assert_eq!(game.board()[6], 0);
        // White may not play into the hole at B2: no liberty, nothing to capture.
        assert_eq!(
            game.apply(at(5, 1, 1)),
            Err(Rejection::Suicide { point: 6 })
        );
        assert_eq!(game.side_to_move(), Some(Color::White));
    }

    /// The classic ko shape around B2 and C2 on a 4×4 board, Black first, ending with
    /// Black's C2 in the white mouth.
    fn ko_shape() -> Vec<Action> {
        let n = 4;
        vec![
            at(n, 1, 0), // B  B1
            at(n, 2, 0), // W  C1
            at(n, 0, 1), // B  A2
            at(n, 3, 1), // W  D2
            at(n, 1, 2), // B  B3
            at(n, 2, 2), // W  C3
            at(n, 2, 1), // B  C2 (in the white mouth)
        ]
    }

    /// White captures C2 by playing B2; Black's immediate retake at C2 would recreate
    /// the coloring number `earlier_index`, which arose after `after_actions` actions.
    fn assert_retake_refused(game: &mut SquareGame, earlier_index: usize, after_actions: usize) {
        assert_eq!(game.apply(at(4, 1, 1)).unwrap(), vec![6]);
        let before = game.clone();
        let superko = Rejection::Superko {
            point: 6,
            earlier_index,
            after_actions,
        };
        assert_eq!(game.apply(at(4, 2, 1)).unwrap_err(), superko);
        assert_eq!(game.board(), before.board(), "a refusal changes nothing");
        assert_eq!(game.actions(), before.actions(), "a refusal adds no action");
    }

    #[test]
    fn positional_superko_refuses_the_immediate_ko_recapture() {
        let n = 4;
        let mut game = SquareGame::new(n, 0).unwrap();
        play(&mut game, &ko_shape());
        assert_retake_refused(&mut game, 7, 7);
        assert!(!game.legal_placements().contains(&6));
        // After a move elsewhere the coloring is new and the retake is legal.
        play(&mut game, &[at(n, 3, 3), at(n, 0, 3)]);
        assert_eq!(game.apply(at(n, 2, 1)).unwrap(), vec![5]);
    }

    #[test]
    fn a_superko_refusal_counts_passes_in_the_actions_before_the_earlier_coloring() {
        // The same ko after Black passes and White plays D1: passes add actions but no
        // coloring, so the earlier coloring's index and its action count part ways.
        let mut game = SquareGame::new(4, 0).unwrap();
        play(&mut game, &[Action::Pass, at(4, 3, 0)]);
        play(&mut game, &ko_shape());
        assert_retake_refused(&mut game, 8, 9);
        assert_eq!((game.actions().len(), game.history_len()), (10, 10));
    }

    #[test]
    fn area_scoring_counts_stones_and_surrounded_empty_points_with_komi() {
        let n = 4;
        let mut game = SquareGame::new(n, 1).unwrap();
        // Black holds column B, White column D; column C touches both and is neutral.
        let mut actions = Vec::new();
        for row in 0..n {
            actions.extend([at(n, 1, row), at(n, 3, row)]);
        }
        actions.extend([Action::Pass, Action::Pass]);
        play(&mut game, &actions);
        let outcome = *game.outcome().unwrap();
        assert_eq!(outcome.reason, EndReason::Score);
        assert_eq!((outcome.score.area.black, outcome.score.area.white), (8, 4));
        // 2 * (8 - 4) - 1 = 7 half points to Black.
        assert_eq!(outcome.score.difference_half_points, 7);
        assert_eq!(outcome.winner, Winner::Black);
        assert_eq!(game.apply(Action::Pass), Err(Rejection::Ended));
        // A komi of 4.5 rescores the same game for White.
        let rescored = game.with_komi(9).unwrap();
        assert_eq!(rescored.outcome().unwrap().winner, Winner::White);
        assert_eq!(rescored.score().difference_half_points, -1);
    }

    #[test]
    fn undo_replays_all_but_the_last_action() {
        let mut game = SquareGame::new(5, 0).unwrap();
        assert!(!game.undo());
        play(&mut game, &[at(5, 2, 2), at(5, 1, 1), Action::Pass]);
        let after_two = {
            let mut g = SquareGame::new(5, 0).unwrap();
            play(&mut g, &[at(5, 2, 2), at(5, 1, 1)]);
            g
        };
        assert!(game.undo());
        assert_eq!(game.actions(), after_two.actions());
        assert_eq!(game.board(), after_two.board());
        assert_eq!(game.passes(), 0);
        assert_eq!(game.history_len(), 3);
        assert_eq!(game.side_to_move(), Some(Color::Black));
    }

    #[test]
    fn the_search_plays_legal_moves_and_takes_a_capture() {
        let n = 5;
        let mut game = SquareGame::new(n, 0).unwrap();
        // The white stone at C3 has one liberty left, at C4 (column 2, row 3).
        play(
            &mut game,
            &[
                at(n, 2, 1),
                at(n, 2, 2),
                at(n, 1, 2),
                at(n, 4, 4),
                at(n, 3, 2),
                at(n, 0, 4),
            ],
        );
        let root = game.root().unwrap();
        assert_eq!(root.legal(), game.legal_placements().as_slice());
        let report = search(
            &root,
            Limits {
                playouts: 400,
                seed: 7,
            },
            &AtomicBool::new(false),
        );
        assert_eq!(report.best, at(n, 2, 3));
        assert_eq!(game.apply(report.best).unwrap(), vec![12]);
    }

    #[test]
    fn boards_beyond_the_fast_board_have_no_search_root() {
        assert!(SquareGame::new(22, 0).unwrap().root().is_ok());
        assert!(matches!(
            SquareGame::new(23, 0).unwrap().root(),
            Err(RootError::Graph(_))
        ));
    }
}
