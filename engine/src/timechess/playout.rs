//! Random games from a seed, as the dissertation's branching-factor experiment played them
//! (section 5.1.1: every move chosen uniformly among the legal moves), and a small
//! deterministic generator so that the same seed always gives the same game.

use super::coord::Move;
use super::game::{Game, Outcome};

/// SplitMix64: tiny, fast and good enough to pick moves; deterministic per seed.
#[derive(Clone, Debug)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    /// A generator started from `seed`.
    pub fn new(seed: u64) -> SplitMix64 {
        SplitMix64(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..bound` (`bound > 0`).
    pub fn below(&mut self, bound: usize) -> usize {
        ((self.next_u64() as u128 * bound as u128) >> 64) as usize
    }
}

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
