//! Boards: a coloring of a graph's points with incrementally maintained chains, distinct
//! liberty counts and Zobrist hash.

use super::{zobrist, Color, Graph, Point};
use serde::Serialize;

/// A coloring of the points of a graph with its chains kept up to date by every move.
///
/// Each stone knows the head of its chain; the stones of a chain form a circular list; each
/// head stores the chain's stone count and its number of distinct liberties. Operations
/// take the [`Graph`] the board belongs to; passing another graph is a caller error that
/// may give wrong answers but never undefined behaviour.
#[derive(Debug)]
pub struct Board {
    cells: Vec<u8>,
    head: Vec<Point>,
    next: Vec<Point>,
    stones: Vec<u16>,
    liberties: Vec<u16>,
    hash: u64,
    counts: [u32; 2],
}

/// What a legal placement would do, computed without changing the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlacementPreview {
    /// Zobrist hash of the complete coloring after the placement and its captures.
    pub hash: u64,
    /// Number of opposing stones the placement captures.
    pub captures: u32,
}

/// Why a stone cannot be placed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum PlaceError {
    /// The point is not a point of the graph.
    #[error("point {point} is not on the board")]
    OffBoard {
        /// The offending index.
        point: usize,
    },
    /// A stone already stands there.
    #[error("point {point} is occupied")]
    Occupied {
        /// The point.
        point: Point,
    },
    /// After captures, the new stone's chain would have no liberty.
    #[error("a stone at {point} would have no liberty (suicide)")]
    Suicide {
        /// The point.
        point: Point,
    },
}

/// Why a list of cell values is not a board of a graph.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum BoardError {
    /// The list does not have one cell per point.
    #[error("expected {expected} cells, found {found}")]
    WrongLength {
        /// Number of points of the graph.
        expected: usize,
        /// Number of cells given.
        found: usize,
    },
    /// A cell value other than 0, 1 or 2.
    #[error("cell {point} has value {value}; cells are 0 (empty), 1 (black) or 2 (white)")]
    BadCell {
        /// The point.
        point: usize,
        /// The value found.
        value: u8,
    },
}

/// One chain (maximal connected group of same-colored stones), as reported to callers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Chain {
    /// The chain's color.
    pub color: Color,
    /// Its stones, ascending.
    pub stones: Vec<Point>,
    /// Its distinct liberties (empty neighbors), ascending.
    pub liberties: Vec<Point>,
}

impl Clone for Board {
    fn clone(&self) -> Board {
        Board {
            cells: self.cells.clone(),
            head: self.head.clone(),
            next: self.next.clone(),
            stones: self.stones.clone(),
            liberties: self.liberties.clone(),
            hash: self.hash,
            counts: self.counts,
        }
    }

    // Reuses the existing allocations: replays copy boards in their hot loops.
    fn clone_from(&mut self, source: &Board) {
        self.cells.clone_from(&source.cells);
        self.head.clone_from(&source.head);
        self.next.clone_from(&source.next);
        self.stones.clone_from(&source.stones);
        self.liberties.clone_from(&source.liberties);
        self.hash = source.hash;
        self.counts = source.counts;
    }
}

/// Two boards are equal when their colorings are; chain bookkeeping is derived data.
impl PartialEq for Board {
    fn eq(&self, other: &Board) -> bool {
        self.cells == other.cells
    }
}

impl Eq for Board {}

impl Board {
    /// The empty board of `graph`.
    pub fn new(graph: &Graph) -> Board {
        let n = graph.len();
        Board {
            cells: vec![0; n],
            head: (0..n as Point).collect(),
            next: (0..n as Point).collect(),
            stones: vec![0; n],
            liberties: vec![0; n],
            hash: 0,
            counts: [0, 0],
        }
    }

