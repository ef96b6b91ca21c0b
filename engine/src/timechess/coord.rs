//! Positions in space-time and moves between them, with the dissertation's notation
//! (section 3.2.3): a position is `c6t1` (file, rank, `t`, turn) and a move concatenates
//! two positions, `c6t1e8t1`.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// Width and height of every layer.
pub const BOARD: i32 = 8;

/// Largest turn number the notation accepts; far above any game the turn limit allows,
/// it only keeps arithmetic on parsed turns away from overflow.
pub const MAX_NOTATION_TURN: u32 = 1_000_000;

/// A square of one layer, `0..64`, numbered `rank * 8 + file` from a1.
pub type Square = u8;

/// One position of the space-time stack: a square of the layer of one turn.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(type = "string"))]
pub struct Pos {
    /// Turn (layer) number, from 0 for white's first move.
    pub turn: u32,
    /// Rank, 0 for rank 1 up to 7 for rank 8.
    pub rank: u8,
    /// File, 0 for file a up to 7 for file h.
    pub file: u8,
}

impl Pos {
    /// The position of `square` in the layer of `turn`.
    pub fn new(square: Square, turn: u32) -> Pos {
        Pos {
            turn,
            rank: square / 8,
            file: square % 8,
        }
    }

    /// The square of this position within its layer.
    pub fn square(self) -> Square {
        self.rank * 8 + self.file
    }
}

/// Why a piece of notation was not understood.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NotationError {
    /// The text does not have the shape `<file><rank>t<turn>`.
    #[error("'{0}' is not a position like c6t1")]
    BadPosition(String),
    /// The text is not two positions in a row.
    #[error("'{0}' is not a move like c6t1e8t1")]
    BadMove(String),
}

impl FromStr for Pos {
    type Err = NotationError;

    fn from_str(text: &str) -> Result<Pos, NotationError> {
        let bad = || NotationError::BadPosition(crate::strict::excerpt(text));
        let bytes = text.as_bytes();
        if bytes.len() < 4 || bytes.len() > 10 || bytes[2] != b't' {
            return Err(bad());
        }
        let file = bytes[0].wrapping_sub(b'a');
        let rank = bytes[1].wrapping_sub(b'1');
        if file >= 8 || rank >= 8 {
            return Err(bad());
        }
        let digits = &text[3..];
        // Canonical numbers only, so that every position has exactly one spelling.
        if !digits.bytes().all(|b| b.is_ascii_digit())
            || (digits.len() > 1 && digits.starts_with('0'))
        {
            return Err(bad());
        }
        let turn: u32 = digits.parse().map_err(|_| bad())?;
        if turn > MAX_NOTATION_TURN {
            return Err(bad());
        }
        Ok(Pos { turn, rank, file })
    }
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}t{}",
            (b'a' + self.file) as char,
            (b'1' + self.rank) as char,
            self.turn
        )
    }
}

impl Serialize for Pos {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Pos {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Pos, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// A move: the piece at `from` (always in the present layer) goes to `to`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(type = "string"))]
pub struct Move {
    /// Where the moving piece stands, in the present.
    pub from: Pos,
    /// Where it goes, in the present, the past or the future.
    pub to: Pos,
}

impl FromStr for Move {
    type Err = NotationError;

    fn from_str(text: &str) -> Result<Move, NotationError> {
        let bad = || NotationError::BadMove(crate::strict::excerpt(text));
        // The second position starts at the first letter after the first 't' and its digits.
        let split = text
            .char_indices()
            .skip(3)
            .find(|(_, c)| c.is_ascii_lowercase())
            .map(|(i, _)| i)
            .ok_or_else(bad)?;
        let from = text[..split].parse().map_err(|_| bad())?;
        let to = text[split..].parse().map_err(|_| bad())?;
        Ok(Move { from, to })
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)
    }
}

impl Serialize for Move {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Move {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Move, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_round_trips_and_rejects_non_canonical_text() {
        let p: Pos = "c6t1".parse().unwrap();
        assert_eq!((p.file, p.rank, p.turn), (2, 5, 1));
        assert_eq!(p.to_string(), "c6t1");
        let m: Move = "c6t12e8t1".parse().unwrap();
        assert_eq!(m.to_string(), "c6t12e8t1");
        for bad in [
            "", "c6", "c6t", "i1t0", "a9t0", "a0t0", "a1t01", "a1t-1", "A1t0", "a1t1x",
        ] {
            assert!(bad.parse::<Pos>().is_err(), "{bad}");
        }
        for bad in ["c6t1", "c6t1e8", "c6t1e8t1x", "c6t1 e8t1"] {
            assert!(bad.parse::<Move>().is_err(), "{bad}");
        }
    }
}
