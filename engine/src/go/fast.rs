//! A board for playouts and tree search: fixed-width neighbour rows padded with an edge
//! sentinel, chains as circular stone lists with pseudo-liberties, and a position set for
//! positional superko that can be rolled back.
//!
//! Pseudo-liberties count every (stone, empty neighbour) pair, so a placement only adds
//! and subtracts and never deduplicates. A chain is in atari exactly when all its pairs
//! name the same point; with count `n`, sum `s` and sum of squares `q` of those points that
//! is `n · q = s²` (Cauchy–Schwarz holds with equality only for equal values), which is
//! all the legality test needs. The rules are those of [`super::Board`]: no suicide,
//! captures of the opposing chains left without liberties, Zobrist hashes of the coloring.

use super::{zobrist, Board, Color, Graph, Point};

/// Neighbour slots per point: every graph of the app has degree at most four.
pub const MAX_DEGREE: usize = 4;

/// The size of every per-point array: graphs may have up to `CAPACITY - 1` points (the
/// last slot is the sentinel). Indices are masked with `CAPACITY - 1`, which the compiler
/// knows is in range, so the hot loops carry no bounds checks and no `unsafe`.
pub const CAPACITY: usize = 512;

/// The cell value of the sentinel point past the last real point.
const EDGE: u8 = 3;

#[inline(always)]
fn ix(p: Point) -> usize {
    p as usize & (CAPACITY - 1)
}

/// Why a graph has no fast board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FastGraphError {
    /// A point has more neighbours than a row holds.
    #[error("point {point} has {degree} neighbours; fast boards support at most {MAX_DEGREE}")]
    DegreeTooHigh {
        /// The first point with too many neighbours.
        point: Point,
        /// Its degree.
        degree: usize,
    },
    /// The graph has more points than the arrays hold.
    #[error("{points} points is more than the {max} a fast board supports", max = CAPACITY - 1)]
    TooManyPoints {
        /// Number of points of the graph.
        points: usize,
    },
}

/// A graph's neighbour rows and Zobrist keys, computed once and shared by its boards.
#[derive(Clone, Debug)]
pub struct FastGraph {
    len: usize,
    rows: Box<[[Point; MAX_DEGREE]; CAPACITY]>,
    keys: Box<[[u64; 2]; CAPACITY]>,
}

impl FastGraph {
    /// The rows of `graph`, each padded with the sentinel index `graph.len()`.
    pub fn new(graph: &Graph) -> Result<FastGraph, FastGraphError> {
        let n = graph.len();
        if n >= CAPACITY {
            return Err(FastGraphError::TooManyPoints { points: n });
        }
        let edge = n as Point;
        let mut rows = Box::new([[edge; MAX_DEGREE]; CAPACITY]);
        let mut keys = Box::new([[0; 2]; CAPACITY]);
        for p in 0..n {
            let list = graph.neighbors(p as Point);
            if list.len() > MAX_DEGREE {
                return Err(FastGraphError::DegreeTooHigh {
                    point: p as Point,
                    degree: list.len(),
                });
            }
            rows[p][..list.len()].copy_from_slice(list);
            keys[p] = [
                zobrist::key(p as Point, Color::Black),
                zobrist::key(p as Point, Color::White),
            ];
        }
        Ok(FastGraph { len: n, rows, keys })
    }

    /// Number of real points.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Always false: a graph has at least one point.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The neighbour row of `p`; slots past its degree hold the sentinel `len()`.
    #[inline(always)]
    pub fn row(&self, p: Point) -> &[Point; MAX_DEGREE] {
        &self.rows[ix(p)]
    }

    /// The Zobrist key of a stone of `color` on `p` (as [`zobrist::key`]).
    #[inline(always)]
    pub fn key(&self, p: Point, color: Color) -> u64 {
        self.keys[ix(p)][color.index() & 1]
    }
}

/// Per-chain data, valid at the chain's head.
#[derive(Clone, Copy, Debug, Default)]
struct ChainData {
    libs: u32,
    size: u32,
    // At most 4 · 511 pairs of indices below 512: sums of indices and of their squares
    // fit in 32 bits.
    sum: u32,
    squares: u32,
    hash: u64,
}