    /// A board with the given cell values (`0` empty, `1` black, `2` white). Chains without
    /// liberties are allowed, so diagrams of any coloring can be represented.
    pub fn from_colors(graph: &Graph, cells: &[u8]) -> Result<Board, BoardError> {
        let n = graph.len();
        if cells.len() != n {
            return Err(BoardError::WrongLength {
                expected: n,
                found: cells.len(),
            });
        }
        if let Some((point, &value)) = cells.iter().enumerate().find(|(_, &v)| v > 2) {
            return Err(BoardError::BadCell { point, value });
        }
        let mut board = Board::new(graph);
        board.cells.copy_from_slice(cells);
        board.hash = zobrist::hash_cells(cells);
        let mut seen = vec![false; n];
        let mut stack = Vec::new();
        for start in 0..n {
            let cell = cells[start];
            if cell == 0 || seen[start] {
                continue;
            }
            board.counts[(cell - 1) as usize] += 1;
            let head = start as Point;
            seen[start] = true;
            stack.push(head);
            let mut last = head;
            board.stones[start] = 1;
            while let Some(p) = stack.pop() {
                for &q in graph.neighbors(p) {
                    if cells[q as usize] == cell && !seen[q as usize] {
                        seen[q as usize] = true;
                        board.counts[(cell - 1) as usize] += 1;
                        board.head[q as usize] = head;
                        // Append q after `last`, keeping the list circular through head.
                        board.next[q as usize] = head;
                        board.next[last as usize] = q;
                        last = q;
                        board.stones[start] += 1;
                        stack.push(q);
                    }
                }
            }
            board.liberties[start] = board.count_liberties(graph, head);
        }
        Ok(board)
    }

    /// Number of points.
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// True if no stone is on the board.
    pub fn is_empty(&self) -> bool {
        self.counts == [0, 0]
    }

    /// The cell values, indexed by point (`0` empty, `1` black, `2` white).
    pub fn colors(&self) -> &[u8] {
        &self.cells
    }

    /// The color of the stone at `point`, `None` if it is empty or off the board.
    #[inline]
    pub fn color_at(&self, point: Point) -> Option<Color> {
        self.cells
            .get(point as usize)
            .and_then(|&cell| Color::from_cell(cell))
    }

    /// Zobrist hash of the complete coloring (`0` for the empty board).
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// Number of stones of `color` on the board.
    pub fn stone_count(&self, color: Color) -> u32 {
        self.counts[color.index()]
    }

    /// Number of distinct liberties of the chain through `point` (0 if the point is empty
    /// or off the board).
    pub fn liberty_count(&self, point: Point) -> usize {
        match self.cells.get(point as usize) {
            Some(&cell) if cell != 0 => self.liberties[self.head[point as usize] as usize] as usize,
            _ => 0,
        }
    }

    /// The stones of the chain through `point`, ascending (empty if the point is empty).
    pub fn chain_stones(&self, point: Point) -> Vec<Point> {
        let mut stones = Vec::new();
        if self.color_at(point).is_some() {
            let start = point;
            let mut s = start;
            loop {
                stones.push(s);
                s = self.next[s as usize];
                if s == start {
                    break;
                }
            }
            stones.sort_unstable();
        }
        stones
    }

    /// The distinct liberties of the chain through `point`, ascending (empty if the point is
    /// empty).
    pub fn liberties(&self, graph: &Graph, point: Point) -> Vec<Point> {
        let mut libs = Vec::new();
        for s in self.chain_stones(point) {
            for &q in graph.neighbors(s) {
                if self.cells[q as usize] == 0 {
                    libs.push(q);
                }
            }
        }
        libs.sort_unstable();
        libs.dedup();
        libs
    }

    /// Every chain on the board, ordered by its smallest stone.
    pub fn chains(&self, graph: &Graph) -> Vec<Chain> {
        let mut chains = Vec::new();
        for p in 0..self.len() {
            let point = p as Point;
            if let Some(color) = self.color_at(point) {
                let stones = self.chain_stones(point);
                if stones[0] == point {
                    chains.push(Chain {
                        color,
                        liberties: self.liberties(graph, point),
                        stones,
                    });
                }
            }
        }
        chains
    }

