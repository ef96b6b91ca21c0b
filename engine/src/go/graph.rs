//! Graphs of points: adjacency in flat compressed-sparse-row arrays.

use super::Point;
use serde::Serialize;

/// The largest number of points a graph may have (indices must fit in [`Point`]).
pub const MAX_POINTS: usize = u16::MAX as usize;

/// An undirected simple graph of points, validated on construction.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Graph {
    offsets: Vec<u32>,
    neighbors: Vec<Point>,
}

/// Why an adjacency list is not a valid graph.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum GraphError {
    /// A graph needs at least one point.
    #[error("a graph needs at least one point")]
    Empty,
    /// More points than a [`Point`] index can address.
    #[error("{points} points is more than the limit of {MAX_POINTS}")]
    TooManyPoints {
        /// Number of points given.
        points: usize,
    },
    /// A neighbor index is not a point of the graph.
    #[error("point {point} lists neighbor {neighbor}, which is not a point of the graph")]
    OutOfRange {
        /// The point whose list is wrong.
        point: Point,
        /// The offending neighbor index.
        neighbor: usize,
    },
    /// A point lists itself.
    #[error("point {point} lists itself as a neighbor")]
    SelfLoop {
        /// The point.
        point: Point,
    },
    /// A point lists the same neighbor twice.
    #[error("point {point} lists neighbor {neighbor} twice")]
    DuplicateEdge {
        /// The point.
        point: Point,
        /// The repeated neighbor.
        neighbor: Point,
    },
    /// An edge is listed in one direction only.
    #[error("point {point} lists neighbor {neighbor}, but {neighbor} does not list {point}")]
    Asymmetric {
        /// The point listing the edge.
        point: Point,
        /// The neighbor missing the reverse edge.
        neighbor: Point,
    },
}

impl Graph {
    /// Builds a graph from one neighbor list per point, checking that every index is in
    /// range and that edges are symmetric, without self-loops and without duplicates.
    pub fn from_adjacency(lists: Vec<Vec<Point>>) -> Result<Graph, GraphError> {
        let n = lists.len();
        if n == 0 {
            return Err(GraphError::Empty);
        }
        if n > MAX_POINTS {
            return Err(GraphError::TooManyPoints { points: n });
        }
        for (point, list) in lists.iter().enumerate() {
            let point = point as Point;
            for (k, &neighbor) in list.iter().enumerate() {
                if neighbor as usize >= n {
                    return Err(GraphError::OutOfRange {
                        point,
                        neighbor: neighbor as usize,
                    });
                }
                if neighbor == point {
                    return Err(GraphError::SelfLoop { point });
                }
                if list[..k].contains(&neighbor) {
                    return Err(GraphError::DuplicateEdge { point, neighbor });
                }
            }
        }
        for (point, list) in lists.iter().enumerate() {
            for &neighbor in list {
                if !lists[neighbor as usize].contains(&(point as Point)) {
                    return Err(GraphError::Asymmetric {
                        point: point as Point,
                        neighbor,
                    });
                }
            }
        }
        let mut offsets = Vec::with_capacity(n + 1);
        let mut neighbors = Vec::new();
        offsets.push(0);
        for list in &lists {
            neighbors.extend_from_slice(list);
            offsets.push(neighbors.len() as u32);
        }
        Ok(Graph { offsets, neighbors })
    }

    /// The square grid of `size` × `size` points with A1 at the bottom left and
    /// `point = row * size + column`. Sizes from 1 to 255 are supported.
    pub fn square(size: u8) -> Graph {
        let size = size.max(1) as usize;
        let mut lists = Vec::with_capacity(size * size);
        for row in 0..size {
            for column in 0..size {
                let mut list = Vec::with_capacity(4);
                let at = |r: usize, c: usize| (r * size + c) as Point;
                if row > 0 {
                    list.push(at(row - 1, column));
                }
                if column > 0 {
                    list.push(at(row, column - 1));
                }
                if column + 1 < size {
                    list.push(at(row, column + 1));
                }
                if row + 1 < size {
                    list.push(at(row + 1, column));
                }
                lists.push(list);
            }
        }
        Graph::from_adjacency(lists).expect("a square grid is a valid graph")
    }

    /// Number of points.
    pub fn len(&self) -> usize {
        self.offsets.len() - 1
    }

    /// Always false: a graph has at least one point.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The neighbors of `point`, in the order they were given.
    #[inline]
    pub fn neighbors(&self, point: Point) -> &[Point] {
        let p = point as usize;
        &self.neighbors[self.offsets[p] as usize..self.offsets[p + 1] as usize]
    }

    /// The neighbor lists of all points, as given to [`Graph::from_adjacency`].
    pub fn adjacency(&self) -> Vec<Vec<Point>> {
        (0..self.len())
            .map(|p| self.neighbors(p as Point).to_vec())
            .collect()
    }
}
