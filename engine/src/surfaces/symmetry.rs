//! Graph automorphisms, computed by search rather than listed by hand, and the way one
//! of them (or the colour exchange) acts on points and boards.

use super::Point;

/// A permutation of the points that preserves adjacency: `image[p]` is where `p` goes.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Automorphism {
    image: Vec<Point>,
}

impl Automorphism {
    /// The identity on `n` points.
    pub fn identity(n: usize) -> Automorphism {
        Automorphism {
            image: (0..n as Point).collect(),
        }
    }

    /// Checks that `image` is a bijection preserving adjacency and non-adjacency of
    /// `adjacency` (lists sorted ascending).
    pub fn new(adjacency: &[Vec<Point>], image: Vec<Point>) -> Option<Automorphism> {
        let n = adjacency.len();
        if image.len() != n {
            return None;
        }
        let mut seen = vec![false; n];
        for &q in &image {
            let q = usize::from(q);
            if q >= n || seen[q] {
                return None;
            }
            seen[q] = true;
        }
        for (p, neighbors) in adjacency.iter().enumerate() {
            let mapped = &adjacency[usize::from(image[p])];
            if mapped.len() != neighbors.len() {
                return None;
            }
            if neighbors
                .iter()
                .any(|&q| mapped.binary_search(&image[usize::from(q)]).is_err())
            {
                return None;
            }
        }
        Some(Automorphism { image })
    }

    /// Where `point` goes.
    pub fn apply(&self, point: Point) -> Point {
        self.image[usize::from(point)]
    }

    /// The image of every point, indexed by point.
    pub fn images(&self) -> &[Point] {
        &self.image
    }

    /// The board whose colour at `apply(p)` is the colour of `board` at `p`.
    pub fn apply_board(&self, board: &[u8]) -> Vec<u8> {
        let mut out = vec![0; board.len()];
        for (p, &color) in board.iter().enumerate() {
            out[usize::from(self.image[p])] = color;
        }
        out
    }

    /// `self` after `first` (first apply `first`, then `self`).
    pub fn after(&self, first: &Automorphism) -> Automorphism {
        Automorphism {
            image: first.image.iter().map(|&p| self.apply(p)).collect(),
        }
    }

    /// The inverse permutation.
    pub fn inverse(&self) -> Automorphism {
        let mut image = vec![0; self.image.len()];
        for (p, &q) in self.image.iter().enumerate() {
            image[usize::from(q)] = p as Point;
        }
        Automorphism { image }
    }

    /// True for the identity.
    pub fn is_identity(&self) -> bool {
        self.image
            .iter()
            .enumerate()
            .all(|(p, &q)| usize::from(q) == p)
    }
}

/// Swaps black and white stones; empty stays empty.
pub fn exchange_colors(board: &[u8]) -> Vec<u8> {
    board
        .iter()
        .map(|&c| match c {
            1 => 2,
            2 => 1,
            other => other,
        })
        .collect()
}

/// Every automorphism of the graph with sorted adjacency lists `adjacency`, sorted, the
/// identity first. Backtracking over a breadth-first order of each connected component:
/// each vertex's image must be an unused neighbour of its parent's image, adjacent to the
/// images of its already-mapped neighbours and to no other mapped image.
pub fn automorphisms(adjacency: &[Vec<Point>]) -> Vec<Automorphism> {
    let n = adjacency.len();
    if n == 0 {
        return vec![Automorphism { image: Vec::new() }];
    }
    let signature = vertex_signatures(adjacency);
    let (order, parent) = breadth_first_order(adjacency);
    let mut search = Search {
        adjacency,
        signature: &signature,
        order: &order,
        parent: &parent,
        image: vec![Point::MAX; n],
        used: vec![false; n],
        found: Vec::new(),
    };
    search.extend(0);
    let mut found: Vec<Automorphism> = search
        .found
        .into_iter()
        .map(|image| Automorphism { image })
        .collect();
    found.sort();
    found
}

/// Isomorphism-invariant labels: degree and the number of 4-cycles through the vertex.
fn vertex_signatures(adjacency: &[Vec<Point>]) -> Vec<(usize, usize)> {
    adjacency
        .iter()
        .enumerate()
        .map(|(p, neighbors)| {
            let mut squares = 0;
            for (i, &a) in neighbors.iter().enumerate() {
                for &b in &neighbors[i + 1..] {
                    squares += adjacency[usize::from(a)]
                        .iter()
                        .filter(|&&c| usize::from(c) != p && adjacency[usize::from(b)].contains(&c))
                        .count();
                }
            }
            (neighbors.len(), squares)
        })
        .collect()
}

/// A breadth-first order covering every component, with each vertex's parent
/// (`usize::MAX` for component roots).
fn breadth_first_order(adjacency: &[Vec<Point>]) -> (Vec<usize>, Vec<usize>) {
    let n = adjacency.len();
    let mut order = Vec::with_capacity(n);
    let mut parent = vec![usize::MAX; n];
    let mut seen = vec![false; n];
    for root in 0..n {
        if seen[root] {
            continue;
        }
        seen[root] = true;
        let start = order.len();
        order.push(root);
        let mut head = start;
        while head < order.len() {
            let p = order[head];
            head += 1;
            for &q in &adjacency[p] {
                let q = usize::from(q);
                if !seen[q] {
                    seen[q] = true;
                    parent[q] = p;
                    order.push(q);
                }
            }
        }
    }
    (order, parent)
}

struct Search<'a> {
    adjacency: &'a [Vec<Point>],
    signature: &'a [(usize, usize)],
    order: &'a [usize],
    parent: &'a [usize],
    image: Vec<Point>,
    used: Vec<bool>,
    found: Vec<Vec<Point>>,
}

impl Search<'_> {
    fn extend(&mut self, k: usize) {
        if k == self.order.len() {
            self.found.push(self.image.clone());
            return;
        }
        let v = self.order[k];
        let candidates: Vec<usize> = match self.parent[v] {
            usize::MAX => (0..self.adjacency.len()).collect(),
            parent => self.adjacency[usize::from(self.image[parent])]
                .iter()
                .map(|&c| usize::from(c))
                .collect(),
        };
        for c in candidates {
            if self.used[c] || self.signature[c] != self.signature[v] || !self.consistent(v, c) {
                continue;
            }
            self.image[v] = c as Point;
            self.used[c] = true;
            self.extend(k + 1);
            self.used[c] = false;
            self.image[v] = Point::MAX;
        }
    }

    /// Mapping `v` to `c` keeps adjacency with every mapped vertex in both directions.
    fn consistent(&self, v: usize, c: usize) -> bool {
        let mut mapped_neighbors = 0;
        for &u in &self.adjacency[v] {
            let image = self.image[usize::from(u)];
            if image != Point::MAX {
                mapped_neighbors += 1;
                if self.adjacency[c].binary_search(&image).is_err() {
                    return false;
                }
            }
        }
        let used_neighbors = self.adjacency[c]
            .iter()
            .filter(|&&d| self.used[usize::from(d)])
            .count();
        used_neighbors == mapped_neighbors
    }
}
