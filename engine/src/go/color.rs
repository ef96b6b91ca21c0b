//! Stone colors and point indices.

use serde::{Deserialize, Serialize};

/// Index of a point of a graph (`row * size + column` on square boards).
pub type Point = u16;

/// The color of a stone or player. Cell values are `0` empty, `1` black, `2` white.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "lowercase")]
pub enum Color {
    /// Black moves first.
    Black,
    /// White moves second.
    White,
}

impl Color {
    /// The other color.
    pub const fn opposite(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// The cell value of a stone of this color (`1` black, `2` white).
    pub const fn cell(self) -> u8 {
        match self {
            Color::Black => 1,
            Color::White => 2,
        }
    }

    /// The color stored in a cell value, `None` for empty or invalid values.
    pub const fn from_cell(cell: u8) -> Option<Color> {
        match cell {
            1 => Some(Color::Black),
            2 => Some(Color::White),
            _ => None,
        }
    }

    /// 0 for black, 1 for white: an index into per-color arrays.
    pub const fn index(self) -> usize {
        match self {
            Color::Black => 0,
            Color::White => 1,
        }
    }

    /// The lowercase English name used in records and messages.
    pub const fn name(self) -> &'static str {
        match self {
            Color::Black => "black",
            Color::White => "white",
        }
    }
}

impl std::fmt::Display for Color {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}