/// A coloring with chains, pseudo-liberties, Zobrist hash and the list of empty points.
/// Operations take the [`FastGraph`] the board was made for.
#[derive(Clone, Debug)]
pub struct FastBoard {
    len: usize,
    cells: Box<[u8; CAPACITY]>,
    head: Box<[Point; CAPACITY]>,
    next: Box<[Point; CAPACITY]>,
    chains: Box<[ChainData; CAPACITY]>,
    empties: Box<[Point; CAPACITY]>,
    empty_count: usize,
    slot: Box<[Point; CAPACITY]>,
    hash: u64,
    counts: [u32; 2],
}

impl FastBoard {
    /// The empty board.
    pub fn new(graph: &FastGraph) -> FastBoard {
        let n = graph.len();
        let mut cells = Box::new([EDGE; CAPACITY]);
        cells[..n].fill(0);
        let identity: Box<[Point; CAPACITY]> = Box::new(std::array::from_fn(|p| p as Point));
        FastBoard {
            len: n,
            cells,
            head: identity.clone(),
            next: identity.clone(),
            chains: Box::new([ChainData::default(); CAPACITY]),
            empties: identity.clone(),
            empty_count: n,
            slot: identity,
            hash: 0,
            counts: [0, 0],
        }
    }

    /// The same coloring as `board` (which must belong to the graph `graph` was made
    /// from); chains without liberties are kept as they are.
    pub fn from_board(graph: &FastGraph, board: &Board) -> FastBoard {
        let mut fast = FastBoard::new(graph);
        fast.empty_count = 0;
        for (p, &cell) in board.colors().iter().enumerate() {
            let p = p as Point;
            match Color::from_cell(cell) {
                None => fast.push_empty(p),
                Some(color) => {
                    fast.set_stone(graph, p, color);
                }
            }
        }
        debug_assert_eq!(fast.hash, board.hash());
        fast
    }

    /// Copies `source` (a board of the same graph) into `self`: only the used prefix of
    /// each array, so a search can restart from its root cheaply.
    pub fn copy_from(&mut self, source: &FastBoard) {
        let n = source.len + 1;
        self.len = source.len;
        self.cells[..n].copy_from_slice(&source.cells[..n]);
        self.head[..n].copy_from_slice(&source.head[..n]);
        self.next[..n].copy_from_slice(&source.next[..n]);
        self.chains[..n].copy_from_slice(&source.chains[..n]);
        self.slot[..n].copy_from_slice(&source.slot[..n]);
        let e = source.empty_count;
        self.empties[..e].copy_from_slice(&source.empties[..e]);
        self.empty_count = e;
        self.hash = source.hash;
        self.counts = source.counts;
    }

    /// The cell values of the real points (`0` empty, `1` black, `2` white).
    pub fn colors(&self) -> &[u8] {
        &self.cells[..self.len]
    }

    /// The Zobrist hash of the coloring, equal to [`Board::hash`] of the same coloring.
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The empty points, in an order that changes as the board does.
    #[inline]
    pub fn empties(&self) -> &[Point] {
        &self.empties[..self.empty_count]
    }

    /// Number of empty points.
    #[inline]
    pub fn empty_count(&self) -> usize {
        self.empty_count
    }

    /// The empty point at position `k` of the list (`k < empty_count()`).
    #[inline(always)]
    pub fn empty_at(&self, k: usize) -> Point {
        self.empties[k & (CAPACITY - 1)]
    }

    /// Number of stones of `color`.
    pub fn stone_count(&self, color: Color) -> u32 {
        self.counts[color.index()]
    }

    /// The cell value at `p` (`3` for the sentinel).
    #[inline]
    pub fn cell(&self, p: Point) -> u8 {
        self.cells[ix(p)]
    }

