//! Colours, kinds of piece, and one instance of a piece in one layer.

use serde::{Deserialize, Serialize};

/// A side. White moves at even turns, black at odd turns.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize, PartialOrd, Ord)]
#[serde(rename_all = "lowercase")]
// TimeGo has a type of the same name in the app's TypeScript bindings.
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "ChessColor"))]
pub enum Color {
    /// Moves first, at turn 0.
    White,
    /// Moves second, at turn 1.
    Black,
}

impl Color {
    /// The other side.
    pub fn opponent(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// The side that moves at `turn`.
    pub fn to_move_at(turn: u32) -> Color {
        if turn.is_multiple_of(2) {
            Color::White
        } else {
            Color::Black
        }
    }

    /// TCECP's one-letter name, `w` or `b`.
    pub fn letter(self) -> &'static str {
        match self {
            Color::White => "w",
            Color::Black => "b",
        }
    }

    /// The direction a pawn of this side advances in rank.
    pub fn forward(self) -> i32 {
        match self {
            Color::White => 1,
            Color::Black => -1,
        }
    }
}

/// The six kinds of piece.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize, PartialOrd, Ord)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Kind {
    /// Pawn.
    Pawn,
    /// Knight.
    Knight,
    /// Bishop.
    Bishop,
    /// Rook.
    Rook,
    /// Queen.
    Queen,
    /// King.
    King,
}

impl Kind {
    /// Every kind, pawn to king.
    pub const ALL: [Kind; 6] = [
        Kind::Pawn,
        Kind::Knight,
        Kind::Bishop,
        Kind::Rook,
        Kind::Queen,
        Kind::King,
    ];

    /// TCECP's one-letter name: `p n b r q k`.
    pub fn letter(self) -> &'static str {
        match self {
            Kind::Pawn => "p",
            Kind::Knight => "n",
            Kind::Bishop => "b",
            Kind::Rook => "r",
            Kind::Queen => "q",
            Kind::King => "k",
        }
    }
}

/// Identifies one in-game piece across every layer (section 4.2.2.3): the 32 pieces of the
/// starting position are numbered 0..32 and promotion keeps the number.
pub type Lineage = u8;

/// Number of lineages; no piece is ever created after the start.
pub const LINEAGES: usize = 32;

/// One instance of a piece in one layer.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Piece {
    /// Which in-game piece this is an instance of.
    pub lineage: Lineage,
    /// Its side.
    pub color: Color,
    /// Its kind (a promoted pawn is a queen of the pawn's lineage).
    pub kind: Kind,
    /// Turns of the piece's own life lived so far: grows by one per layer and per time
    /// jump, so that among a lineage's instances a later one in its own life is older.
    pub age: u16,
    /// Whether the piece has ever moved (a pawn's double step needs it not to have).
    pub moved: bool,
}
