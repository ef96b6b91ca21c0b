//! Inspecting an editor diagram: groups, chains without liberties and whether a study may
//! start from it. Creates no history.

use serde::Serialize;

use super::geometry::Surface;
use super::graphs::graph;
use crate::go::{Board, BoardError, Chain};

/// What the editor shows about a diagram.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Inspection {
    /// Every chain with its distinct liberties, ordered by smallest stone.
    pub groups: Vec<Chain>,
    /// Indices into `groups` of the chains without any liberty.
    pub without_liberties: Vec<usize>,
    /// True when every chain has a liberty, so a study may start here.
    pub stable: bool,
    /// Area counts of the diagram as it stands.
    pub area: super::rules::Area,
}

/// Inspects `board` on `surface` (it may hold chains without liberties).
pub fn inspect_board(surface: Surface, board: &[u8]) -> Result<Inspection, BoardError> {
    let g = graph(surface);
    let board = Board::from_colors(g, board)?;
    let groups = board.chains(g);
    let without_liberties: Vec<usize> = groups
        .iter()
        .enumerate()
        .filter(|(_, chain)| chain.liberties.is_empty())
        .map(|(k, _)| k)
        .collect();
    Ok(Inspection {
        stable: without_liberties.is_empty(),
        without_liberties,
        area: super::rules::Area::of(&board, g),
        groups,
    })
}
