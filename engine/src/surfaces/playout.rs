//! Uniform random playouts on any graph, for benchmarks and future opponents: each turn
//! the player to move places on a uniformly chosen legal point that does not fill one of
//! its own eyes (an empty point whose neighbours are all its own stones), or passes when
//! there is none; two consecutive passes end the playout. Full positional superko is
//! enforced with a set of the 64-bit Zobrist hashes of every coloring of the playout.

use std::collections::HashSet;
use std::hash::{BuildHasherDefault, Hasher};

use super::Point;
use crate::go::{Board, Color, Graph};
pub use crate::rng::SplitMix64;

/// The playouts' generator under its earlier name: the shared [`SplitMix64`], whose
/// multiply-shift [`SplitMix64::below`] is the reduction the playouts always used.
pub type SplitMix = SplitMix64;

/// Zobrist hashes are already uniformly mixed: hashing them again is wasted work.
#[derive(Default)]
struct PassThrough(u64);

impl Hasher for PassThrough {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 << 8) | u64::from(b);
        }
    }

    fn write_u64(&mut self, value: u64) {
        self.0 = value;
    }
}

/// What one playout did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PlayoutStats {
    /// Stones placed.
    pub placements: u64,
    /// Passes, including the final two.
    pub passes: u64,
    /// Area of the final board: (black, white).
    pub area: (u32, u32),
}

/// Reusable buffers for playouts on one graph.
pub struct Playouts<'g> {
    graph: &'g Graph,
    empty_board: Board,
    board: Board,
    seen: HashSet<u64, BuildHasherDefault<PassThrough>>,
    empties: Vec<Point>,
    slot: Vec<usize>,
    captured: Vec<Point>,
}

impl<'g> Playouts<'g> {
    /// Buffers for playouts on `graph`.
    pub fn new(graph: &'g Graph) -> Playouts<'g> {
        let board = Board::new(graph);
        Playouts {
            graph,
            empty_board: board.clone(),
            board,
            seen: HashSet::with_capacity_and_hasher(4096, BuildHasherDefault::default()),
            empties: Vec::with_capacity(graph.len()),
            slot: vec![0; graph.len()],
            captured: Vec::with_capacity(graph.len()),
        }
    }

    /// The board at the end of the last playout.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Plays one random game from the empty board to two consecutive passes.
    pub fn run(&mut self, rng: &mut SplitMix) -> PlayoutStats {
        self.board.clone_from(&self.empty_board);
        self.seen.clear();
        self.seen.insert(self.board.hash());
        self.empties.clear();
        for p in 0..self.graph.len() {
            self.slot[p] = p;
            self.empties.push(p as Point);
        }
        let mut stats = PlayoutStats::default();
        let mut color = Color::Black;
        let mut consecutive_passes = 0;
        while consecutive_passes < 2 {
            if self.place_random(color, rng) {
                stats.placements += 1;
                consecutive_passes = 0;
            } else {
                stats.passes += 1;
                consecutive_passes += 1;
            }
            color = color.opposite();
        }
        stats.area = self.board.area(self.graph);
        stats
    }

    /// Tries empty points in uniformly random order without repetition; plays the first
    /// legal non-eye-filling one. False if there is none (the player passes).
    fn place_random(&mut self, color: Color, rng: &mut SplitMix) -> bool {
        let mut untried = self.empties.len();
        while untried > 0 {
            let k = rng.below(untried);
            untried -= 1;
            self.swap_empties(k, untried);
            let p = self.empties[untried];
            if self.fills_own_eye(p, color) {
                continue;
            }
            self.captured.clear();
            let seen = &mut self.seen;
            // Superko: the set refuses a coloring it already holds, and records a new one.
            let played = self
                .board
                .play_if(self.graph, p, color, &mut self.captured, |preview| {
                    seen.insert(preview.hash)
                });
            if !matches!(played, Ok(Some(_))) {
                continue;
            }
            self.remove_empty(p);
            for i in 0..self.captured.len() {
                let q = self.captured[i];
                self.slot[usize::from(q)] = self.empties.len();
                self.empties.push(q);
            }
            return true;
        }
        false
    }

    fn fills_own_eye(&self, p: Point, color: Color) -> bool {
        let own = color.cell();
        let cells = self.board.colors();
        self.graph
            .neighbors(p)
            .iter()
            .all(|&q| cells[usize::from(q)] == own)
    }

    fn swap_empties(&mut self, a: usize, b: usize) {
        if a != b {
            self.empties.swap(a, b);
            self.slot[usize::from(self.empties[a])] = a;
            self.slot[usize::from(self.empties[b])] = b;
        }
    }

    fn remove_empty(&mut self, p: Point) {
        let at = self.slot[usize::from(p)];
        let last = self.empties.len() - 1;
        self.swap_empties(at, last);
        self.empties.pop();
    }
}
