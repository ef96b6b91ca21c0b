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

/// The size of every per-point array: graphs may have up to `CAPACITY - 2` points (the
/// slot after the last point is the sentinel, and the last slot is [`SPARE`]). Indices are masked with `CAPACITY - 1`, which the compiler
/// knows is in range, so the hot loops carry no bounds checks and no `unsafe`.
pub const CAPACITY: usize = 512;

/// The cell value of the sentinel point past the last real point.
const EDGE: u8 = 3;

/// The chain slot every empty point and the sentinel point to as their head, so a
/// placement updates its neighbours' chains without a branch per neighbour: whatever
/// it collects is never read (only stones' heads are).
const SPARE: Point = (CAPACITY - 1) as Point;

/// Bits per field of a point's neighbour counts ([`FastBoard`]'s `around`): empty
/// neighbours in the lowest field, then black, then white (shift `FIELD · cell`).
const FIELD: u32 = 4;
const FIELD_MASK: u16 = (1 << FIELD) - 1;

/// A chain's pseudo-liberties packed in one word: count in the top bits, sum of the
/// liberties' indices in the middle, sum of their squares at the bottom, so adding or
/// taking one (stone, liberty) pair, or joining two chains, is one addition. At most
/// 4 · 511 pairs of indices below 511: the count fits 15 bits, the sum 20 bits
/// (≤ 1,042,440) and the squares 29 bits (≤ 531,644,400), so no field carries into
/// the next.
const COUNT_SHIFT: u32 = 49;
const SUM_SHIFT: u32 = 29;
const SUM_MASK: u64 = (1 << 20) - 1;
const SQUARES_MASK: u64 = (1 << SUM_SHIFT) - 1;

/// The packed pseudo-liberty word of one pair whose liberty is `p`.
#[inline(always)]
fn pair(p: Point) -> u64 {
    let q = u64::from(p);
    (1 << COUNT_SHIFT) | (q << SUM_SHIFT) | (q * q)
}

/// The change of a neighbour's counts when a stone of `cell` (1 or 2) fills a point
/// next to it: one empty neighbour less, one of `cell` more (wrapping: the sentinel's
/// counts are never read).
#[inline(always)]
fn filled(cell: u8) -> u16 {
    (1u16 << (FIELD * u32::from(cell))).wrapping_sub(1)
}

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
    #[error("{points} points is more than the {max} a fast board supports", max = CAPACITY - 2)]
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
        if n > CAPACITY - 2 {
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
    /// Pseudo-liberties, packed (see [`pair`]); zero exactly when there are none.
    libs: u64,
    size: u32,
    hash: u64,
}

impl ChainData {
    #[inline(always)]
    fn lib_count(&self) -> u64 {
        self.libs >> COUNT_SHIFT
    }

    #[inline(always)]
    fn lib_sum(&self) -> u64 {
        (self.libs >> SUM_SHIFT) & SUM_MASK
    }

