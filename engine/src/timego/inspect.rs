//! Inspect mode: the group on a point of any board of a game (the present, a replay step,
//! a compared original) with its empty liberties, computed by the Go core.

use super::game::Game;
use crate::go::{Board, BoardError, Chain, Point};

/// Why a group cannot be looked up.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum InspectError {
    /// The board is not a coloring of this game's board.
    #[error("the board is not a {size} × {size} coloring: {source}")]
    Board {
        /// The game's board size.
        size: u8,
        /// What is wrong with the cells.
        source: BoardError,
    },
    /// The point is not on the board.
    #[error("point {point} is not on the board; points are 0 to {last}")]
    OffBoard {
        /// The point given.
        point: usize,
        /// The last point of the board.
        last: usize,
    },
}

impl Game {
    /// The group through `point` of `board` (a coloring of this game's board) with its
    /// distinct empty liberties; `None` if the point is empty.
    pub fn group_at(&self, board: &[u8], point: usize) -> Result<Option<Chain>, InspectError> {
        let graph = &self.position.chronology.graph;
        let board = Board::from_colors(graph, board).map_err(|source| InspectError::Board {
            size: self.size(),
            source,
        })?;
        if point >= graph.len() {
            return Err(InspectError::OffBoard {
                point,
                last: graph.len() - 1,
            });
        }
        Ok(board.chain_at(graph, point as Point))
    }
}
