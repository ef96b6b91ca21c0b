//! A 64-bit hash of everything in a game that decides its future, for the opponent's
//! transposition table (issue 15): every layer of the stack with every piece instance
//! (lineage, side, kind, age, moved — a braindead copy is an instance like any other, so
//! it is covered), the future queue of travellers, the erasure age of every lineage, the
//! turn (hence the side to move and the distance to the move limit) and the result.
//!
//! Nothing else in a [`Game`] changes what is legal or how the game can end: the moves
//! played and their journals are only what `undo` and the views read. Time Chess has no
//! repetition rule, so no outcome depends on the path to a state.
//!
//! The hash is kept up to date by the same writes that `make`, `commit`, `undo` and
//! `unmake` journal: each [`Layer`] keeps the XOR of its pieces' keys, and the game keeps
//! the XOR of one key per layer (its pieces' XOR mixed with its turn), per traveller and
//! per erased lineage, changed by the difference each write makes. The search's moves
//! (`play_unsettled`) push their new layer without hashing it, and most are taken back
//! before anything asks for their hash: the layers from `Game::hashed_layers` up are
//! hashed by `Game::settle_hash` (at the search's full-width nodes, and by every `play`),
//! or on the fly by [`Game::zobrist`]. A state built by
//! assigning fields directly (tests) starts from [`Game::rehash`] or not at all: every
//! update is a difference, so a stale starting value only offsets the hashes of all later
//! states alike.

use super::coord::Square;
use super::game::{Game, Traveller, ALIVE};
use super::layer::Layer;
use super::piece::{Lineage, Piece};
use crate::go::zobrist::mix;

/// Salts keeping the kinds of key apart.
const PIECE: u64 = 0x5A17_0000_0000_0001;
const LAYER: u64 = 0x5A17_0000_0000_0002;
const TRAVELLER: u64 = 0x5A17_0000_0000_0003;
const ERASED: u64 = 0x5A17_0000_0000_0004;
const TURN: u64 = 0x5A17_0000_0000_0005;
const OUTCOME: u64 = 0x5A17_0000_0000_0006;

/// The bits of one piece instance, all of its fields.
fn piece_bits(piece: Piece) -> u64 {
    u64::from(piece.lineage)
        | (piece.color as u64) << 8
        | (piece.kind as u64) << 9
        | u64::from(piece.moved) << 12
        | u64::from(piece.age) << 16
}

/// The key of `piece` standing on `square` of some layer.
#[inline]
pub(super) fn piece_key(square: Square, piece: Piece) -> u64 {
    mix(PIECE ^ (piece_bits(piece) << 8 | u64::from(square)).wrapping_mul(0x9E37_79B9_7F4A_7C15))
}

/// The key of the layer of `turn` whose pieces' keys XOR to `pieces`.
#[inline]
pub(super) fn layer_key(pieces: u64, turn: u32) -> u64 {
    mix(mix(pieces ^ LAYER) ^ u64::from(turn))
}

/// The key of a traveller in the queue. The queue's order is its departure order, one
/// departure per turn, so the set of travellers determines the queue.
#[inline]
pub(super) fn traveller_key(traveller: &Traveller) -> u64 {
    let pos = |p: super::coord::Pos| u64::from(p.turn) << 6 | u64::from(p.square());
    let bits = piece_bits(traveller.piece) ^ pos(traveller.from) << 32;
    mix(mix(TRAVELLER ^ bits) ^ pos(traveller.to))
}

/// The key of `lineage` erased from `age` on; nothing for a lineage never erased.
#[inline]
pub(super) fn erased_key(lineage: Lineage, age: u16) -> u64 {
    if age == ALIVE {
        0
    } else {
        mix(ERASED ^ (u64::from(lineage) << 16 | u64::from(age)))
    }
}

/// The XOR of the keys of a layer's pieces, from scratch.
pub(super) fn layer_pieces(layer: &Layer) -> u64 {
    layer
        .pieces()
        .fold(0, |hash, (square, piece)| hash ^ piece_key(square, piece))
}

impl Game {
    /// The hash of the state that decides the game's future (see the module): equal
    /// states hash equally, different ones almost never do.
    pub fn zobrist(&self) -> u64 {
        let outcome = self.outcome.map_or(0, |o| {
            mix(OUTCOME ^ (o.winner as u64) << 8 ^ o.reason as u64)
        });
        self.kept_hash() ^ mix(TURN ^ u64::from(self.now())) ^ outcome
    }

    /// The incrementally kept part of [`Game::zobrist`]: `hash`, with the layers not
    /// hashed yet hashed now.
    pub(super) fn kept_hash(&self) -> u64 {
        let mut hash = self.hash;
        for (turn, layer) in self.layers.iter().enumerate().skip(self.hashed_layers) {
            hash ^= layer_key(layer_pieces(layer), turn as u32);
        }
        hash
    }

    /// Hashes the layers a search pushed unhashed, so that the hash of this state and of
    /// the states below it costs nothing more.
    pub(super) fn settle_hash(&mut self) {
        for turn in self.hashed_layers..self.layers.len() {
            let layer = &mut self.layers[turn];
            layer.rehash();
            self.hash ^= layer_key(layer.hash(), turn as u32);
        }
        self.hashed_layers = self.layers.len();
    }

