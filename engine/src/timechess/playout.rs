//! Random games from a seed, as the dissertation's branching-factor experiment played them
//! (section 5.1.1: every move chosen uniformly among the legal moves), and a small
//! deterministic generator so that the same seed always gives the same game.

use super::coord::Move;
use super::game::{Game, Outcome};

/// Moves are picked with the shared generator's multiply-shift [`SplitMix64::below`], the
/// reduction these playouts always used, so a seed still gives the same game.
pub use crate::rng::SplitMix64;

/// What one random game looked like.
#[derive(Clone, Debug)]
pub struct Playout {
    /// The number of legal moves at each turn played, in order.
    pub branching: Vec<usize>,
    /// How it ended, or `None` if it was stopped at the turn limit asked for.
    pub outcome: Option<Outcome>,
    /// The moves played.
    pub moves: Vec<Move>,
}

/// Plays uniformly random legal moves from `game` until the game ends or `max_turns`
/// moves have been played; the game is left at the final position.
pub fn random_playout(game: &mut Game, rng: &mut SplitMix64, max_turns: usize) -> Playout {
    let mut branching = Vec::new();
    let mut moves = Vec::new();
    while game.outcome().is_none() && moves.len() < max_turns {
        let legal = game.legal_moves();
        if legal.is_empty() {
            break;
        }
        branching.push(legal.len());
        let mv = legal[rng.below(legal.len())];
        if game.play(mv).is_err() {
            break;
        }
        moves.push(mv);
    }
    Playout {
        branching,
        outcome: game.outcome(),
        moves,
    }
}
