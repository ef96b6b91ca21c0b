//! Why an action is rejected, and why a replayed placement is cancelled: typed reasons a
//! user interface can show in words.

use super::types::point_name;
use crate::go::{Color, Point};
use serde::Serialize;

/// Why an action cannot be taken. Serialized as a tagged object, e.g.
/// `{"kind":"superko","point":7,"earlier_board":3}`. Placement indices are 0-based like the
/// records; `earlier_board: k` names the board after the first `k` placements of the
/// (reconstructed) placement order, `0` being the empty board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Rejection {
    /// Two consecutive passes ended the game.
    GameEnded,
    /// The line already holds the maximum number of actions.
    ActionLimit {
        /// The limit (1,024).
        limit: usize,
    },
    /// The action names the player who is not to move.
    NotYourTurn {
        /// The player to move.
        expected: Color,
        /// The player named by the action.
        found: Color,
    },
    /// The point is not on the board.
    OffBoard {
        /// The index given.
        point: usize,
    },
    /// A stone already stands on the point.
    Occupied {
        /// The point.
        point: Point,
    },
    /// After captures the placed stone's group would have no liberty.
    Suicide {
        /// The point.
        point: Point,
    },
    /// The placement would recreate a board of the current placement order.
    Superko {
        /// The point.
        point: Point,
        /// Index of the identical earlier board (placements before it; 0 = empty board).
        earlier_board: usize,
    },
    /// The resulting placement order and locked boundary were already reached in play.
    RepeatedHistory {
        /// Number of actions after which that pair was reached (0 = the start).
        earlier_action: usize,
    },
    /// Lock needs a placement, and nothing has been placed yet (the start of a game).
    NothingPlaced,
    /// Lock needs an unlocked placement, and every placement is already locked.
    FullyLocked {
        /// Length of the placement order, all of it locked.
        placements: usize,
    },
    /// The time move names a birth index outside the placement order.
    SourceOutOfRange {
        /// The index given.
        source: usize,
        /// Number of placements.
        placements: usize,
    },
    /// The placement at `source` is the opponent's.
    NotYourStone {
        /// The birth index.
        source: usize,
        /// Its point.
        point: Point,
    },
    /// The stone born at `source` is no longer on the board.
    StoneNotAlive {
        /// The birth index.
        source: usize,
        /// Its point.
        point: Point,
    },
    /// The birth is in the locked prefix.
    BirthLocked {
        /// The birth index.
        source: usize,
        /// Length of the locked prefix.
        locked: usize,
    },
    /// The birth is the first unlocked one, after locked placements: there is no earlier
    /// permitted gap.
    NoEarlierGap {
        /// The birth index.
        source: usize,
    },
    /// The birth is the game's first placement and nothing is locked: nothing precedes it.
    FirstPlacement {
        /// The birth index (0).
        source: usize,
    },
    /// No time move now: the player to move has no stone on the board.
    NoStoneOnBoard,
    /// No time move now: every stone of the player to move is in the locked prefix.
    AllStonesLocked {
        /// Length of the locked prefix.
        locked: usize,
    },
    /// The arrival gap is not within `locked <= target < source`.
    TargetOutOfRange {
        /// The birth index.
        source: usize,
        /// The gap given.
        target: usize,
        /// Length of the locked prefix.
        locked: usize,
    },
    /// At the arrival gap the point was occupied.
    ArrivalOccupied {
        /// The traveller's point.
        point: Point,
        /// The gap.
        target: usize,
    },
    /// At the arrival gap the traveller would have no liberty.
    ArrivalSuicide {
        /// The traveller's point.
        point: Point,
        /// The gap.
        target: usize,
    },
    /// The arrival recreates an earlier board of the unchanged prefix.
    ArrivalSuperko {
        /// The traveller's point.
        point: Point,
        /// The gap.
        target: usize,
        /// Index of the identical earlier board.
        earlier_board: usize,
    },
}

