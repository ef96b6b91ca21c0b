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
pub use tree::search;

use serde::Serialize;

use super::rules::Action;

/// Named strengths for players: each a playout budget.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    /// A few hundred playouts: gentle, still never fills its own eyes.
    Gentle,
    /// Ten times more.
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

/// Why a search stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Stop {
    /// The playout budget was spent.
    Budget,
    /// The cancel flag was raised.
    Cancelled,
}

/// One root candidate with its statistics.
#[derive(Clone, Debug, PartialEq, Serialize)]
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

#[cfg(test)]
mod tests;
