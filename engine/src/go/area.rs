//! Area counts: the scoring measure every Go variant here shares.

use super::{Board, Graph};
use serde::{Deserialize, Serialize};

/// Area counts without komi.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct Area {
    /// Black stones plus empty points of regions touching only black.
    pub black: u32,
    /// White stones plus empty points of regions touching only white.
    pub white: u32,
}

impl Area {
    /// The area of `board` on `graph`.
    pub fn of(board: &Board, graph: &Graph) -> Area {
        let (black, white) = board.area(graph);
        Area { black, white }
    }
}