    /// True if every neighbour of the empty point `p` is a stone of `color`: placing
    /// there would fill one of its own eyes.
    #[inline]
    pub fn fills_own_eye(&self, graph: &FastGraph, p: Point, color: Color) -> bool {
        let own = color.cell();
        graph
            .row(p)
            .iter()
            .all(|&q| matches!(self.cells[ix(q)], c if c == own || c == EDGE))
    }

    /// True if the chain through the stone at `p` has exactly one liberty.
    #[inline]
    pub fn in_atari(&self, p: Point) -> bool {
        self.atari_at_head(self.head[ix(p)])
    }

    /// The only liberty of the chain through the stone at `p`, if it has exactly one.
    pub fn atari_liberty(&self, p: Point) -> Option<Point> {
        let c = &self.chains[ix(self.head[ix(p)])];
        self.atari_at_head(self.head[ix(p)])
            .then(|| (c.sum / c.libs) as Point)
    }

    /// Number of stones in the chain through the stone at `p`.
    pub fn chain_size(&self, p: Point) -> u32 {
        self.chains[ix(self.head[ix(p)])].size
    }

    #[inline]
    fn atari_at_head(&self, h: Point) -> bool {
        let c = &self.chains[ix(h)];
        // A single liberty touches at most MAX_DEGREE stones, so atari has few pairs.
        (1..=MAX_DEGREE as u32).contains(&c.libs)
            && u64::from(c.libs) * u64::from(c.squares) == u64::from(c.sum) * u64::from(c.sum)
    }

    /// If `color` may place on the empty point `p` (not suicide after captures), the hash
    /// of the coloring afterwards; `None` for suicide. Superko is the caller's test.
    #[inline]
    pub fn check(&self, graph: &FastGraph, p: Point, color: Color) -> Option<u64> {
        let own = color.cell();
        let mut hash = self.hash ^ graph.key(p, color);
        let mut liberty = false;
        let mut taken = [Point::MAX; MAX_DEGREE];
        let mut taken_count = 0;
        for &q in graph.row(p) {
            let cell = self.cells[ix(q)];
            if cell == 0 {
                liberty = true;
            } else if cell == EDGE {
                continue;
            } else {
                let h = self.head[ix(q)];
                let atari = self.atari_at_head(h);
                if cell == own {
                    // An adjacent chain in atari has its last liberty at `p`.
                    liberty |= !atari;
                } else if atari && !taken[..taken_count].contains(&h) {
                    taken[taken_count] = h;
                    taken_count += 1;
                    hash ^= self.chains[ix(h)].hash;
                    liberty = true;
                }
            }
        }
        liberty.then_some(hash)
    }

    /// Places a stone of `color` on `p`, which [`FastBoard::check`] accepted on this
    /// board, and removes the captured chains; returns the number of captured stones.
    pub fn place(&mut self, graph: &FastGraph, p: Point, color: Color) -> u32 {
        self.remove_empty(p);
        if !self.set_stone(graph, p, color) {
            return 0;
        }
        let opp = color.opposite().cell();
        let mut captured = 0;
        for &q in graph.row(p) {
            if self.cells[ix(q)] == opp && self.chains[ix(self.head[ix(q)])].libs == 0 {
                captured += self.remove_chain(graph, q);
            }
        }
        captured
    }

