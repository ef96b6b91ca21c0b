//! Value types shared by the TimeGo engine, its records and the app bridge.

use crate::go::{Color, Point};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// Smallest supported board size.
pub const MIN_SIZE: u8 = 2;
/// Largest supported board size.
pub const MAX_SIZE: u8 = 5;
/// Largest number of actual actions in one line (an application limit, not a rule).
pub const ACTION_LIMIT: usize = 1024;
/// Largest imported JSON document in bytes (2 MiB).
pub const DOCUMENT_LIMIT: usize = 2 * 1024 * 1024;

/// One entry of the placement order `H`: a stone of `player`'s color at `point`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct Placement {
    /// Color of the stone (the record calls it `player`).
    #[serde(deserialize_with = "crate::strict::name")]
    pub player: Color,
    /// Intersection, `row * size + column` from A1.
    pub point: Point,
}

/// One actual action with the player who takes it, as written in records:
/// `{"player":"black","type":"place","point":12}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(tag = "type", rename_all = "snake_case"))]
pub enum Action {
    /// Place a stone on an empty point and append it to `H`.
    Place {
        /// Who acts.
        player: Color,
        /// Where the stone goes.
        point: Point,
    },
    /// Move the birth at index `source` of `H` to the gap before index `target`.
    Time {
        /// Who acts.
        player: Color,
        /// Current birth index of the traveller (0-based).
        source: usize,
        /// Arrival gap: the traveller is inserted before the placement now at `target`.
        target: usize,
    },
    /// Lock the whole current placement order.
    Lock {
        /// Who acts.
        player: Color,
    },
    /// Pass the turn.
    Pass {
        /// Who acts.
        player: Color,
    },
}

impl Action {
    /// The player taking the action.
    pub fn player(&self) -> Color {
        match *self {
            Action::Place { player, .. }
            | Action::Time { player, .. }
            | Action::Lock { player }
            | Action::Pass { player } => player,
        }
    }

    /// The record name of the action type (`place`, `time`, `lock`, `pass`).
    pub fn type_name(&self) -> &'static str {
        match self {
            Action::Place { .. } => "place",
            Action::Time { .. } => "time",
            Action::Lock { .. } => "lock",
            Action::Pass { .. } => "pass",
        }
    }

    /// Sort key of `timego legal`: places by point, then time moves by (source, target),
    /// then lock, then pass.
    pub fn listing_order(&self) -> (u8, usize, usize) {
        match *self {
            Action::Place { point, .. } => (0, point as usize, 0),
            Action::Time { source, target, .. } => (1, source, target),
            Action::Lock { .. } => (2, 0, 0),
            Action::Pass { .. } => (3, 0, 0),
        }
    }
}

// Written by hand so that `player` comes first, as in the record examples.
impl Serialize for Action {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let fields = match self {
            Action::Place { .. } => 3,
            Action::Time { .. } => 4,
            _ => 2,
        };
        let mut map = serializer.serialize_map(Some(fields))?;
        map.serialize_entry("player", &self.player())?;
        map.serialize_entry("type", self.type_name())?;
        match *self {
            Action::Place { point, .. } => map.serialize_entry("point", &point)?,
            Action::Time { source, target, .. } => {
                map.serialize_entry("source", &source)?;
                map.serialize_entry("target", &target)?;
            }
            Action::Lock { .. } | Action::Pass { .. } => {}
        }
        map.end()
    }
}

/// The flat shape of an action in JSON, read directly (no buffering) and then checked so
/// that each type carries exactly its own fields.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawAction {
    #[serde(deserialize_with = "crate::strict::name")]
    player: Color,
    #[serde(rename = "type", deserialize_with = "crate::strict::name")]
    kind: ActionType,
    point: Option<Point>,
    source: Option<usize>,
    target: Option<usize>,
}

#[derive(Deserialize)]
#[serde(rename_all = "snake_case")]
enum ActionType {
    Place,
    Time,
    Lock,
    Pass,
}