    /// The incrementally kept part of [`Game::zobrist`], computed from scratch.
    pub(super) fn hash_from_scratch(&self) -> u64 {
        let mut hash = 0;
        for (turn, layer) in self.layers.iter().enumerate() {
            if turn < self.hashed_layers {
                debug_assert_eq!(layer.hash(), layer_pieces(layer));
            }
            hash ^= layer_key(layer_pieces(layer), turn as u32);
        }
        for traveller in &self.queue {
            hash ^= traveller_key(traveller);
        }
        for (lineage, &age) in self.killed_from.iter().enumerate() {
            hash ^= erased_key(lineage as Lineage, age);
        }
        hash
    }

    /// Sets the kept hash from the state, after the state was assigned directly.
    pub(super) fn rehash(&mut self) {
        for layer in &mut self.layers {
            layer.rehash();
        }
        self.hashed_layers = self.layers.len();
        self.hash = self.hash_from_scratch();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::SplitMix64;
    use proptest::prelude::*;

    /// Plays `steps` random actions from the start: mostly legal moves, sometimes a
    /// take-back, checking after each that the kept hash is the hash from scratch.
    fn walk(seed: u64, steps: usize) -> Game {
        let mut rng = SplitMix64::new(seed);
        let mut game = Game::new();
        for _ in 0..steps {
            let moves = game.legal_moves();
            if game.outcome().is_some() || moves.is_empty() || rng.below(5) == 0 {
                if game.undo().is_none() {
                    break;
                }
            } else {
                let mv = moves[rng.below(moves.len())];
                // The search's own path (no settling, layers left unhashed, hashed
                // now and then as at its full-width nodes) and the game's alike.
                if rng.below(2) == 0 {
                    game.play_unsettled(mv);
                    if rng.below(3) == 0 {
                        game.settle_hash();
                    }
                } else {
                    game.play(mv).expect("listed moves are legal");
                }
            }
            assert_eq!(game.kept_hash(), game.hash_from_scratch());
        }
        game
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]

        #[test]
        fn the_kept_hash_is_the_hash_from_scratch(seed in any::<u64>(), steps in 1usize..160) {
            let mut game = walk(seed, steps);
            prop_assert_eq!(game.kept_hash(), game.hash_from_scratch());
            game.settle_hash();
            prop_assert_eq!(game.hash, game.hash_from_scratch());
        }

        #[test]
        fn undoing_every_move_gives_back_the_starting_hash(seed in any::<u64>(), steps in 1usize..120) {
            let start = Game::new().zobrist();
            let mut game = walk(seed, steps);
            while game.undo().is_some() {}
            prop_assert_eq!(game.zobrist(), start);
        }
    }

    /// The fields a hash claims to cover, compared directly.
    fn same_state(a: &Game, b: &Game) -> bool {
        a.layers == b.layers
            && a.future_queue() == b.future_queue()
            && a.killed_from == b.killed_from
            && a.outcome == b.outcome
    }

    #[test]
    fn equal_hashes_on_random_games_are_equal_states() {
        // Every state reached by many random walks, indexed by hash: a collision between
        // different states would show here; equal states reached by different paths (moves
        // taken back and played again) must hash equally.
        let mut seen: std::collections::HashMap<u64, Game> = Default::default();
        let mut equal_pairs = 0;
        for seed in 0..60u64 {
            let mut rng = SplitMix64::new(seed);
            let mut game = Game::new();
            for _ in 0..80 {
                let moves = game.legal_moves();
                if game.outcome().is_some() || moves.is_empty() || rng.below(4) == 0 {
                    if game.undo().is_none() {
                        continue;
                    }
                } else {
                    game.play(moves[rng.below(moves.len())]).expect("legal");
                }
                let hash = game.zobrist();
                match seen.get(&hash) {
                    Some(other) => {
                        assert!(same_state(other, &game), "hash collision at seed {seed}");
                        equal_pairs += 1;
                    }
                    None => {
                        for other in seen.values() {
                            assert!(!same_state(other, &game), "equal states hash apart");
                        }
                        seen.insert(hash, game.clone());
                    }
                }
            }
        }
        assert!(
            equal_pairs > 0,
            "the walks revisit states (after take-backs)"
        );
    }

    #[test]
    fn every_covered_field_changes_the_hash() {
        let game = Game::new();
        let base = game.zobrist();
        let mut aged = game.clone();
        let mut layer = aged.layers[0].clone();
        let pawn = layer.get(8).expect("a white pawn on a2");
        layer.set(8, Some(Piece { age: 1, ..pawn }));
        aged.layers[0] = layer;
        aged.rehash();
        assert_ne!(aged.zobrist(), base, "a piece's age");
        let mut moved = game.clone();
        let mut layer = moved.layers[0].clone();
        layer.set(
            8,
            Some(Piece {
                moved: true,
                ..pawn
            }),
        );
        moved.layers[0] = layer;
        moved.rehash();
        assert_ne!(moved.zobrist(), base, "a piece's moved flag");
        let mut erased = game.clone();
        erased.killed_from[8] = 3;
        erased.rehash();
        assert_ne!(erased.zobrist(), base, "an erased lineage");
        let mut queued = game.clone();
        let from = super::super::coord::Pos::new(8, 0);
        queued.queue.push(Traveller {
            piece: pawn,
            from,
            to: super::super::coord::Pos::new(16, 2),
        });
        queued.rehash();
        assert_ne!(queued.zobrist(), base, "a traveller");
        // The same layers in another order hash differently.
        let mut played = game.clone();
        played
            .play("a2t0a3t0".parse().expect("notation"))
            .expect("legal");
        let mut swapped = played.clone();
        swapped.layers.swap(0, 1);
        swapped.rehash();
        assert_ne!(played.zobrist(), swapped.zobrist(), "the turn of a layer");
    }
}
