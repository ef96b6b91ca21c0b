//! Monte Carlo tree search for Go on any graph of the engine (the three surfaces and
//! plain square boards): UCT with RAVE (all-moves-as-first) values and simple priors
//! (captures, saving a chain in atari), over the fast playouts of [`super::playout`].
//!
//! The root is exact: its candidates are the placements the rules allow (no suicide,
//! positional superko over every coloring of the history, compared in full) plus the
//! pass. Inside the tree and the playouts superko is tested on 64-bit hashes of every
//! coloring of the history and of the line. No candidate ever fills one of the mover's
//! own eyes (an empty point whose neighbours are all its stones). Results are area scores
//! with komi. The search is deterministic for a seed and a playout budget, and polls a
//! cancel flag before every playout.

mod root;
mod tree;

pub use root::{Root, RootError};
pub use tree::{search, think};

use serde::{Deserialize, Serialize};

use super::rules::Action;
use crate::go::Color;

/// Named strengths for players: each a playout budget.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "SurfaceLevel"))]
#[serde(rename_all = "lowercase")]
pub enum Level {
    /// A few hundred playouts: gentle, still never fills its own eyes.
    Gentle,
    /// Ten times more.
    #[default]
    Steady,
    /// Ten times more again.
    Strong,
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 3] = [Level::Gentle, Level::Steady, Level::Strong];

    /// The playout budget of the level.
    pub const fn playouts(self) -> u32 {
        match self {
            Level::Gentle => 200,
            Level::Steady => 2_000,
            Level::Strong => 20_000,
        }
    }

    /// The level's name in records and on the command line.
    pub const fn name(self) -> &'static str {
        match self {
            Level::Gentle => "gentle",
            Level::Steady => "steady",
            Level::Strong => "strong",
        }
    }

    /// One player-facing sentence saying how the level plays.
    pub const fn summary(self) -> &'static str {
        match self {
            Level::Gentle => "Plays quickly and loosely: for learning the surfaces.",
            Level::Steady => "Reads local fights and keeps its groups alive.",
            Level::Strong => "Searches ten times longer than Steady; the strongest level.",
        }
    }

    /// The level named `name`, if any.
    pub fn from_name(name: &str) -> Option<Level> {
        Level::ALL.into_iter().find(|level| level.name() == name)
    }
}

/// How much work a search may do, and its seed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Number of playouts (tree iterations).
    pub playouts: u32,
    /// Seed of the search's random generator.
    pub seed: u64,
}

/// How much work and time a [`think`] may take, and its seed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ThinkLimits {
    /// Most playouts (the level's work budget).
    pub playouts: u32,
    /// Seed of the search's random generator.
    pub seed: u64,
    /// Milliseconds after which no further playout starts and the best move so far is the
    /// answer; `None` for a deterministic search that stops only at its playout budget.
    pub soft_budget_ms: Option<u64>,
    /// Milliseconds after which the search stops without an answer, whatever it found.
    pub hard_deadline_ms: Option<u64>,
}

impl ThinkLimits {
    /// A deterministic search of `playouts` playouts with `seed`, without clocks.
    pub const fn deterministic(playouts: u32, seed: u64) -> ThinkLimits {
        ThinkLimits {
            playouts,
            seed,
            soft_budget_ms: None,
            hard_deadline_ms: None,
        }
    }
}

/// Why a [`think`] gave no answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Stopped {
    /// The caller asked it to stop.
    #[error("the search was cancelled")]
    Cancelled,
    /// It passed its hard deadline.
    #[error("the search passed its hard deadline of {deadline_ms} ms")]
    Deadline {
        /// The deadline in milliseconds.
        deadline_ms: u64,
    },
}

/// Why a search stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "SurfaceSearchStop"))]
#[serde(rename_all = "lowercase")]
pub enum Stop {
    /// The playout budget was spent.
    Budget,
    /// The cancel flag was raised.
    Cancelled,
    /// The soft time budget was spent.
    Time,
}

/// One root candidate with its statistics.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "SurfaceCandidate"))]
pub struct Candidate {
    /// The placement or pass.
    pub action: Action,
    /// Playouts through this candidate.
    pub visits: u32,
    /// The mover's share of wins (draws count half) over those playouts; `None` without
    /// visits.
    pub win_rate: Option<f64>,
}

/// What a search found.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Report {
    /// The most visited candidate (the pass when nothing else is possible).
    pub best: Action,
    /// Every candidate, most visited first.
    pub candidates: Vec<Candidate>,
    /// Playouts done.
    pub playouts: u32,
    /// Why it stopped.
    pub stop: Stop,
}

/// What a [`think`] found: the move to play and what an analysis shows.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(
    feature = "ts",
    derive(ts_rs::TS),
    ts(rename = "SurfaceSearchAnalysis")
)]
pub struct Analysis {
    /// The player to move in the searched position.
    pub to_move: Color,
    /// The most visited candidate.
    pub best: Action,
    /// The share of playouts the player to move won (draws half); `None` without any.
    pub win_rate: Option<f64>,
    /// The same for Black, so a graph over a game's moves reads one way.
    pub black_win_rate: Option<f64>,
    /// The most visited candidates, most visited first.
    pub candidates: Vec<Candidate>,
    /// Per point (canonical index), from −1 (White's in every playout's final position)
    /// to 1 (Black's in every one).
    pub ownership: Vec<f32>,
    /// Playouts done.
    pub playouts: u32,
    /// Why it stopped (the budget or the soft time budget).
    pub stop: Stop,
}

#[cfg(test)]
mod tests;
