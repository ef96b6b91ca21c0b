//! One layer of the space-time stack: the board of one turn, with an occupancy mask so
//! that blocking and emptiness tests are single bit operations.

use super::coord::Square;
use super::piece::{Color, Piece};

/// The board of one turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layer {
    cells: [Option<Piece>; 64],
    occupied: u64,
}

impl Layer {
    /// A layer with no pieces.
    pub fn empty() -> Layer {
        Layer {
            cells: [None; 64],
            occupied: 0,
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
        if piece.is_some() {
            self.occupied |= 1u64 << square;
        } else {
            self.occupied &= !(1u64 << square);
        }
        old
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