    /// Area counts `(black, white)`: stones plus empty regions that touch only that color.
    pub fn area(&self, graph: &Graph) -> (u32, u32) {
        let mut area = [self.counts[0], self.counts[1]];
        let mut seen = vec![false; self.len()];
        let mut stack = Vec::new();
        for start in 0..self.len() {
            if self.cells[start] != 0 || seen[start] {
                continue;
            }
            seen[start] = true;
            stack.push(start as Point);
            let mut size = 0;
            let mut touches = [false; 2];
            while let Some(p) = stack.pop() {
                size += 1;
                for &q in graph.neighbors(p) {
                    match self.cells[q as usize] {
                        0 => {
                            if !seen[q as usize] {
                                seen[q as usize] = true;
                                stack.push(q);
                            }
                        }
                        cell => touches[(cell - 1) as usize] = true,
                    }
                }
            }
            match touches {
                [true, false] => area[0] += size,
                [false, true] => area[1] += size,
                _ => {}
            }
        }
        (area[0], area[1])
    }

    /// Checks a placement without changing the board: `Occupied`, or `Suicide` when after
    /// removing the opposing chains it captures the new stone's chain would have no liberty.
    pub fn check(
        &self,
        graph: &Graph,
        point: Point,
        color: Color,
    ) -> Result<PlacementPreview, PlaceError> {
        let p = point as usize;
        if p >= self.cells.len() {
            return Err(PlaceError::OffBoard { point: p });
        }
        if self.cells[p] != 0 {
            return Err(PlaceError::Occupied { point });
        }
        let own = color.cell();
        let neighbors = graph.neighbors(point);
        let mut has_liberty = false;
        let mut hash = self.hash ^ zobrist::key(point, color);
        let mut captures = 0;
        for (k, &q) in neighbors.iter().enumerate() {
            let cell = self.cells[q as usize];
            if cell == 0 {
                has_liberty = true;
            } else {
                let h = self.head[q as usize];
                if cell == own {
                    if self.liberties[h as usize] > 1 {
                        has_liberty = true;
                    }
                } else if self.liberties[h as usize] == 1
                    && self.first_neighbor_of_chain(neighbors, k, h)
                {
                    has_liberty = true;
                    captures += self.stones[h as usize] as u32;
                    hash ^= self.chain_hash(h);
                }
            }
        }
        if !has_liberty {
            return Err(PlaceError::Suicide { point });
        }
        Ok(PlacementPreview { hash, captures })
    }

    /// Places a stone, removes the opposing chains left without liberties (all at once) and
    /// appends their stones to `captured`. On error the board and `captured` are unchanged.
    pub fn play(
        &mut self,
        graph: &Graph,
        point: Point,
        color: Color,
        captured: &mut Vec<Point>,
    ) -> Result<PlacementPreview, PlaceError> {
        let preview = self.check(graph, point, color)?;
        self.place_checked(graph, point, color, captured);
        Ok(preview)
    }

    /// Like [`Board::play`], but after the legality check asks `accept` (for example a
    /// superko test on the preview's hash) before changing anything, so callers that
    /// filter placements check each one once. `Ok(None)`: refused, nothing changed.
    pub fn play_if(
        &mut self,
        graph: &Graph,
        point: Point,
        color: Color,
        captured: &mut Vec<Point>,
        accept: impl FnOnce(&PlacementPreview) -> bool,
    ) -> Result<Option<PlacementPreview>, PlaceError> {
        let preview = self.check(graph, point, color)?;
        if !accept(&preview) {
            return Ok(None);
        }
        self.place_checked(graph, point, color, captured);
        Ok(Some(preview))
    }