    /// Sets a stone, joins it to its friendly neighbours and takes its point from every
    /// neighbouring chain's liberties; captures nothing. True if an opposing neighbour
    /// chain is left without liberties.
    fn set_stone(&mut self, graph: &FastGraph, p: Point, color: Color) -> bool {
        let own = color.cell();
        let key = graph.key(p, color);
        let at = ix(p);
        self.cells[at] = own;
        self.hash ^= key;
        self.counts[color.index()] += 1;
        self.head[at] = p;
        self.next[at] = p;
        let (pp, p2) = (u32::from(p), u32::from(p) * u32::from(p));
        let mut mine = ChainData {
            libs: 0,
            size: 1,
            sum: 0,
            squares: 0,
            hash: key,
        };
        // One pass over the row: liberties of the new stone, the point taken from every
        // neighbouring chain, and the friendly chains to join (by a stone of each, as
        // heads change while joining).
        let mut friends = [0; MAX_DEGREE];
        let mut friend_count = 0;
        let mut captures = false;
        for &q in graph.row(p) {
            match self.cells[ix(q)] {
                0 => {
                    let q = u32::from(q);
                    mine.libs += 1;
                    mine.sum += q;
                    mine.squares += q * q;
                }
                EDGE => {}
                cell => {
                    let c = &mut self.chains[ix(self.head[ix(q)])];
                    c.libs -= 1;
                    c.sum -= pp;
                    c.squares -= p2;
                    if cell == own {
                        friends[friend_count & (MAX_DEGREE - 1)] = q;
                        friend_count += 1;
                    } else {
                        captures |= c.libs == 0;
                    }
                }
            }
        }
        self.chains[at] = mine;
        for &q in &friends[..friend_count.min(MAX_DEGREE)] {
            let (a, b) = (self.head[ix(q)], self.head[at]);
            if a != b {
                self.merge(a, b);
            }
        }
        captures
    }

    /// Joins the chains headed by `a` and `b`; the larger keeps its head.
    fn merge(&mut self, a: Point, b: Point) {
        let (big, small) = if self.chains[ix(a)].size >= self.chains[ix(b)].size {
            (a, b)
        } else {
            (b, a)
        };
        let mut s = small;
        loop {
            self.head[ix(s)] = big;
            s = self.next[ix(s)];
            if s == small {
                break;
            }
        }
        let (bi, si) = (ix(big), ix(small));
        let t = self.next[bi];
        self.next[bi] = self.next[si];
        self.next[si] = t;
        let from = self.chains[ix(small)];
        let into = &mut self.chains[ix(big)];
        into.libs += from.libs;
        into.size += from.size;
        into.sum += from.sum;
        into.squares += from.squares;
        into.hash ^= from.hash;
    }

    /// Removes the chain through `start`; each removed stone becomes a liberty of every
    /// stone next to it.
    fn remove_chain(&mut self, graph: &FastGraph, start: Point) -> u32 {
        let h = self.head[ix(start)];
        let color = Color::from_cell(self.cells[ix(start)]).expect("a chain has a color");
        let size = self.chains[ix(h)].size;
        self.hash ^= self.chains[ix(h)].hash;
        self.counts[color.index()] -= size;
        let mut s = start;
        loop {
            self.cells[ix(s)] = 0;
            self.push_empty(s);
            s = self.next[ix(s)];
            if s == start {
                break;
            }
        }
        loop {
            let (sp, s2) = (u32::from(s), u32::from(s) * u32::from(s));
            for &r in graph.row(s) {
                if matches!(self.cells[ix(r)], 1 | 2) {
                    let c = &mut self.chains[ix(self.head[ix(r)])];
                    c.libs += 1;
                    c.sum += sp;
                    c.squares += s2;
                }
            }
            s = self.next[ix(s)];
            if s == start {
                break;
            }
        }
        size
    }

    /// Swaps two entries of the empty list, keeping the slots right.
    #[inline]
    pub fn swap_empties(&mut self, a: usize, b: usize) {
        let (a, b) = (a & (CAPACITY - 1), b & (CAPACITY - 1));
        let (pa, pb) = (self.empties[a], self.empties[b]);
        self.empties[a] = pb;
        self.empties[b] = pa;
        self.slot[ix(pb)] = a as Point;
        self.slot[ix(pa)] = b as Point;
    }

    #[inline]
    fn push_empty(&mut self, p: Point) {
        self.slot[ix(p)] = self.empty_count as Point;
        self.empties[self.empty_count & (CAPACITY - 1)] = p;
        self.empty_count += 1;
    }

    #[inline]
    fn remove_empty(&mut self, p: Point) {
        let at = self.slot[ix(p)] as usize;
        let last = self.empty_count - 1;
        self.swap_empties(at, last);
        self.empty_count = last;
    }