impl Rejection {
    /// A sentence for players, naming points by coordinates on a board of `size` (or by
    /// index when `size` is 0) and placements by their 1-based numbers, as the interface
    /// shows them.
    pub fn message(&self, size: u8) -> String {
        let at = |p: &Point| {
            if size == 0 {
                format!("point {p}")
            } else {
                point_name(*p, size)
            }
        };
        match self {
            Rejection::GameEnded => "The game has ended after two consecutive passes.".into(),
            Rejection::ActionLimit { limit } => format!(
                "This line has reached the limit of {limit} actions; export it and start another game."
            ),
            Rejection::NotYourTurn { expected, found } => {
                format!("It is {expected}'s turn, not {found}'s.")
            }
            Rejection::OffBoard { point } => format!("Point {point} is not on the board."),
            Rejection::Occupied { point } => format!("{} is occupied.", at(point)),
            Rejection::Suicide { point } => format!(
                "A stone at {} would have no liberty after captures (suicide).",
                at(point)
            ),
            Rejection::Superko { point, earlier_board } => format!(
                "A stone at {} would recreate {} of the placement order (superko).",
                at(point),
                board_name(*earlier_board)
            ),
            Rejection::RepeatedHistory { earlier_action } => format!(
                "This would repeat the placement order and locked boundary reached {}.",
                if *earlier_action == 0 {
                    "at the start of the game".to_string()
                } else {
                    format!("after action {earlier_action}")
                }
            ),
            Rejection::NothingPlaced => {
                "Nothing has been placed yet; Lock protects placements, so it needs at least one."
                    .into()
            }
            Rejection::FullyLocked { .. } => {
                "Every placement is already locked; Lock needs a new placement.".into()
            }
            Rejection::SourceOutOfRange { source, placements } => format!(
                "There is no placement {}: {}.",
                source.saturating_add(1),
                match placements {
                    0 => "nothing has been placed yet".to_string(),
                    1 => "the order has 1 placement".to_string(),
                    n => format!("the order has {n} placements"),
                }
            ),
            Rejection::NotYourStone { source, point } => format!(
                "Placement {} ({}) is not your stone.",
                source.saturating_add(1),
                at(point)
            ),
            Rejection::StoneNotAlive { source, point } => format!(
                "The stone of placement {} ({}) is no longer on the board.",
                source.saturating_add(1),
                at(point)
            ),
            Rejection::BirthLocked { source, locked } => format!(
                "Placement {} is locked ({}).",
                source.saturating_add(1),
                if *locked == 1 {
                    "the first placement is protected".to_string()
                } else {
                    format!("the first {locked} placements are protected")
                }
            ),
            Rejection::NoEarlierGap { source } => format!(
                "Placement {} is the first unlocked placement; it has no earlier gap.",
                source.saturating_add(1)
            ),
            Rejection::FirstPlacement { source } => format!(
                "Placement {} is the first placement of the game; nothing comes before it.",
                source.saturating_add(1)
            ),
            Rejection::NoStoneOnBoard => "You have no stone on the board.".into(),
            Rejection::AllStonesLocked { .. } => "Every stone of yours on the board is locked.".into(),
            Rejection::TargetOutOfRange {
                source,
                target,
                locked,
            } => format!(
                "Placement {} can only move before {}, not before {}.",
                source.saturating_add(1),
                if locked.saturating_add(1) == *source {
                    format!("placement {source}")
                } else {
                    format!("placements {} to {source}", locked.saturating_add(1))
                },
                target.saturating_add(1)
            ),
            Rejection::ArrivalOccupied { point, target } => format!(
                "{} was occupied before placement {}; the stone cannot arrive there.",
                at(point),
                target.saturating_add(1)
            ),
            Rejection::ArrivalSuicide { point, target } => format!(
                "Arriving at {} before placement {} would be suicide.",
                at(point),
                target.saturating_add(1)
            ),
            Rejection::ArrivalSuperko {
                point,
                target,
                earlier_board,
            } => format!(
                "Arriving at {} before placement {} would recreate {} (superko).",
                at(point),
                target.saturating_add(1),
                board_name(*earlier_board)
            ),
        }
    }
}

fn board_name(index: usize) -> String {
    if index == 0 {
        "the empty starting board".into()
    } else {
        format!("the board after placement {index}")
    }
}

/// Without a board size, points are written as their indices.
impl std::fmt::Display for Rejection {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message(0))
    }
}

impl std::error::Error for Rejection {}

/// Why a replayed placement was permanently omitted from the new placement order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Cancellation {
    /// Its point was occupied when its turn in the replay came.
    Occupied,
    /// It would have had no liberty after captures.
    Suicide,
    /// It would have recreated an earlier board of the new order.
    Superko {
        /// Index of the identical earlier board in the new order.
        earlier_board: usize,
    },
}

impl std::fmt::Display for Cancellation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Cancellation::Occupied => f.write_str("its point was occupied"),
            Cancellation::Suicide => f.write_str("it would have been suicide"),
            Cancellation::Superko { earlier_board } => {
                write!(f, "it would have recreated {}", board_name(*earlier_board))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn indices_from_a_hostile_record_are_explained_without_overflow() {
        let message = Rejection::TargetOutOfRange {
            source: usize::MAX,
            target: usize::MAX,
            locked: usize::MAX,
        }
        .message(5);
        assert!(message.contains(&usize::MAX.to_string()), "{message}");
    }
}
