//! The groups a player looks at: the chain on a point and the chains touching it, each
//! with its empty liberties. Inspect mode and the replay comparison read these, so the
//! interface never traces chains itself.

use super::board::{Board, Chain};
use super::color::Point;
use super::graph::Graph;

impl Board {
    /// The chain through `point` with its liberties, `None` if the point is empty or off
    /// the board.
    pub fn chain_at(&self, graph: &Graph, point: Point) -> Option<Chain> {
        let color = self.color_at(point)?;
        Some(Chain {
            color,
            stones: self.chain_stones(point),
            liberties: self.liberties(graph, point),
        })
    }

    /// The chain through `point` (if a stone stands there) followed by every other chain
    /// with a stone next to `point`, each once, in ascending order of their smallest stone.
    /// These are the groups a placement on `point` joins, attacks or captures; an off-board
    /// point has none.
    pub fn chains_around(&self, graph: &Graph, point: Point) -> Vec<Chain> {
        if point as usize >= self.len() {
            return Vec::new();
        }
        let own = self.chain_at(graph, point);
        let mut around: Vec<Chain> = Vec::new();
        for &neighbor in graph.neighbors(point) {
            let already = own
                .iter()
                .chain(around.iter())
                .any(|chain| chain.stones.binary_search(&neighbor).is_ok());
            if !already {
                around.extend(self.chain_at(graph, neighbor));
            }
        }
        around.sort_by_key(|chain| chain.stones[0]);
        own.into_iter().chain(around).collect()
    }
}
