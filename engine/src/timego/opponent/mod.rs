//! The TimeGo practice opponent: levels, their searches and the entry point the app calls.
//!
//! [`choose_action`] searches a [`Game`] at a [`Level`] within [`SearchLimits`] and returns
//! a [`SearchReply`] (the action, the revision it was computed for, statistics) or why it
//! stopped without one ([`SearchStop`]). It never changes the game, checks the caller's
//! cancellation flag at every probe and node (a probe takes microseconds), honours the
//! hard deadline regardless, and is deterministic for a given seed when the limits give a
//! work budget instead of a wall-clock soft budget.
//!
//! - [`Level::Classic`] is the seed's opponent (`shared/seeds/000_…`, "Local practice
//!   opponent"): two plies, a six-action beam, 192 root and 96 reply candidates, 1,200
//!   probes, 900 ms soft budget, 2,500 ms hard deadline.
//! - [`Level::Strong`] (the default) is a Monte Carlo tree search over the full action set
//!   with Go playouts on the present board, using all the budget's time.

mod budget;
mod candidates;
mod classic;
mod eval;
mod mcts;
mod playout;
mod rng;

pub use budget::SearchLimits;

use super::{Action, Game, RecordError};
use budget::Budget;
use serde::{Deserialize, Serialize};
use std::time::Instant;

/// How hard the computer plays.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Level {
    /// The seed's two-ply beam search with its probe limits.
    Classic,
    /// Monte Carlo tree search over placements, time moves, Lock and pass.
    #[default]
    Strong,
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 2] = [Level::Classic, Level::Strong];

    /// The name used by the command line and in documents (`classic`, `strong`).
    pub fn name(self) -> &'static str {
        match self {
            Level::Classic => "classic",
            Level::Strong => "strong",
        }
    }

    /// One player-facing sentence saying how the level plays.
    pub fn summary(self) -> &'static str {
        match self {
            Level::Classic => {
                "The original practice opponent: looks two moves ahead, plays quickly."
            }
            Level::Strong => "Searches deeply with simulated games, including time moves and Lock.",
        }
    }

    /// The level called `name`, if there is one.
    pub fn from_name(name: &str) -> Option<Level> {
        Level::ALL.into_iter().find(|level| level.name() == name)
    }

    /// Work units (probes plus nodes) this level does per millisecond on the reference
    /// machine (see `docs/performance.md`): converts a time budget into a reproducible
    /// work budget of the same length for matches and tests.
    pub fn work_per_ms(self) -> u64 {
        match self {
            Level::Classic => CLASSIC_WORK_PER_MS,
            Level::Strong => STRONG_WORK_PER_MS,
        }
    }
}

const CLASSIC_WORK_PER_MS: u64 = 380;
const STRONG_WORK_PER_MS: u64 = 70;

/// What a search did.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SearchStats {
    /// Legality probes, rejected ones included.
    pub probes: u64,
    /// Probes that found the action illegal.
    pub rejected: u64,
    /// Search nodes: positions expanded by Classic's reply scans, tree iterations of Strong.
    pub nodes: u64,
    /// Deepest completed iteration in plies (Classic: 1 or 2; Strong: deepest
    /// tree path).
    pub depth: u32,
    /// Candidate actions considered at the root.
    pub root_candidates: u32,
    /// Wall-clock milliseconds from the call to the reply.
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub elapsed_ms: f64,
    /// True if the soft budget (time or work) ended the search before it was complete.
    pub budget_exhausted: bool,
}

/// The computer's move and how it was found.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SearchReply {
    /// The chosen action, legal in the searched position.
    pub action: Action,
    /// [`Game::revision`] of the searched game: the shell applies the reply only if the
    /// game still has this revision (and revalidates the action).
    pub revision: String,
    /// Number of actions of the searched game (the cursor the search started from).
    pub actions: usize,
    /// The level that searched.
    pub level: Level,
    /// The search's estimate for the mover: Classic in points, Strong as a win
    /// rate 0..1.
    pub value: f64,
    /// What the search did.
    pub stats: SearchStats,
}

/// Why a search returned no action.
#[derive(Clone, Debug, PartialEq, Serialize, thiserror::Error)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum SearchStop {
    /// The caller's cancellation flag was raised.
    #[error("the search was cancelled")]
    Cancelled,
    /// The hard deadline passed before a reply was ready.
    #[error("the search did not finish within its {deadline_ms} ms deadline")]
    Deadline {
        /// The hard deadline in milliseconds.
        #[cfg_attr(feature = "ts", ts(type = "number"))]
        deadline_ms: u64,
    },
    /// The game has ended or reached the action limit: there is nothing to play.
    #[error("there is no move to choose: the game has ended or reached its action limit")]
    NoMove,
    /// The record given to [`choose_action_for_record`] is not a valid game.
    #[error("the game record is invalid: {message}")]
    BadRecord {
        /// Why the record was rejected.
        message: String,
    },
}

/// Chooses the computer's action for the player to move in `game`.
///
/// `cancelled` is called at every probe and node; once it returns true the search stops
/// with [`SearchStop::Cancelled`] within microseconds. The game is never changed.
pub fn choose_action(
    game: &Game,
    level: Level,
    limits: &SearchLimits,
    cancelled: &dyn Fn() -> bool,
) -> Result<SearchReply, SearchStop> {
    let mut budget = Budget::new(Instant::now(), limits, level, cancelled);
    search(game, level, &mut budget)
}

/// Like [`choose_action`] for a `time-go-game` record viewed at its cursor: the hard
/// deadline covers the reconstruction of the game from the record too.
pub fn choose_action_for_record(
    record: &[u8],
    level: Level,
    limits: &SearchLimits,
    cancelled: &dyn Fn() -> bool,
) -> Result<SearchReply, SearchStop> {
    let start = Instant::now();
    let mut budget = Budget::new(start, limits, level, cancelled);
    let bad = |error: RecordError| SearchStop::BadRecord {
        message: error.to_string(),
    };
    let (game, cursor) = Game::from_record(record).map_err(bad)?;
    budget.check()?;
    let game = game
        .state_at(cursor)
        .map_err(|error| SearchStop::BadRecord {
            message: error.to_string(),
        })?;
    budget.check()?;
    search(&game, level, &mut budget)
}

fn search(game: &Game, level: Level, budget: &mut Budget) -> Result<SearchReply, SearchStop> {
    if game.side_to_move().is_none() || game.action_limit_reached() {
        return Err(SearchStop::NoMove);
    }
    budget.check()?;
    let found = match level {
        Level::Classic => classic::search(game, budget, budget.seed())?,
        Level::Strong => mcts::search(game, budget, budget.seed())?,
    };
    Ok(SearchReply {
        action: found.action,
        revision: game.revision(),
        actions: game.actions().len(),
        level,
        value: found.value,
        stats: SearchStats {
            probes: budget.probes,
            rejected: budget.rejected,
            nodes: budget.nodes,
            depth: found.depth,
            root_candidates: found.root_candidates,
            elapsed_ms: budget.elapsed_ms(),
            budget_exhausted: budget.exhausted(),
        },
    })
}

/// What a level's search found.
struct Found {
    action: Action,
    value: f64,
    depth: u32,
    root_candidates: u32,
}
