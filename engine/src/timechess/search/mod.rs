//! The Time Chess opponent: iterative-deepening alpha-beta over the engine's exact rules
//! (issue 15), shaped like the TimeGo opponent so that the app's engine job can run it.
//!
//! [`choose_move`] searches a [`Game`] at a [`Level`] within [`SearchLimits`] and returns
//! a [`SearchReply`], or [`SearchStop::NoMove`] when the side to move has no legal move.
//! The game is never changed. Each level completes its guaranteed depth whatever the node
//! budget (only the caller's cancellation flag interrupts it), which is what makes every
//! level play a mate in one and refuse a move that allows a mate in one; the node budget
//! then bounds the deeper iterations. The same game, level, seed and budget always give
//! the same reply: the seed only shuffles the root moves, so that equally good moves are
//! chosen among at random but reproducibly.
//!
//! [`choose_move_within`] is the app's entry: the same search under wall-clock limits
//! (a soft budget after which no deeper iteration goes on, a hard deadline after which
//! the search gives up) and a stop callback read every few hundred nodes, so that a
//! cancel ends it at once (`SearchStop::Cancelled`).

mod alphabeta;
mod eval;
mod table;

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};

use super::coord::Move;
use super::game::Game;
use crate::rng::SplitMix64;
use alphabeta::{Searcher, INFINITY, MATE, MATE_BOUND};

/// How hard the computer plays.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(rename = "ChessLevel"))]
#[serde(rename_all = "snake_case")]
pub enum Level {
    /// Two plies always (sees every mate in one, for and against), three if cheap.
    Quick,
    /// Three plies always (sees every mate in two), up to five within 200,000 nodes.
    #[default]
    Steady,
    /// Three plies always (sees every mate in two), up to eight within two million nodes.
    Deep,
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 3] = [Level::Quick, Level::Steady, Level::Deep];

    /// The level's number, 1 for the weakest.
    pub fn number(self) -> u8 {
        match self {
            Level::Quick => 1,
            Level::Steady => 2,
            Level::Deep => 3,
        }
    }

    /// The name used by the command line and in documents (`quick`, `steady`, `deep`).
    pub fn name(self) -> &'static str {
        match self {
            Level::Quick => "quick",
            Level::Steady => "steady",
            Level::Deep => "deep",
        }
    }

    /// One player-facing sentence saying how the level plays.
    pub fn summary(self) -> &'static str {
        match self {
            Level::Quick => "Looks two moves ahead: never misses a mate in one, answers at once.",
            Level::Steady => "Looks three to five moves ahead: finds every mate in two.",
            Level::Deep => "Searches up to eight moves ahead within its time: the strongest.",
        }
    }

    /// The level called `name` (or numbered, `1` to `3`), if there is one.
    pub fn from_name(name: &str) -> Option<Level> {
        Level::ALL
            .into_iter()
            .find(|level| level.name() == name)
            .or_else(|| name.parse::<u8>().ok().and_then(Level::from_number))
    }

    /// The level numbered `number`, if there is one.
    pub fn from_number(number: u8) -> Option<Level> {
        Level::ALL
            .into_iter()
            .find(|level| level.number() == number)
    }

    /// Plies every search at this level completes, whatever its node budget.
    pub fn guaranteed_depth(self) -> u32 {
        match self {
            Level::Quick => 2,
            Level::Steady | Level::Deep => 3,
        }
    }

    /// The deepest iteration this level starts.
    pub fn max_depth(self) -> u32 {
        match self {
            Level::Quick => 3,
            Level::Steady => 5,
            Level::Deep => 8,
        }
    }

    /// Nodes after which no deeper iteration goes on, unless the limits say otherwise.
    pub fn node_budget(self) -> u64 {
        match self {
            Level::Quick => 20_000,
            Level::Steady => 200_000,
            Level::Deep => 2_000_000,
        }
    }
}