    /// Area counts `(black, white)`: stones plus empty regions touching only that color.
    /// `stack` and `seen` are scratch buffers.
    pub fn area(
        &self,
        graph: &FastGraph,
        stack: &mut Vec<Point>,
        seen: &mut Vec<bool>,
    ) -> (u32, u32) {
        let mut area = self.counts;
        seen.clear();
        seen.resize(CAPACITY, false);
        for &start in self.empties() {
            if seen[ix(start)] {
                continue;
            }
            seen[ix(start)] = true;
            stack.clear();
            stack.push(start);
            let mut size = 0;
            let mut touches = 0u8;
            while let Some(p) = stack.pop() {
                size += 1;
                for &q in graph.row(p) {
                    match self.cells[ix(q)] {
                        0 => {
                            if !seen[ix(q)] {
                                seen[ix(q)] = true;
                                stack.push(q);
                            }
                        }
                        EDGE => {}
                        cell => touches |= cell,
                    }
                }
            }
            match touches {
                1 => area[0] += size,
                2 => area[1] += size,
                _ => {}
            }
        }
        (area[0], area[1])
    }
}

/// A set of 64-bit position hashes (open addressing, linear probing) whose later
/// insertions can be undone: the superko memory of a playout or of a search path.
#[derive(Clone, Debug)]
pub struct PositionSet {
    table: Vec<u64>,
    order: Vec<u64>,
    has_zero: bool,
}

impl Default for PositionSet {
    fn default() -> PositionSet {
        PositionSet::new()
    }
}

impl PositionSet {
    /// An empty set.
    pub fn new() -> PositionSet {
        PositionSet {
            table: vec![0; 1024],
            order: Vec::with_capacity(512),
            has_zero: false,
        }
    }

    /// Number of hashes held.
    pub fn len(&self) -> usize {
        self.order.len()
    }

    /// True if no hash is held.
    pub fn is_empty(&self) -> bool {
        self.order.is_empty()
    }

    #[inline]
    fn home(&self, hash: u64) -> usize {
        // Zobrist hashes are uniform: their top bits are a fine index.
        (hash >> 40) as usize & (self.table.len() - 1)
    }

    /// True if `hash` is held.
    #[inline]
    pub fn contains(&self, hash: u64) -> bool {
        if hash == 0 {
            return self.has_zero;
        }
        let mask = self.table.len() - 1;
        let mut i = self.home(hash);
        loop {
            match self.table[i] {
                0 => return false,
                h if h == hash => return true,
                _ => i = (i + 1) & mask,
            }
        }
    }

    /// Adds `hash`; false (and nothing changes) if it was already held.
    #[inline]
    pub fn insert(&mut self, hash: u64) -> bool {
        if hash == 0 {
            if self.has_zero {
                return false;
            }
            self.has_zero = true;
            self.order.push(0);
            return true;
        }
        if 2 * (self.order.len() + 1) > self.table.len() {
            self.grow();
        }
        let mask = self.table.len() - 1;
        let mut i = self.home(hash);
        loop {
            match self.table[i] {
                0 => break,
                h if h == hash => return false,
                _ => i = (i + 1) & mask,
            }
        }
        self.table[i] = hash;
        self.order.push(hash);
        true
    }

    fn grow(&mut self) {
        let order = std::mem::take(&mut self.order);
        self.table = vec![0; self.table.len() * 2];
        self.has_zero = false;
        for hash in order {
            self.insert(hash);
        }
    }

    /// Removes every hash inserted after the set held `len` of them, newest first (so
    /// linear probing stays exact: no older entry ever probed past a newer one).
    pub fn truncate(&mut self, len: usize) {
        while self.order.len() > len {
            let hash = self.order.pop().expect("longer than len");
            if hash == 0 {
                self.has_zero = false;
                continue;
            }
            let mask = self.table.len() - 1;
            let mut i = self.home(hash);
            while self.table[i] != hash {
                i = (i + 1) & mask;
            }
            self.table[i] = 0;
        }
    }

    /// Removes every hash.
    pub fn clear(&mut self) {
        self.truncate(0);
    }
}
