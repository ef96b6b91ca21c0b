//! What a lesson asks for, how the opponent answers, and which stones it rings; each goal
//! is decided by the engine on the game the player's action produced.

use crate::go::{Color, Point};
use crate::timego::{Action, Applied, Game, Winner};

/// What the player must reach in a lesson.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Goal {
    /// Capture the opponent's stones on every one of `points` with a placement.
    Capture {
        /// Points holding the opponent's stones at the start.
        points: &'static [Point],
    },
    /// Play a time move after which the player's stone stands again on `point`.
    RestoreByTime {
        /// Where the player's captured stone stood.
        point: Point,
    },
    /// Lock, after which no time move of the opponent brings back their stone on `point`.
    LockAgainstRestoring {
        /// Where the opponent's captured stone stood.
        point: Point,
    },
    /// Play a time move that cancels the opponent's placement at `point`.
    CancelByTime {
        /// The point of the opponent's placement to cancel.
        point: Point,
    },
    /// End the game (two passes) winning with at least `at_least` points of area.
    WinByArea {
        /// The smallest winning area that counts.
        at_least: u32,
    },
}

/// How the opponent answers the player's actions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Opponent {
    /// No answer: the lesson is decided by the player's single action.
    None,
    /// The opponent passes after every player action, so the player can finish the game.
    Passes,
}

/// Which stones a lesson rings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rings {
    /// The stones on these points, while they stand.
    Stones(&'static [Point]),
    /// The stones the player may choose as travellers now.
    Travellers,
}

impl Goal {
    /// Whether `applied`, the player's last action in `game`, reaches the goal.
    pub fn is_reached(&self, game: &Game, applied: &Applied, player: Color) -> bool {
        let board = game.board();
        match *self {
            Goal::Capture { points } => {
                matches!(applied.action, Action::Place { .. })
                    && points.iter().all(|&p| board[p as usize] == 0)
            }
            Goal::RestoreByTime { point } => {
                matches!(applied.action, Action::Time { .. })
                    && board[point as usize] == player.cell()
            }
            Goal::LockAgainstRestoring { point } => {
                matches!(applied.action, Action::Lock { .. })
                    && !opponent_can_restore(game, point, player.opposite())
            }
            Goal::CancelByTime { point } => applied.time.as_ref().is_some_and(|time| {
                time.cancelled.iter().any(|cancelled| {
                    cancelled.placement.point == point
                        && cancelled.placement.player == player.opposite()
                })
            }),
            Goal::WinByArea { at_least } => {
                let winner = match player {
                    Color::Black => Winner::Black,
                    Color::White => Winner::White,
                };
                let area = game.score().area;
                let own = match player {
                    Color::Black => area.black,
                    Color::White => area.white,
                };
                game.result().is_some_and(|result| result.winner == winner) && own >= at_least
            }
        }
    }
}

/// Whether `opponent`, to move in `game`, has a legal time move after which their stone
/// stands on `point` again.
pub(crate) fn opponent_can_restore(game: &Game, point: Point, opponent: Color) -> bool {
    if game.side_to_move() != Some(opponent) {
        return false;
    }
    game.legal_actions()
        .into_iter()
        .filter(|action| matches!(action, Action::Time { .. }))
        .any(|action| {
            let mut trial = game.clone();
            trial.apply(action).is_ok() && trial.board()[point as usize] == opponent.cell()
        })
}