/// The seed and work budget of one search.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchLimits {
    /// Seed of the tie-breaking shuffle of the root moves.
    pub seed: u64,
    /// Node budget replacing the level's own ([`Level::node_budget`]).
    pub nodes: Option<u64>,
    /// Deepest iteration replacing the level's own ([`Level::max_depth`]); the level's
    /// guaranteed depth still completes if this is shallower.
    pub depth: Option<u32>,
    /// Wall-clock milliseconds after which no iteration beyond the level's guaranteed
    /// depth goes on ([`choose_move_within`] only; none: the node budget alone).
    pub soft_budget_ms: Option<u64>,
    /// Wall-clock milliseconds after which the search stops without a reply
    /// ([`choose_move_within`] only; none: no deadline).
    pub hard_deadline_ms: Option<u64>,
}

impl SearchLimits {
    /// The app's limits: a soft budget of `soft_ms` and a hard deadline at `hard_ms`.
    pub fn timed(soft_ms: u64, hard_ms: u64) -> SearchLimits {
        SearchLimits {
            soft_budget_ms: Some(soft_ms),
            hard_deadline_ms: Some(hard_ms),
            ..SearchLimits::default()
        }
    }
}

/// What a search did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SearchStats {
    /// Positions visited, quiescence included.
    pub nodes: u64,
    /// Deepest iteration completed, in plies (0 if cancelled before the first).
    pub depth: u32,
    /// Legal moves at the root.
    pub root_moves: u32,
    /// True if the caller's flag stopped the search.
    pub cancelled: bool,
    /// True if the node budget ended an iteration before it was complete.
    pub budget_exhausted: bool,
}

/// The computer's move and how it was found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchReply {
    /// The chosen move, legal in the searched position.
    pub mv: Move,
    /// The turn of the searched position ([`Game::now`]): apply the reply only there.
    pub turn: u32,
    /// The level that searched.
    pub level: Level,
    /// The search's estimate for the mover in centipawns (mates are near ±1,000,000).
    pub score: i32,
    /// `Some(n)`: the mover mates in `n` moves; `Some(-n)`: it is mated in `n`.
    pub mate: Option<i32>,
    /// What the search did.
    pub stats: SearchStats,
}

/// Why a search returned no move.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SearchStop {
    /// The game has ended: the side to move has no legal move.
    #[error("there is no move to choose: the game has ended")]
    NoMove,
    /// The caller's stop callback asked for the end ([`choose_move_within`] only).
    #[error("the search was cancelled")]
    Cancelled,
    /// The hard deadline passed before the level's guaranteed depth was complete.
    #[error("no move within the deadline of {deadline_ms} ms")]
    Deadline {
        /// The deadline in milliseconds.
        deadline_ms: u64,
    },
}

/// Chooses the computer's move for the side to move in `game`.
///
/// `cancel` is read every few hundred nodes; once it is set the search stops and replies
/// with the best move found so far (`stats.cancelled` tells): the last complete
/// iteration's, or a move the unfinished one has already proved better.
pub fn choose_move(
    game: &Game,
    level: Level,
    limits: &SearchLimits,
    cancel: &AtomicBool,
) -> Result<SearchReply, SearchStop> {
    let untimed = SearchLimits {
        soft_budget_ms: None,
        hard_deadline_ms: None,
        ..*limits
    };
    search(game, level, &untimed, &|| cancel.load(Ordering::Relaxed))
}

/// Chooses the computer's move under wall-clock limits, for the app: iterations beyond
/// the level's guaranteed depth stop at the soft budget (or the node budget, whichever
/// comes first); the hard deadline and `stop` end the search without a reply
/// ([`SearchStop::Deadline`], [`SearchStop::Cancelled`]). `stop` is called every few
/// hundred nodes, so a cancel ends the search within milliseconds.
pub fn choose_move_within(
    game: &Game,
    level: Level,
    limits: &SearchLimits,
    stop: &dyn Fn() -> bool,
) -> Result<SearchReply, SearchStop> {
    let reply = search(game, level, limits, stop)?;
    if reply.stats.cancelled {
        return Err(SearchStop::Cancelled);
    }
    Ok(reply)
}

