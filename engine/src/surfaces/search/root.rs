//! The position a search starts from, with its exactly legal placements.

use crate::go::fast::{FastBoard, FastGraph, FastGraphError, PositionSet};
use crate::go::{Board, BoardError, Color, Graph, Point};
use crate::surfaces::Line;

/// Why a position cannot be searched.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RootError {
    /// The game or line has ended.
    #[error("the game has ended: there is nothing to search")]
    Ended,
    /// No coloring was given.
    #[error("the history needs at least the current coloring")]
    NoHistory,
    /// The graph is beyond the fast board.
    #[error("{0}")]
    Graph(#[from] FastGraphError),
    /// A coloring of the history is not a board of the graph.
    #[error("coloring {index} of the history: {error}")]
    Coloring {
        /// Index of the coloring in the history.
        index: usize,
        /// What is wrong with it.
        error: BoardError,
    },
}

/// A position to search: board, player to move, consecutive passes, komi, the hashes of
/// every earlier coloring, and the placements the rules allow.
#[derive(Clone, Debug)]
pub struct Root {
    pub(super) graph: FastGraph,
    pub(super) board: FastBoard,
    pub(super) history: PositionSet,
    pub(super) to_move: Color,
    pub(super) passes: u8,
    pub(super) komi_half_points: i32,
    pub(super) legal: Vec<Point>,
}

impl Root {
    /// The position of an unfinished line of play, with its legal placements from the
    /// line itself: a surfaces game, study or analysis ([`crate::surfaces::SurfaceGame`])
    /// or a square-board game ([`crate::surfaces::square::SquareGame`]), both of which
    /// deref to their [`Line`].
    pub fn from_game(game: &Line) -> Result<Root, RootError> {
        let to_move = game.side_to_move().ok_or(RootError::Ended)?;
        let graph = FastGraph::new(game.graph())?;
        let board = FastBoard::from_board(&graph, game.go_board());
        let mut history = PositionSet::new();
        for index in 0..game.history_len() {
            let coloring = game
                .history_coloring(index)
                .expect("index below the length");
            history.insert_coloring(crate::go::zobrist::hash_cells(coloring), coloring);
        }
        Ok(Root {
            graph,
            board,
            history,
            to_move,
            passes: game.passes(),
            komi_half_points: game.komi_half_points(),
            legal: game.legal_placements(),
        })
    }

    /// A position on any graph given by every coloring of its history, the current one
    /// last (so square boards can be searched too). A placement is legal when it is not
    /// suicide and its coloring differs from every coloring given, compared in full.
    pub fn from_colorings(
        graph: &Graph,
        colorings: &[&[u8]],
        to_move: Color,
        passes: u8,
        komi_half_points: i32,
    ) -> Result<Root, RootError> {
        let fast = FastGraph::new(graph)?;
        let boards = colorings
            .iter()
            .enumerate()
            .map(|(index, cells)| {
                Board::from_colors(graph, cells)
                    .map_err(|error| RootError::Coloring { index, error })
            })
            .collect::<Result<Vec<Board>, RootError>>()?;
        let current = boards.last().ok_or(RootError::NoHistory)?;
        let mut history = PositionSet::new();
        for board in &boards {
            history.insert_coloring(board.hash(), board.colors());
        }
        let mut captured = Vec::new();
        let legal = (0..graph.len() as Point)
            .filter(|&p| {
                let Ok(preview) = current.check(graph, p, to_move) else {
                    return false;
                };
                if !history.contains(preview.hash) {
                    return true;
                }
                let mut after = current.clone();
                captured.clear();
                after
                    .play(graph, p, to_move, &mut captured)
                    .expect("checked");
                boards
                    .iter()
                    .all(|earlier| earlier.colors() != after.colors())
            })
            .collect();
        Ok(Root {
            board: FastBoard::from_board(&fast, current),
            graph: fast,
            history,
            to_move,
            passes,
            komi_half_points,
            legal,
        })
    }

    /// The player to move.
    pub fn to_move(&self) -> Color {
        self.to_move
    }

    /// The placements the rules allow, ascending.
    pub fn legal(&self) -> &[Point] {
        &self.legal
    }
}
