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

mod alphabeta;
mod eval;

use std::sync::atomic::AtomicBool;

use super::coord::Move;
use super::game::Game;
use crate::rng::SplitMix64;
use alphabeta::{Searcher, INFINITY, MATE, MATE_BOUND};

/// How hard the computer plays.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Level {
    /// Two plies always (sees every mate in one, for and against), three if cheap.
    Quick,
    /// Three plies always (sees every mate in two), up to five within 200,000 nodes.
    #[default]
    Steady,
    /// Three plies always (sees every mate in two), up to eight within a million nodes.
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
            Level::Deep => 1_000_000,
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
    let mut work = game.clone();
    let mut root = work.legal_moves();
    if root.is_empty() {
        return Err(SearchStop::NoMove);
    }
    SplitMix64::new(limits.seed).shuffle(&mut root);
    let budget = limits.nodes.unwrap_or(level.node_budget());
    let mut searcher = Searcher::new(work, cancel, budget);
    let root_moves = root.len() as u32;
    let mut root = searcher.order(root, 0, level.guaranteed_depth());
    // Cancelled before the first iteration completes, the reply is the move the ordering
    // puts first (a capture or a check if there is one).
    let mut best = Best {
        mv: root[0],
        score: 0,
    };
    let mut depth = 0;
    searcher.poll();
    while !searcher.stopped && depth < level.max_depth() {
        let target = depth + 1;
        searcher.enforce_budget = target > level.guaranteed_depth();
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
