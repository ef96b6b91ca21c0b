//! A TimeGo board as two bit masks (one bit per point, at most 32 points), for the probe
//! replay: chains, liberties and captures become a few shifts and masks instead of the
//! graph board's chain bookkeeping. The graph board of the Go core stays the reference;
//! both apply exactly the same rules (occupied, capture of every opposing chain left
//! without liberties, suicide after captures), which the tests compare placement by
//! placement.

use super::types::Placement;

/// Shifting masks of a square board of at most 5 × 5 points, numbered row by row.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Square {
    size: u32,
    /// Every point of the board.
    all: u32,
    /// Points not in the first column: where a shift towards higher columns may land.
    not_first_column: u32,
    /// Points not in the last column: where a shift towards lower columns may land.
    not_last_column: u32,
}

impl Square {
    /// The masks of a `size` × `size` board (`size * size <= 32`).
    pub(crate) fn new(size: u8) -> Square {
        let size = size as u32;
        assert!(size * size <= 32, "a bit board holds at most 32 points");
        let mut square = Square {
            size,
            all: 0,
            not_first_column: 0,
            not_last_column: 0,
        };
        for point in 0..size * size {
            let bit = 1u32 << point;
            square.all |= bit;
            if point % size != 0 {
                square.not_first_column |= bit;
            }
            if point % size != size - 1 {
                square.not_last_column |= bit;
            }
        }
        square
    }

    /// Every point adjacent to some point of `mask` (possibly inside `mask`).
    #[inline]
    fn neighbors(&self, mask: u32) -> u32 {
        (((mask << 1) & self.not_first_column)
            | ((mask >> 1) & self.not_last_column)
            | (mask << self.size)
            | (mask >> self.size))
            & self.all
    }

    /// The chain of `stones` containing `seed` if it has no liberty in `empty`; `None`
    /// as soon as the growing chain touches an empty point.
    #[inline]
    fn dead_chain(&self, seed: u32, stones: u32, empty: u32) -> Option<u32> {
        let mut chain = seed;
        loop {
            let around = self.neighbors(chain);
            if around & empty != 0 {
                return None;
            }
            let grown = chain | (around & stones);
            if grown == chain {
                return Some(chain);
            }
            chain = grown;
        }
    }
}

/// Why a placement cannot stand on a bit board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Illegal {
    /// The point holds a stone.
    Occupied,
    /// After removing the opposing chains it captures, the new chain has no liberty.
    Suicide,
}

/// The stones of a board: `stones[color.index()]` holds one bit per stone of that colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Stones([u32; 2]);

impl Stones {
    /// The board of an exact key (two bits per point, the cell value; see
    /// `chronology::stone_bits`).
    #[inline]
    pub(crate) fn from_key(key: u64) -> Stones {
        Stones([compact(key), compact(key >> 1)])
    }

    /// The cell values (`0` empty, `1` black, `2` white) of the first `len` points.
    #[cfg(test)]
    pub(crate) fn cells(&self, len: usize) -> Vec<u8> {
        (0..len)
            .map(|p| (self.0[0] >> p & 1) as u8 | ((self.0[1] >> p & 1) as u8) << 1)
            .collect()
    }

    /// Plays `placement`; the stones afterwards and the mask of the stones it captured.
    #[inline]
    pub(crate) fn play(
        self,
        square: &Square,
        placement: Placement,
    ) -> Result<(Stones, u32), Illegal> {
        let stone = 1u32 << placement.point as u32;
        let mine = placement.player.index();
        let own = self.0[mine] | stone;
        let opposing = self.0[1 - mine];
        if (self.0[mine] | opposing) & stone != 0 {
            return Err(Illegal::Occupied);
        }
        let empty = square.all & !(own | opposing);
        let around = square.neighbors(stone);
        let mut captured = 0;
        let mut attackers = around & opposing;
        while attackers != 0 {
            let seed = attackers & attackers.wrapping_neg();
            attackers &= !seed;
            if let Some(chain) = square.dead_chain(seed, opposing, empty) {
                captured |= chain;
                attackers &= !chain;
            }
        }
        // A capture always frees a neighbour of the new stone.
        if captured == 0 && around & empty == 0 && square.dead_chain(stone, own, empty).is_some() {
            return Err(Illegal::Suicide);
        }
        let mut after = [0; 2];
        after[mine] = own;
        after[1 - mine] = opposing & !captured;
        Ok((Stones(after), captured))
    }
}

/// Clears the two key bits of every point in `captured` (a mask of points).
#[inline]
pub(crate) fn key_without(key: u64, captured: u32) -> u64 {
    key & !(spread(captured) * 3)
}

/// Bit `p` of `mask` moved to bit `2p`.
#[inline]
fn spread(mask: u32) -> u64 {
    let mut x = mask as u64;
    x = (x | x << 16) & 0x0000_FFFF_0000_FFFF;
    x = (x | x << 8) & 0x00FF_00FF_00FF_00FF;
    x = (x | x << 4) & 0x0F0F_0F0F_0F0F_0F0F;
    x = (x | x << 2) & 0x3333_3333_3333_3333;
    (x | x << 1) & 0x5555_5555_5555_5555
}

/// Bit `2p` of `key` moved to bit `p` (the inverse of [`spread`]).
#[inline]
fn compact(key: u64) -> u32 {
    let mut x = key & 0x5555_5555_5555_5555;
    x = (x | x >> 1) & 0x3333_3333_3333_3333;
    x = (x | x >> 2) & 0x0F0F_0F0F_0F0F_0F0F;
    x = (x | x >> 4) & 0x00FF_00FF_00FF_00FF;
    x = (x | x >> 8) & 0x0000_FFFF_0000_FFFF;
    ((x | x >> 16) & 0xFFFF_FFFF) as u32
}

/// The points of a mask, lowest first.
#[cfg(test)]
pub(crate) fn points(mut mask: u32) -> Vec<crate::go::Point> {
    let mut points = Vec::new();
    while mask != 0 {
        points.push(mask.trailing_zeros() as crate::go::Point);
        mask &= mask - 1;
    }
    points
}
