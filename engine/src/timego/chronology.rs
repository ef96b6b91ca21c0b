//! The current placement order `H` with the cached chronological boards it produces from
//! the empty board, their exact keys, rolling history hashes and each point's latest birth.
//! Caching the boards of every prefix is what lets a time move replay only from its
//! arrival gap.

use super::key_index::KeyIndex;
use super::types::Placement;
use crate::go::zobrist::mix;
use crate::go::{Board, Graph, Point};

const NO_BIRTH: u32 = u32::MAX;
const HISTORY_SEED: u64 = 0x5449_4D45_474F_4831; // "TIMEGOH1"

/// The exact key of a coloring of at most 32 points: two bits per point holding the cell
/// value. Unlike a hash it cannot collide, so superko decisions are exact.
#[inline]
pub(crate) fn stone_bits(placement: Placement) -> u64 {
    (placement.player.cell() as u64) << (2 * placement.point as u32)
}

/// The exact key after `placement` was played and `captured` removed.
#[inline]
pub(crate) fn key_after(key: u64, placement: Placement, captured: &[Point]) -> u64 {
    captured
        .iter()
        .fold(key | stone_bits(placement), |key, &s| {
            key & !(3u64 << (2 * s as u32))
        })
}

/// The exact key of a board given as cell values.
#[cfg(test)]
pub(crate) fn key_of(cells: &[u8]) -> u64 {
    cells
        .iter()
        .enumerate()
        .fold(0, |key, (p, &cell)| key | (cell as u64) << (2 * p))
}

/// Rolling hash of a placement order extended by one placement.
#[inline]
pub(crate) fn history_step(hash: u64, placement: Placement) -> u64 {
    // One multiply per placement: a hit is always confirmed by comparing the orders, so
    // the hash only has to spread orders, not resist adversaries.
    let code = ((placement.point as u64) << 1 | placement.player.index() as u64) + 1;
    (hash.rotate_left(29) ^ code).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// Hash of a (placement order, locked boundary) pair from the order's rolling hash.
#[inline]
pub(crate) fn pair_hash(history: u64, locked: usize) -> u64 {
    mix(history ^ (locked as u64 + 1).wrapping_mul(0xD6E8_FEB8_6659_FD93))
}

/// `H` and everything derived from it.
#[derive(Clone, Debug)]
pub(crate) struct Chronology {
    pub(crate) graph: Graph,
    pub(crate) placements: Vec<Placement>,
    /// `boards[k]` is the board after the first `k` placements.
    pub(crate) boards: Vec<Board>,
    /// Exact keys of `boards`.
    pub(crate) keys: Vec<u64>,
    /// Exact key to board index; the boards of a chronology are all distinct. Entries of
    /// boards dropped by a time move may linger: a lookup is valid only if `keys` agrees.
    pub(crate) index: KeyIndex,
    /// Boards dropped by time moves, kept to reuse their storage.
    spare: Vec<Board>,
    /// `history[k]` is the rolling hash of the first `k` placements.
    pub(crate) history: Vec<u64>,
    /// Per point, the index of the latest placement there (the birth of a stone standing
    /// on it, if one does).
    births: Vec<u32>,
}

impl Chronology {
    /// The empty order on `graph`.
    pub(crate) fn new(graph: Graph) -> Chronology {
        let board = Board::new(&graph);
        let mut index = KeyIndex::default();
        index.insert(0, 0);
        Chronology {
            births: vec![NO_BIRTH; graph.len()],
            graph,
            placements: Vec::new(),
            boards: vec![board],
            keys: vec![0],
            index,
            spare: Vec::new(),
            history: vec![HISTORY_SEED],
        }
    }

    /// Number of placements.
    pub(crate) fn len(&self) -> usize {
        self.placements.len()
    }

    /// The present board.
    pub(crate) fn present(&self) -> &Board {
        self.boards.last().expect("the empty board is always there")
    }

    /// The present board's exact key.
    pub(crate) fn present_key(&self) -> u64 {
        *self.keys.last().expect("the empty board is always there")
    }

    /// The rolling hash of the whole order.
    pub(crate) fn history_hash(&self) -> u64 {
        *self.history.last().expect("the empty order has a hash")
    }

    /// Index of the board with exact key `key` among the first `upto + 1` boards.
    #[inline]
    pub(crate) fn board_within(&self, key: u64, upto: usize) -> Option<usize> {
        self.index
            .get(key)
            .map(|k| k as usize)
            .filter(|&k| k <= upto && self.keys.get(k) == Some(&key))
    }

    /// The birth index of the stone standing on `point`, if one does.
    pub(crate) fn birth_at(&self, point: Point) -> Option<usize> {
        self.present().color_at(point)?;
        Some(self.births[point as usize] as usize)
    }

    /// True if the placement at `index` is the birth of a stone on the present board.
    pub(crate) fn is_alive(&self, index: usize) -> bool {
        let placement = self.placements[index];
        self.present().color_at(placement.point) == Some(placement.player)
            && self.births[placement.point as usize] as usize == index
    }

    /// A board to overwrite, reusing the storage of a dropped one when there is one.
    pub(crate) fn take_spare(&mut self) -> Board {
        self.spare.pop().unwrap_or_else(|| self.boards[0].clone())
    }

    /// Appends a placement whose resulting board (and its key) the caller computed.
    pub(crate) fn push(&mut self, placement: Placement, board: Board, key: u64) {
        let hash = history_step(self.history_hash(), placement);
        self.births[placement.point as usize] = self.placements.len() as u32;
        self.placements.push(placement);
        self.index.set(key, self.boards.len() as u32);
        self.boards.push(board);
        self.keys.push(key);
        self.history.push(hash);
    }

    /// Replaces everything from gap `target` on by `suffix`, taking over the boards and keys
    /// a checked replay produced (`boards[k]` after `suffix[k]`); the replaced boards go back
    /// to the caller's buffers so their storage is reused.
    pub(crate) fn install(
        &mut self,
        target: usize,
        suffix: &[Placement],
        boards: &mut [Board],
        keys: &[u64],
    ) {
        self.placements.truncate(target);
        self.keys.truncate(target + 1);
        self.history.truncate(target + 1);
        for (k, &placement) in suffix.iter().enumerate() {
            let at = target + 1 + k;
            if at < self.boards.len() {
                std::mem::swap(&mut self.boards[at], &mut boards[k]);
            } else {
                self.boards.push(boards[k].clone());
            }
            self.keys.push(keys[k]);
            self.history
                .push(history_step(self.history[at - 1], placement));
            self.placements.push(placement);
        }
        let keep = target + 1 + suffix.len();
        while self.boards.len() > keep {
            let dropped = self.boards.pop().expect("longer than kept");
            self.spare.push(dropped);
        }
        // Lingering entries of dropped boards cost probe length; rebuild when they dominate.
        if self.index.len() > 4 * self.keys.len() + 64 {
            self.index.clear();
            for (k, &key) in self.keys.iter().enumerate() {
                self.index.set(key, k as u32);
            }
        } else {
            for (k, &key) in self.keys.iter().enumerate().skip(target + 1) {
                self.index.set(key, k as u32);
            }
        }
        self.births.iter_mut().for_each(|birth| *birth = NO_BIRTH);
        for (k, placement) in self.placements.iter().enumerate() {
            self.births[placement.point as usize] = k as u32;
        }
    }
}