    /// True if every pseudo-liberty is the same point: `n · q = s²`.
    #[inline(always)]
    fn in_atari(&self) -> bool {
        let n = self.lib_count();
        let s = self.lib_sum();
        // A single liberty touches at most MAX_DEGREE stones, so atari has few pairs.
        // The fields are masked, so the products never overflow (even for SPARE's data).
        (n.wrapping_sub(1) < MAX_DEGREE as u64) & (n * (self.libs & SQUARES_MASK) == s * s)
    }
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
    /// Per point, its neighbours by kind (see [`FIELD`]): the own-eye test and "has an
    /// empty neighbour" are one load each.
    around: Box<[u16; CAPACITY]>,
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
        let mut around = Box::new([0; CAPACITY]);
        for (p, count) in around.iter_mut().enumerate().take(n) {
            *count = graph
                .row(p as Point)
                .iter()
                .filter(|&&q| usize::from(q) < n)
                .count() as u16;
        }
        FastBoard {
            len: n,
            cells,
            head: Box::new([SPARE; CAPACITY]),
            next: identity.clone(),
            chains: Box::new([ChainData::default(); CAPACITY]),
            empties: identity.clone(),
            empty_count: n,
            slot: identity,
            around,
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
        self.around[..n].copy_from_slice(&source.around[..n]);
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
    pub fn fills_own_eye(&self, _graph: &FastGraph, p: Point, color: Color) -> bool {
        // No empty neighbour and none of the other color.
        let others = FIELD_MASK | FIELD_MASK << (FIELD * u32::from(color.opposite().cell()));
        self.around[ix(p)] & others == 0
    }

    /// True if the empty point `p` has an empty neighbour: a stone placed there has a
    /// liberty, so it is never suicide.
    #[inline]
    pub fn touches_empty(&self, p: Point) -> bool {
        self.around[ix(p)] & FIELD_MASK != 0
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
            .then(|| (c.lib_sum() / c.lib_count()) as Point)
    }

    /// Number of stones in the chain through the stone at `p`.
    pub fn chain_size(&self, p: Point) -> u32 {
        self.chains[ix(self.head[ix(p)])].size
    }

    /// The stone after `p` in its chain's cycle of stones (`p` itself for a single stone),
    /// so a caller can walk a chain's stones without allocating.
    #[inline]
    pub fn next_in_chain(&self, p: Point) -> Point {
        self.next[ix(p)]
    }

    /// True if a stone of `color` on the empty point `p` (a legal placement) leaves its
    /// chain at least two liberties: the playouts' test that an escape from atari is not
    /// a new atari. Exact: the liberties after the placement are `p`'s empty neighbours,
    /// the liberties other than `p` of the friendly chains it joins (their pseudo-liberties
    /// without the pairs at `p` tell one single point, `n · q = s²`, from several), and
    /// the stones of the opposing chains it captures (its neighbours in atari) that touch
    /// `p` or one of the joined chains.
    pub fn keeps_two_liberties(&self, graph: &FastGraph, p: Point, color: Color) -> bool {
        let own = color.cell();
        let opp = own ^ 3;
        let mut first = None;
        // True once a second distinct liberty is known.
        let mut another = |x: Point| match first {
            None => {
                first = Some(x);
                false
            }
            Some(f) => f != x,
        };
        let mut joined = [SPARE; MAX_DEGREE];
        let mut captured = [SPARE; MAX_DEGREE];
        let row = graph.row(p);
        for (i, &q) in row.iter().enumerate() {
            let cell = self.cells[ix(q)];
            if cell == 0 {
                if another(q) {
                    return true;
                }
            } else if cell == opp && self.in_atari(q) {
                captured[i] = self.head[ix(q)];
                if another(q) {
                    return true;
                }
            } else if cell == own {
                let h = self.head[ix(q)];
                joined[i] = h;
                let at_p = row
                    .iter()
                    .filter(|&&r| self.cells[ix(r)] == own && self.head[ix(r)] == h)
                    .count() as u64;
                let data = ChainData {
                    libs: self.chains[ix(h)].libs.wrapping_sub(at_p * pair(p)),
                    ..self.chains[ix(h)]
                };
                let n = data.lib_count();
                if n == 0 {
                    continue;
                }
                if !data.in_atari() || another((data.lib_sum() / n) as Point) {
                    return true;
                }
            }
        }
        // A captured stone away from `p` is a liberty if it touches a joined chain.
        if joined.iter().all(|&h| h == SPARE) {
            return false;
        }
        for (i, &h) in captured.iter().enumerate() {
            if h == SPARE || captured[..i].contains(&h) {
                continue;
            }
            let start = row[i];
            let mut s = start;
            loop {
                let touches = graph
                    .row(s)
                    .iter()
                    .any(|&r| self.cells[ix(r)] == own && joined.contains(&self.head[ix(r)]));
                if touches && another(s) {
                    return true;
                }
                s = self.next[ix(s)];
                if s == start {
                    break;
                }
            }
        }
        false
    }

    #[inline]
    fn atari_at_head(&self, h: Point) -> bool {
        self.chains[ix(h)].in_atari()
    }

    /// True if `color` may place on the empty point `p`: not suicide after captures.
    /// Superko is the caller's test. Cheaper than [`FastBoard::check`] (no hash).
    #[inline]
    pub fn is_legal(&self, graph: &FastGraph, p: Point, color: Color) -> bool {
        // Most candidates have an empty neighbour: the loop only for the others.
        self.touches_empty(p) || self.lives_by_neighbours(graph, p, color)
    }

    /// True if a stone of `color` on `p` joins a chain with another liberty or captures
    /// a chain in atari (empty neighbours aside). Empty points and the edge are neither
    /// (their head SPARE is masked out); `&`, not `&&`, so no branch per neighbour.
    #[inline(always)]
    fn lives_by_neighbours(&self, graph: &FastGraph, p: Point, color: Color) -> bool {
        let own = color.cell();
        let mut lives = false;
        for &q in graph.row(p) {
            let cell = self.cells[ix(q)];
            let stone = cell.wrapping_sub(1) < 2;
            let atari = stone & self.atari_at_head(self.head[ix(q)]);
            lives |= (cell == own) != atari;
        }
        lives
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
        let taken = pair(p);
        let mut mine = ChainData {
            libs: 0,
            size: 1,
            hash: key,
        };
        // One pass over the row: liberties of the new stone, the point taken from every
        // neighbouring chain, and the friendly chains to join (by a stone of each, as
        // heads change while joining).
        // No branch per neighbour (their kinds are random in a playout): empty points
        // and the edge have the head SPARE, whose chain takes the subtraction unread.
        let mut friends = [0; MAX_DEGREE];
        let mut friend_count = 0;
        let mut captures = false;
        let fill = filled(own);
        let opp = own ^ 3;
        for &q in graph.row(p) {
            let qi = ix(q);
            self.around[qi] = self.around[qi].wrapping_add(fill);
            let cell = self.cells[qi];
            mine.libs += pair(q) & u64::from(cell == 0).wrapping_neg();
            let c = &mut self.chains[ix(self.head[qi])];
            c.libs = c.libs.wrapping_sub(taken);
            captures |= (cell == opp) & (c.libs == 0);
            friends[friend_count & (MAX_DEGREE - 1)] = q;
            friend_count += usize::from(cell == own);
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
        let fill = filled(color.cell());
        let mut s = start;
        loop {
            self.cells[ix(s)] = 0;
            self.head[ix(s)] = SPARE;
            self.push_empty(s);
            s = self.next[ix(s)];
            if s == start {
                break;
            }
        }
        loop {
            let freed = pair(s);
            for &r in graph.row(s) {
                // Removed stones, empty points and the edge have the head SPARE.
                self.around[ix(r)] = self.around[ix(r)].wrapping_sub(fill);
                let c = &mut self.chains[ix(self.head[ix(r)])];
                c.libs = c.libs.wrapping_add(freed);
            }
            s = self.next[ix(s)];
            if s == start {
                break;
            }
        }
        size
    }

    /// Swaps two entries of the empty list, keeping the slots right.
    #[inline(always)]
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
///
/// It also knows, per point, whether any held position has a stone there (when the
/// positions were inserted with their stones: [`PositionSet::insert_coloring`],
/// [`PositionSet::insert_placed`]). A placement on a point that no held position
/// occupies makes a position with a stone where none of them has one, so it cannot
/// repeat any of them: [`PositionSet::is_fresh`] lets the playouts skip the superko
/// probe for it.
#[derive(Clone, Debug)]
pub struct PositionSet {
    table: Vec<u64>,
    order: Vec<u64>,
    has_zero: bool,
    /// Per point, the lowest index in `order` of a position with a stone there, or
    /// [`NEVER`]; entries at or past `order.len()` are reset by [`PositionSet::truncate`].
    first: Box<[u32; CAPACITY]>,
    /// Indices in `order` of the held positions inserted without their stones
    /// ([`PositionSet::insert`]), ascending: while there is one, no point is fresh.
    opaque: Vec<usize>,
}

/// `first` of a point no held position occupies.
const NEVER: u32 = u32::MAX;

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
            first: Box::new([NEVER; CAPACITY]),
            opaque: Vec::new(),
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

    /// True if no held position has a stone on `p` (so placing there cannot repeat one).
    /// False whenever a position without its stones may be held.
    #[inline]
    pub fn is_fresh(&self, p: Point) -> bool {
        self.opaque.is_empty() && self.first[ix(p)] == NEVER
    }

    /// Adds `hash` of a position whose stones are not given; false (and nothing
    /// changes) if it was already held. Until it is truncated away, no point is fresh.
    #[inline]
    pub fn insert(&mut self, hash: u64) -> bool {
        let added = self.insert_hash(hash);
        if added {
            self.opaque.push(self.order.len() - 1);
        }
        added
    }

    /// Adds the position with cell values `cells` (`1`, `2` stones) and hash `hash`;
    /// false (and nothing changes) if it was already held.
    pub fn insert_coloring(&mut self, hash: u64, cells: &[u8]) -> bool {
        let index = self.order.len() as u32;
        if !self.insert_hash(hash) {
            return false;
        }
        for (p, &cell) in cells.iter().enumerate().take(CAPACITY) {
            if matches!(cell, 1 | 2) {
                let first = &mut self.first[p];
                *first = (*first).min(index);
            }
        }
        true
    }

    /// Adds `hash`, the position after a placement on `p` from a position this set holds
    /// (so every other stone of it is a stone of a held position); false (and nothing
    /// changes) if it was already held.
    #[inline]
    pub fn insert_placed(&mut self, hash: u64, p: Point) -> bool {
        let index = self.order.len() as u32;
        if !self.insert_hash(hash) {
            return false;
        }
        let first = &mut self.first[ix(p)];
        *first = (*first).min(index);
        true
    }

    #[inline(always)]
    fn insert_hash(&mut self, hash: u64) -> bool {
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

    #[cold]
    fn grow(&mut self) {
        let order = std::mem::take(&mut self.order);
        self.table = vec![0; self.table.len() * 2];
        self.has_zero = false;
        for hash in order {
            self.insert_hash(hash);
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
        let len = len.min(self.order.len());
        for first in self.first.iter_mut() {
            if *first as usize >= len {
                *first = NEVER;
            }
        }
        while self.opaque.last().is_some_and(|&index| index >= len) {
            self.opaque.pop();
        }
    }

    /// Removes every hash (wiping the arrays is cheaper than undoing each insertion).
    pub fn clear(&mut self) {
        self.table.fill(0);
        self.order.clear();
        self.has_zero = false;
        self.first.fill(NEVER);
        self.opaque.clear();
    }
}

#[cfg(test)]
mod tests {
    //! The fast board's derived data checked against the rules core on random games:
    //! neighbour counts, packed pseudo-liberties (atari, the only liberty), the cheap
    //! legality test, and the position set's fresh points under insertion and rollback.
    use proptest::prelude::*;

    use super::*;
    use crate::rng::SplitMix64;
    use crate::surfaces::graphs::graph;
    use crate::surfaces::Surface;

    fn graphs() -> Vec<Graph> {
        let mut all: Vec<Graph> = Surface::ALL.iter().map(|&s| graph(s).clone()).collect();
        all.extend([2, 3, 5, 9].map(Graph::square));
        all
    }

    /// Every derived value of `fast` agrees with the core board `board`.
    fn agrees(g: &Graph, graph: &FastGraph, fast: &FastBoard, board: &Board, turn: Color) {
        assert_eq!(fast.colors(), board.colors());
        assert_eq!(fast.hash(), board.hash());
        for p in 0..g.len() as Point {
            let cells: Vec<u8> = g
                .neighbors(p)
                .iter()
                .map(|&q| board.colors()[q as usize])
                .collect();
            let count = |v: u8| cells.iter().filter(|&&c| c == v).count() as u16;
            let expected = count(0) | count(1) << FIELD | count(2) << (2 * FIELD);
            assert_eq!(fast.around[p as usize], expected, "neighbour counts of {p}");
            match board.color_at(p) {
                Some(_) => {
                    let liberties = board.liberties(g, p);
                    assert_eq!(fast.in_atari(p), liberties.len() == 1, "atari of {p}");
                    let only = (liberties.len() == 1).then(|| liberties[0]);
                    assert_eq!(fast.atari_liberty(p), only);
                    assert_eq!(fast.chain_size(p) as usize, board.chain_stones(p).len());
                }
                None => {
                    for color in [turn, turn.opposite()] {
                        let legal = board.check(g, p, color).is_ok();
                        assert_eq!(fast.is_legal(graph, p, color), legal, "legality of {p}");
                        let hash = board.check(g, p, color).ok().map(|preview| preview.hash);
                        assert_eq!(fast.check(graph, p, color), hash, "hash after {p}");
                        let eye = g
                            .neighbors(p)
                            .iter()
                            .all(|&q| board.color_at(q) == Some(color));
                        assert_eq!(fast.fills_own_eye(graph, p, color), eye, "eye at {p}");
                        assert_eq!(fast.touches_empty(p), count(0) > 0);
                        if legal {
                            let mut after = board.clone();
                            after.play(g, p, color, &mut Vec::new()).unwrap();
                            assert_eq!(
                                fast.keeps_two_liberties(graph, p, color),
                                after.liberty_count(p) >= 2,
                                "liberties after {p}"
                            );
                        }
                    }
                }
            }
        }
    }

    /// Random legal placements (no superko: this checks the board, not the game) on the
    /// fast board and the core board side by side.
    fn random_game(g: &Graph, seed: u64, moves: usize) {
        let graph = FastGraph::new(g).unwrap();
        let mut fast = FastBoard::new(&graph);
        let mut board = Board::new(g);
        let mut rng = SplitMix64::new(seed);
        let mut color = Color::Black;
        let mut captured = Vec::new();
        for _ in 0..moves {
            agrees(g, &graph, &fast, &board, color);
            let legal: Vec<Point> = (0..g.len() as Point)
                .filter(|&p| board.check(g, p, color).is_ok())
                .collect();
            if legal.is_empty() {
                break;
            }
            let p = legal[rng.below(legal.len())];
            captured.clear();
            board.play(g, p, color, &mut captured).unwrap();
            assert_eq!(fast.place(&graph, p, color) as usize, captured.len());
            color = color.opposite();
        }
        agrees(g, &graph, &fast, &board, color);
        let copy = FastBoard::from_board(&graph, &board);
        agrees(g, &graph, &copy, &board, color);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(12))]

        #[test]
        fn derived_data_follow_the_core_board(seed in any::<u64>()) {
            for g in graphs() {
                random_game(&g, seed, 3 * g.len());
            }
        }

        /// `is_fresh` is exactly "no held position has a stone there" while positions
        /// are inserted with their stones, across rollbacks; an opaque insertion makes
        /// no point fresh until it is rolled back.
        #[test]
        fn fresh_points_are_the_points_no_held_position_occupies(seed in any::<u64>()) {
            let g = Graph::square(5);
            let graph = FastGraph::new(&g).unwrap();
            let mut rng = SplitMix64::new(seed);
            let mut fast = FastBoard::new(&graph);
            let mut set = PositionSet::new();
            let mut held: Vec<Vec<u8>> = vec![fast.colors().to_vec()];
            set.insert_coloring(fast.hash(), fast.colors());
            let mut color = Color::Black;
            for _ in 0..200 {
                for p in 0..g.len() as Point {
                    let occupied = held.iter().any(|cells| cells[p as usize] != 0);
                    prop_assert_eq!(set.is_fresh(p), !occupied);
                }
                match rng.below(10) {
                    0 if held.len() > 1 => {
                        // Roll back to an earlier position and continue from it.
                        let keep = 1 + rng.below(held.len() - 1);
                        held.truncate(keep);
                        set.truncate(keep);
                        let cells = held.last().unwrap().clone();
                        fast = FastBoard::from_board(&graph, &Board::from_colors(&g, &cells).unwrap());
                    }
                    1 => {
                        let len = set.len();
                        prop_assert!(set.insert(rng.next_u64() | 1));
                        prop_assert!((0..g.len() as Point).all(|p| !set.is_fresh(p)));
                        set.truncate(len);
                    }
                    _ => {
                        let moves: Vec<Point> = fast
                            .empties()
                            .iter()
                            .copied()
                            .filter(|&p| fast.check(&graph, p, color).is_some_and(|h| !set.contains(h)))
                            .collect();
                        if let Some(&p) = moves.get(rng.below(moves.len().max(1))) {
                            fast.place(&graph, p, color);
                            prop_assert!(set.insert_placed(fast.hash(), p));
                            held.push(fast.colors().to_vec());
                        }
                        color = color.opposite();
                    }
                }
                prop_assert_eq!(set.len(), held.len());
            }
        }
    }
}