    /// The placement part of [`Board::play`] for a caller that has just had `Ok` from
    /// [`Board::check`] for the same point and color on this unchanged board (replays check
    /// first to decide, then place without checking twice). Otherwise the result is a
    /// wrong board, never undefined behaviour.
    pub(crate) fn place_checked(
        &mut self,
        graph: &Graph,
        point: Point,
        color: Color,
        captured: &mut Vec<Point>,
    ) {
        let own = color.cell();
        let p = point as usize;
        self.cells[p] = own;
        self.head[p] = point;
        self.next[p] = point;
        self.stones[p] = 1;
        self.liberties[p] = 0;
        self.hash ^= zobrist::key(point, color);
        self.counts[color.index()] += 1;
        let neighbors = graph.neighbors(point);

        // The new stone takes one liberty from each distinct adjacent opposing chain.
        for (k, &q) in neighbors.iter().enumerate() {
            let cell = self.cells[q as usize];
            if cell != 0 && cell != own {
                let h = self.head[q as usize];
                if self.first_neighbor_of_chain(neighbors, k, h) {
                    self.liberties[h as usize] -= 1;
                }
            }
        }

        // With several friendly chains to join, count the merged chain's liberties now,
        // walking only the smaller chains, while their heads still tell them apart.
        let multi_merge_liberties = self.liberties_after_joining(graph, point, own);

        // Join the adjacent friendly chains.
        let mut merges = 0;
        let mut single_liberties = 0;
        for &q in neighbors {
            if self.cells[q as usize] == own {
                let h = self.head[q as usize];
                let current = self.head[p];
                if h != current {
                    merges += 1;
                    single_liberties = self.liberties[h as usize];
                    self.merge(h, current);
                }
            }
        }
        let head = self.head[p];
        self.liberties[head as usize] = match merges {
            0 => neighbors
                .iter()
                .filter(|&&q| self.cells[q as usize] == 0)
                .count() as u16,
            // One chain grew by one stone: it loses `point` as a liberty and gains the
            // empty neighbors of `point` that none of its other stones already touches.
            1 => {
                let gained = neighbors
                    .iter()
                    .filter(|&&e| {
                        self.cells[e as usize] == 0
                            && !graph.neighbors(e).iter().any(|&r| {
                                r != point
                                    && self.cells[r as usize] == own
                                    && self.head[r as usize] == head
                            })
                    })
                    .count() as u16;
                single_liberties - 1 + gained
            }
            _ => multi_merge_liberties.unwrap_or_else(|| self.count_liberties(graph, head)),
        };

        // Remove every opposing chain without liberties; each removed stone becomes one
        // new liberty of each distinct friendly chain next to it.
        for &q in neighbors {
            let cell = self.cells[q as usize];
            if cell != 0 && cell != own && self.liberties[self.head[q as usize] as usize] == 0 {
                self.remove_chain(graph, q, captured);
            }
        }
    }

    /// When the stone just set at `point` joins two or more friendly chains (up to four),
    /// the distinct liberty count of the merged chain: the largest chain's liberties
    /// without `point`, plus every empty neighbour of `point` or of the other chains'
    /// stones that the largest chain does not already touch, each counted once. `None`
    /// when there are fewer than two chains to join, more than four, or more than 256
    /// points (callers then count from scratch).
    fn liberties_after_joining(&self, graph: &Graph, point: Point, own: u8) -> Option<u16> {
        let mut heads = [0 as Point; 4];
        let mut count = 0;
        for &q in graph.neighbors(point) {
            if self.cells[q as usize] == own {
                let h = self.head[q as usize];
                if !heads[..count.min(4)].contains(&h) {
                    if count == 4 {
                        return None;
                    }
                    heads[count] = h;
                    count += 1;
                }
            }
        }
        if count < 2 || self.len() > 256 {
            return None;
        }
        let heads = &heads[..count];
        let big = *heads.iter().max_by_key(|&&h| self.stones[h as usize])?;
        let touches_big = |e: Point| {
            graph
                .neighbors(e)
                .iter()
                .any(|&r| self.cells[r as usize] == own && self.head[r as usize] == big)
        };
        let mut seen = [0u64; 4];
        let mut liberties = self.liberties[big as usize] - 1;
        let mut consider = |e: Point, liberties: &mut u16| {
            let (word, bit) = (e as usize / 64, 1u64 << (e % 64));
            if e != point && self.cells[e as usize] == 0 && seen[word] & bit == 0 {
                seen[word] |= bit;
                if !touches_big(e) {
                    *liberties += 1;
                }
            }
        };
        for &e in graph.neighbors(point) {
            consider(e, &mut liberties);
        }
        for &h in heads.iter().filter(|&&h| h != big) {
            let mut s = h;
            loop {
                for &e in graph.neighbors(s) {
                    consider(e, &mut liberties);
                }
                s = self.next[s as usize];
                if s == h {
                    break;
                }
            }
        }
        Some(liberties)
    }