impl<'de> Deserialize<'de> for Action {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Action, D::Error> {
        use serde::de::Error;
        let raw = RawAction::deserialize(deserializer)?;
        let player = raw.player;
        let fields = (raw.point, raw.source, raw.target);
        match (raw.kind, fields) {
            (ActionType::Place, (Some(point), None, None)) => Ok(Action::Place { player, point }),
            (ActionType::Place, (None, _, _)) => Err(D::Error::missing_field("point")),
            (ActionType::Place, _) => Err(D::Error::custom(
                "a place action has only the fields `player`, `type` and `point`",
            )),
            (ActionType::Time, (None, Some(source), Some(target))) => Ok(Action::Time {
                player,
                source,
                target,
            }),
            (ActionType::Time, (_, None, _)) => Err(D::Error::missing_field("source")),
            (ActionType::Time, (_, _, None)) => Err(D::Error::missing_field("target")),
            (ActionType::Time, _) => Err(D::Error::custom(
                "a time action has only the fields `player`, `type`, `source` and `target`",
            )),
            (ActionType::Lock, (None, None, None)) => Ok(Action::Lock { player }),
            (ActionType::Pass, (None, None, None)) => Ok(Action::Pass { player }),
            (ActionType::Lock | ActionType::Pass, _) => Err(D::Error::custom(
                "lock and pass actions have only the fields `player` and `type`",
            )),
        }
    }
}

/// A score or komi in half points, written in JSON as a plain number (`6`, `6.5`, `-0.5`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct HalfPoints(pub i32);

impl HalfPoints {
    /// The value as a float (exact: every half point is representable).
    pub fn value(self) -> f64 {
        self.0 as f64 / 2.0
    }

    /// Whole points.
    pub fn whole(points: u32) -> HalfPoints {
        HalfPoints(points as i32 * 2)
    }

    /// The number `value` if it is a multiple of 0.5 within `limit` in absolute value.
    pub fn from_value(value: f64, limit: u32) -> Option<HalfPoints> {
        let doubled = value * 2.0;
        (doubled.is_finite() && doubled.fract() == 0.0 && value.abs() <= limit as f64)
            .then_some(HalfPoints(doubled as i32))
    }
}

impl std::fmt::Display for HalfPoints {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.0 % 2 == 0 {
            write!(f, "{}", self.0 / 2)
        } else {
            write!(f, "{}", self.value())
        }
    }
}

impl Serialize for HalfPoints {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        if self.0 % 2 == 0 {
            serializer.serialize_i64(self.0 as i64 / 2)
        } else {
            serializer.serialize_f64(self.value())
        }
    }
}

impl<'de> Deserialize<'de> for HalfPoints {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<HalfPoints, D::Error> {
        let value = f64::deserialize(deserializer)?;
        HalfPoints::from_value(value, i32::MAX as u32 / 4)
            .ok_or_else(|| serde::de::Error::custom(format!("{value} is not a multiple of 0.5")))
    }
}

/// Who won a finished game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Winner {
    /// Black has the larger score.
    Black,
    /// White (with komi) has the larger score.
    White,
    /// Equal scores.
    Draw,
}

/// The result of a finished game as recorded: `{"winner":"white","black":12,"white":13}`,
/// where `white` includes komi.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct GameResult {
    /// The winner or a draw.
    #[serde(deserialize_with = "crate::strict::name")]
    pub winner: Winner,
    /// Black's area.
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub black: HalfPoints,
    /// White's area plus komi.
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub white: HalfPoints,
}

pub use crate::go::Area;

/// The score of the actual board: area, komi and the outcome they give.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Score {
    /// Area counts without komi.
    pub area: Area,
    /// Komi added to White.
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub komi: HalfPoints,
    /// Totals and winner if the game ended now.
    pub result: GameResult,
}

impl Score {
    /// Scores `area` with `komi` added to White.
    pub fn new(area: Area, komi: HalfPoints) -> Score {
        let black = HalfPoints::whole(area.black);
        let white = HalfPoints(HalfPoints::whole(area.white).0 + komi.0);
        let winner = match black.cmp(&white) {
            std::cmp::Ordering::Greater => Winner::Black,
            std::cmp::Ordering::Less => Winner::White,
            std::cmp::Ordering::Equal => Winner::Draw,
        };
        Score {
            area,
            komi,
            result: GameResult {
                winner,
                black,
                white,
            },
        }
    }
}

/// The name of a point as shown to players: column letter then row number, `A1` bottom left.
pub fn point_name(point: Point, size: u8) -> String {
    crate::go::layout::square_point_name(point, size)
}