fn search(
    game: &Game,
    level: Level,
    limits: &SearchLimits,
    cancel: &dyn Fn() -> bool,
) -> Result<SearchReply, SearchStop> {
    let start = Instant::now();
    let mut work = game.clone();
    let mut root = work.legal_moves();
    if root.is_empty() {
        return Err(SearchStop::NoMove);
    }
    SplitMix64::new(limits.seed).shuffle(&mut root);
    let budget = limits.nodes.unwrap_or(level.node_budget());
    let mut searcher = Searcher::new(work, cancel, budget);
    searcher.soft_deadline = limits
        .soft_budget_ms
        .map(|ms| start + Duration::from_millis(ms));
    searcher.hard_deadline = limits
        .hard_deadline_ms
        .map(|ms| start + Duration::from_millis(ms));
    let root_moves = root.len() as u32;
    let mut root: Vec<Move> = searcher
        .order(
            root.into_iter().map(|mv| ((), mv)),
            0,
            level.guaranteed_depth(),
        )
        .into_iter()
        .map(|(_, mv)| mv)
        .collect();
    // Cancelled before the first iteration completes, the reply is the move the ordering
    // puts first (a capture or a check if there is one).
    let mut best = Best {
        mv: root[0],
        score: 0,
    };
    let mut depth = 0;
    searcher.poll();
    let max_depth = limits
        .depth
        .unwrap_or(level.max_depth())
        .max(level.guaranteed_depth());
    while !searcher.stopped && depth < max_depth {
        let target = depth + 1;
        searcher.enforce_budget = target > level.guaranteed_depth();
        if searcher.check_clock() {
            break;
        }
        let (found, scores) = iterate(&mut searcher, &root, target);
        if searcher.stopped {
            // The moves searched before the stop have scores of the unfinished depth; one
            // that beat the first (the previous best) is proved better, so it is played.
            if let Some(partial) = found.filter(|p| depth == 0 || p.mv != best.mv) {
                best = partial;
            }
            break;
        }
        let Some(found) = found else {
            break;
        };
        best = found;
        depth = target;
        // The next iteration tries the moves best first (a stable sort keeps the seeded
        // order among equals).
        let mut ranked: Vec<(i32, Move)> = scores.into_iter().zip(root).collect();
        ranked.sort_by_key(|entry| std::cmp::Reverse(entry.0));
        root = ranked.into_iter().map(|(_, mv)| mv).collect();
        if best.score.abs() >= MATE - target as i32 {
            // A mate within the horizon is proved: deeper search cannot shorten it.
            break;
        }
    }
    if searcher.past_deadline && depth < level.guaranteed_depth() && !searcher.cancelled {
        // The level's promise (its guaranteed depth) was not kept in time: no reply.
        return Err(SearchStop::Deadline {
            deadline_ms: limits.hard_deadline_ms.unwrap_or_default(),
        });
    }
    let mate = (best.score.abs() >= MATE_BOUND).then(|| {
        let moves = (MATE - best.score.abs() + 1) / 2;
        if best.score > 0 {
            moves
        } else {
            -moves
        }
    });
    Ok(SearchReply {
        mv: best.mv,
        turn: game.now(),
        level,
        score: best.score,
        mate,
        stats: SearchStats {
            nodes: searcher.nodes,
            depth,
            root_moves,
            cancelled: searcher.cancelled,
            budget_exhausted: searcher.exhausted,
        },
    })
}

#[derive(Clone, Copy, Debug)]
struct Best {
    mv: Move,
    score: i32,
}

/// One iteration at `depth` over the root moves in order: the best move among those
/// searched (all of them unless the search stopped) and their scores (exact for the best,
/// an upper bound for the others).
fn iterate(searcher: &mut Searcher, root: &[Move], depth: u32) -> (Option<Best>, Vec<i32>) {
    let mut alpha = -INFINITY;
    let mut best: Option<Best> = None;
    let mut scores = Vec::with_capacity(root.len());
    for &mv in root {
        searcher.game.play_unsettled(mv);
        let score = -searcher.node(depth - 1, 1, -INFINITY, -alpha);
        searcher.game.undo();
        if searcher.stopped {
            break;
        }
        scores.push(score);
        if best.is_none() || score > alpha {
            alpha = score;
            best = Some(Best { mv, score });
        }
    }
    (best, scores)
}
