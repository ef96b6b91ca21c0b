//! The vocabulary of the rules `graph-area-no-suicide-psk-v1`: actions, rejections, area
//! scores with half-point komi, and results.

use serde::{Deserialize, Serialize};

use super::geometry::Surface;
use super::Point;
use crate::go::Color;

/// The rules identifier used in records.
pub const RULES_ID: &str = "graph-area-no-suicide-psk-v1";

/// One turn: place a stone, pass, or resign (always by the player to move).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "SurfaceAction"))]
#[serde(tag = "type", rename_all = "lowercase", try_from = "RawAction")]
pub enum Action {
    /// Place a stone of the player to move at a point.
    Place {
        /// The canonical point index.
        at: Point,
    },
    /// Pass; two consecutive passes end the game.
    Pass,
    /// Resign; the player to move loses.
    Resign,
}

/// The wire form of an action, read strictly: unknown keys, a missing `at` on a
/// placement and an `at` on a pass or resignation are all errors.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawAction {
    #[serde(rename = "type")]
    kind: String,
    at: Option<Point>,
}

impl TryFrom<RawAction> for Action {
    type Error = String;

    fn try_from(raw: RawAction) -> Result<Action, String> {
        match (raw.kind.as_str(), raw.at) {
            ("place", Some(at)) => Ok(Action::Place { at }),
            ("place", None) => Err("a place action needs `at`".into()),
            ("pass", None) => Ok(Action::Pass),
            ("resign", None) => Ok(Action::Resign),
            ("pass" | "resign", Some(_)) => Err(format!("a {} action has no `at`", raw.kind)),
            (other, _) => Err(format!(
                "unknown action type `{other}` (expected place, pass or resign)"
            )),
        }
    }
}

/// Why an action was rejected. The state is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "SurfaceRejection"))]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Rejection {
    /// The index is not a point of this board.
    #[error("point {point} is not on this board")]
    OffBoard {
        /// The offending index.
        point: usize,
    },
    /// A stone already stands there.
    #[error("point {point} is occupied")]
    Occupied {
        /// The point.
        point: Point,
    },
    /// After captures the new stone's chain would have no liberty.
    #[error("a stone at {point} would have no liberty: suicide is prohibited")]
    Suicide {
        /// The point.
        point: Point,
    },
    /// The resulting coloring occurred earlier (positional superko).
    #[error(
        "placing at {point} repeats the board coloring number {earlier_index} of this history \
         (the position after {after_actions} actions): positional superko"
    )]
    Superko {
        /// The point.
        point: Point,
        /// Index of the identical coloring in the history (0 is the starting coloring).
        earlier_index: usize,
        /// Number of actions that had been played when that coloring arose.
        after_actions: usize,
    },
    /// The game or study branch has ended.
    #[error("the game has ended")]
    Ended,
}

pub use crate::go::Area;

/// Who won, or a draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "SurfaceWinner"))]
#[serde(rename_all = "lowercase")]
pub enum Winner {
    /// Black won.
    Black,
    /// White won.
    White,
    /// An exact tie.
    Draw,
}

impl From<Color> for Winner {
    fn from(color: Color) -> Winner {
        match color {
            Color::Black => Winner::Black,
            Color::White => Winner::White,
        }
    }
}

/// How a game or study branch ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "SurfaceEndReason"))]
#[serde(rename_all = "lowercase")]
pub enum EndReason {
    /// Two consecutive passes; the board was scored.
    Score,
    /// The player to move resigned.
    Resignation,
}

/// The area score of a board with komi, in exact half points.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "SurfaceScore"))]
pub struct Score {
    /// Area counts without komi.
    pub area: Area,
    /// White's komi in half points.
    pub komi_half_points: i32,
    /// Black's score in half points (twice the area).
    pub black_half_points: i32,
    /// White's score in half points (twice the area plus komi).
    pub white_half_points: i32,
    /// `2(A_B - A_W) - komiHalfPoints`: positive means Black is ahead.
    pub difference_half_points: i32,
    /// Who is ahead on this board (the winner if both players finish now).
    pub leader: Winner,
}

impl Score {
    /// Scores `area` with White's komi `komi_half_points`.
    pub fn new(area: Area, komi_half_points: i32) -> Score {
        // Areas are at most the 162 points and komi at most 324 half points: no overflow.
        let black_half_points = 2 * area.black as i32;
        let white_half_points = 2 * area.white as i32 + komi_half_points;
        let difference_half_points = black_half_points - white_half_points;
        let leader = match difference_half_points {
            d if d > 0 => Winner::Black,
            d if d < 0 => Winner::White,
            _ => Winner::Draw,
        };
        Score {
            area,
            komi_half_points,
            black_half_points,
            white_half_points,
            difference_half_points,
            leader,
        }
    }
}

/// The terminal result of a game or study branch.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "SurfaceOutcome"))]
pub struct Outcome {
    /// The winner (after resignation: the other player).
    pub winner: Winner,
    /// Two passes or resignation.
    pub reason: EndReason,
    /// The area score of the final board.
    pub score: Score,
}

/// Why a komi is not accepted.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "SurfaceKomiError"))]
#[error(
    "komi {} (komiHalfPoints {komi_half_points}) is not allowed: komi runs from minus to plus the board's point count, {points} points, in half-point steps (komiHalfPoints -{limit} to {limit})",
    crate::strict::number(*.komi_half_points as f64 / 2.0)
)]
pub struct KomiError {
    /// The komi given, in half points.
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub komi_half_points: i64,
    /// The limit in half points (twice the point count).
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub limit: i64,
    /// The board's point count.
    pub points: usize,
}

/// Accepts komi from minus to plus the board's point count, in half points.
pub fn check_komi(surface: Surface, komi_half_points: i64) -> Result<i32, KomiError> {
    let limit = 2 * surface.points() as i64;
    if komi_half_points.abs() > limit {
        return Err(KomiError {
            komi_half_points,
            limit,
            points: surface.points(),
        });
    }
    Ok(komi_half_points as i32)
}

/// The default komi: White receives half a point.
pub const DEFAULT_KOMI_HALF_POINTS: i32 = 1;
