//! One layer of the space-time stack: the board of one turn, with an occupancy mask so
//! that blocking and emptiness tests are single bit operations.

use super::coord::Square;
use super::piece::{Color, Kind, Piece};

/// The board of one turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layer {
    cells: [Option<Piece>; 64],
    occupied: u64,
    /// Squares holding a king, so check detection finds king instances without a scan.
    kings: u64,
    /// Squares holding a white piece.
    white: u64,
}

impl Layer {
    /// A layer with no pieces.
    pub fn empty() -> Layer {
        Layer {
            cells: [None; 64],
            occupied: 0,
            kings: 0,
            white: 0,
        }
    }

    /// The piece on `square`, if any.
    pub fn get(&self, square: Square) -> Option<Piece> {
        self.cells[square as usize]
    }

    /// Whether `square` holds no piece.
    pub fn is_empty(&self, square: Square) -> bool {
        self.occupied & (1u64 << square) == 0
    }

    /// Puts `piece` (or nothing) on `square`, returning what was there.
    pub fn set(&mut self, square: Square, piece: Option<Piece>) -> Option<Piece> {
        let old = std::mem::replace(&mut self.cells[square as usize], piece);
        let bit = 1u64 << square;
        self.occupied &= !bit;
        self.kings &= !bit;
        self.white &= !bit;
        if let Some(piece) = piece {
            self.occupied |= bit;
            if piece.kind == Kind::King {
                self.kings |= bit;
            }
            if piece.color == Color::White {
                self.white |= bit;
            }
        }
        old
    }

    /// The squares of `color`'s king instances (more than one when a braindead copy of the
    /// king stands in this layer beside its younger self).
    pub fn king_squares(&self, color: Color) -> impl Iterator<Item = Square> {
        let mut mask = match color {
            Color::White => self.kings & self.white,
            Color::Black => self.kings & !self.white,
        };
        std::iter::from_fn(move || {
            if mask == 0 {
                return None;
            }
            let square = mask.trailing_zeros() as Square;
            mask &= mask - 1;
            Some(square)
        })
    }

    /// The occupied squares with their pieces, from a1 upward.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        let mut mask = self.occupied;
        std::iter::from_fn(move || {
            if mask == 0 {
                return None;
            }
            let square = mask.trailing_zeros() as Square;
            mask &= mask - 1;
            self.cells[square as usize].map(|piece| (square, piece))
        })
    }

    /// The pieces of one side.
    pub fn pieces_of(&self, color: Color) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.pieces().filter(move |(_, piece)| piece.color == color)
    }

    /// The next turn's starting board: the same pieces, each one turn older.
    pub fn aged(&self) -> Layer {
        let mut next = self.clone();
        let mut mask = next.occupied;
        while mask != 0 {
            let square = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            if let Some(piece) = next.cells[square].as_mut() {
                piece.age += 1;
            }
        }
        next
    }
}