    fn remove_chain(&mut self, graph: &Graph, start: Point, captured: &mut Vec<Point>) {
        let victim = self.cells[start as usize];
        let color = Color::from_cell(victim).expect("a chain has a color");
        let friend = color.opposite().cell();
        let mut s = start;
        loop {
            self.cells[s as usize] = 0;
            self.hash ^= zobrist::key(s, color);
            self.counts[color.index()] -= 1;
            captured.push(s);
            let around = graph.neighbors(s);
            for (k, &r) in around.iter().enumerate() {
                if self.cells[r as usize] == friend {
                    let h = self.head[r as usize];
                    if self.first_neighbor_of_chain(around, k, h) {
                        self.liberties[h as usize] += 1;
                    }
                }
            }
            s = self.next[s as usize];
            if s == start {
                break;
            }
        }
    }

    /// True if no neighbor before index `k` belongs to the chain headed by `h` (cell colors
    /// are checked so empty points with stale heads never match).
    #[inline]
    fn first_neighbor_of_chain(&self, neighbors: &[Point], k: usize, h: Point) -> bool {
        let cell = self.cells[neighbors[k] as usize];
        !neighbors[..k]
            .iter()
            .any(|&r| self.cells[r as usize] == cell && self.head[r as usize] == h)
    }

    /// Joins the chains headed by `a` and `b`; the larger keeps its head.
    fn merge(&mut self, a: Point, b: Point) -> Point {
        let (big, small) = if self.stones[a as usize] >= self.stones[b as usize] {
            (a, b)
        } else {
            (b, a)
        };
        let mut s = small;
        loop {
            self.head[s as usize] = big;
            s = self.next[s as usize];
            if s == small {
                break;
            }
        }
        self.next.swap(big as usize, small as usize);
        self.stones[big as usize] += self.stones[small as usize];
        big
    }

    fn chain_hash(&self, head: Point) -> u64 {
        let color = Color::from_cell(self.cells[head as usize]).expect("a chain has a color");
        let mut hash = 0;
        let mut s = head;
        loop {
            hash ^= zobrist::key(s, color);
            s = self.next[s as usize];
            if s == head {
                break;
            }
        }
        hash
    }

    /// Counts the distinct empty neighbors of the chain through `start` with a bitset
    /// (on the stack for graphs up to 256 points).
    fn count_liberties(&self, graph: &Graph, start: Point) -> u16 {
        let words = self.len().div_ceil(64);
        if words <= 4 {
            let mut seen = [0u64; 4];
            self.count_liberties_in(graph, start, &mut seen)
        } else {
            let mut seen = vec![0u64; words];
            self.count_liberties_in(graph, start, &mut seen)
        }
    }

    fn count_liberties_in(&self, graph: &Graph, start: Point, seen: &mut [u64]) -> u16 {
        let mut count = 0;
        let mut s = start;
        loop {
            for &q in graph.neighbors(s) {
                let (word, bit) = (q as usize / 64, 1u64 << (q % 64));
                if self.cells[q as usize] == 0 && seen[word] & bit == 0 {
                    seen[word] |= bit;
                    count += 1;
                }
            }
            s = self.next[s as usize];
            if s == start {
                break;
            }
        }
        count
    }
}
