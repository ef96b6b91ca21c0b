//! One layer of the space-time stack: the board of one turn, with occupancy masks by side
//! and by kind so that blocking, emptiness and attack tests are bit operations.

use super::coord::Square;
use super::piece::{Color, Kind, Piece};
use super::zobrist::{layer_pieces, piece_key};

/// The occupancy of one layer as bit masks (bit `square`): by side and by kind. Check
/// detection reads these, and can read a copy edited for a move not yet applied.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub(crate) struct Masks {
    /// Squares holding a piece.
    pub occupied: u64,
    /// Squares holding a white piece.
    pub white: u64,
    /// Squares holding each kind of piece, indexed by `Kind as usize`.
    pub kinds: [u64; 6],
}

impl Masks {
    /// Adds a piece of `color` and `kind` on the squares of `bit`.
    pub fn put(&mut self, bit: u64, color: Color, kind: Kind) {
        self.occupied |= bit;
        self.kinds[kind as usize] |= bit;
        if color == Color::White {
            self.white |= bit;
        }
    }

    /// Removes a piece of `kind` from the squares of `bit`.
    pub fn remove(&mut self, bit: u64, kind: Kind) {
        self.occupied &= !bit;
        self.white &= !bit;
        self.kinds[kind as usize] &= !bit;
    }

    /// The squares holding a piece of `color`.
    pub fn side(&self, color: Color) -> u64 {
        match color {
            Color::White => self.white,
            Color::Black => self.occupied & !self.white,
        }
    }

    /// The squares holding a piece of `color` and `kind`.
    pub fn of(&self, color: Color, kind: Kind) -> u64 {
        self.kinds[kind as usize] & self.side(color)
    }
}

/// The board of one turn.
#[derive(Clone, Debug)]
pub struct Layer {
    cells: [Option<Piece>; 64],
    /// Kept in step with `cells`, so that emptiness and attack tests are bit operations.
    masks: Masks,
    /// The XOR of the pieces' hash keys, kept in step with `cells` (`zobrist.rs`) except
    /// in the layers a search has not yet hashed (`Game::settle_hash`).
    hash: u64,
}

/// Layers are equal when their pieces are: the masks follow from them, and the hash may
/// not have been computed yet.
impl PartialEq for Layer {
    fn eq(&self, other: &Layer) -> bool {
        self.cells == other.cells
    }
}

impl Eq for Layer {}

impl Layer {
    /// A layer with no pieces.
    pub fn empty() -> Layer {
        Layer {
            cells: [None; 64],
            masks: Masks::default(),
            hash: 0,
        }
    }

    /// The piece on `square`, if any.
    pub fn get(&self, square: Square) -> Option<Piece> {
        self.cells[square as usize]
    }

    /// Whether `square` holds no piece.
    pub fn is_empty(&self, square: Square) -> bool {
        self.masks.occupied & (1u64 << square) == 0
    }

    /// Puts `piece` (or nothing) on `square`, returning what was there.
    pub fn set(&mut self, square: Square, piece: Option<Piece>) -> Option<Piece> {
        let old = self.set_unhashed(square, piece);
        if let Some(old) = old {
            self.hash ^= piece_key(square, old);
        }
        if let Some(piece) = piece {
            self.hash ^= piece_key(square, piece);
        }
        old
    }

    /// `set` without keeping the hash, in a layer not hashed yet.
    pub(crate) fn set_unhashed(&mut self, square: Square, piece: Option<Piece>) -> Option<Piece> {
        let old = std::mem::replace(&mut self.cells[square as usize], piece);
        let bit = 1u64 << square;
        if let Some(old) = old {
            self.masks.remove(bit, old.kind);
        }
        if let Some(piece) = piece {
            self.masks.put(bit, piece.color, piece.kind);
        }
        old
    }

    /// The XOR of the hash keys of the layer's pieces (if the layer is hashed).
    pub(crate) fn hash(&self) -> u64 {
        self.hash
    }

    /// Computes the hash from the pieces.
    pub(crate) fn rehash(&mut self) {
        self.hash = layer_pieces(self);
    }

    /// The occupancy masks.
    pub(crate) fn masks(&self) -> &Masks {
        &self.masks
    }

    /// The squares holding a piece of `color` and `kind`.
    pub(crate) fn of(&self, color: Color, kind: Kind) -> u64 {
        self.masks.of(color, kind)
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
        let mut mask = self.masks.occupied;
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

    /// The next turn's starting board: the same pieces, each one turn older, not hashed
    /// yet (`Game::settle_hash` hashes it when a hash is asked for).
    pub(crate) fn aged(&self) -> Layer {
        let mut next = self.clone();
        let mut mask = next.masks.occupied;
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
