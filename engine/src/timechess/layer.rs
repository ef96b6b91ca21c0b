//! One layer of the space-time stack: the board of one turn, with occupancy masks by side
//! and by kind so that blocking, emptiness and attack tests are bit operations.

use super::coord::Square;
use super::piece::{Color, Kind, Piece};

/// The board of one turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layer {
    cells: [Option<Piece>; 64],
    occupied: u64,
    /// Squares holding a white piece.
    white: u64,
    /// Squares holding each kind of piece (indexed by `Kind as usize`), so that check
    /// detection finds king instances and attackers without a scan.
    kinds: [u64; 6],
}

impl Layer {
    /// A layer with no pieces.
    pub fn empty() -> Layer {
        Layer {
            cells: [None; 64],
            occupied: 0,
            white: 0,
            kinds: [0; 6],
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
        if let Some(old) = old {
            self.occupied &= !bit;
            self.white &= !bit;
            self.kinds[old.kind as usize] &= !bit;
        }
        if let Some(piece) = piece {
            self.occupied |= bit;
            self.kinds[piece.kind as usize] |= bit;
            if piece.color == Color::White {
                self.white |= bit;
            }
        }
        old
    }

    /// The occupied squares.
    pub(crate) fn occupied(&self) -> u64 {
        self.occupied
    }

    /// The squares holding a piece of `color`.
    pub(crate) fn side(&self, color: Color) -> u64 {
        match color {
            Color::White => self.white,
            Color::Black => self.occupied & !self.white,
        }
    }

    /// The squares holding a piece of `color` and `kind`.
    pub(crate) fn of(&self, color: Color, kind: Kind) -> u64 {
        self.kinds[kind as usize] & self.side(color)
    }

    /// The squares of `color`'s king instances (more than one when a braindead copy of the
    /// king stands in this layer beside its younger self).
    pub fn king_squares(&self, color: Color) -> impl Iterator<Item = Square> {
        let mut mask = self.of(color, Kind::King);
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
