//! The opponent's transposition table: one entry per slot, indexed by the low bits of the
//! state's hash ([`Game::zobrist`](super::super::game::Game::zobrist)) and checked against
//! the whole hash, replaced by any later store except a shallower one of the same state.

use super::super::coord::Move;

/// What a stored score says about the node's value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub(super) enum Bound {
    /// The value itself.
    #[default]
    Exact,
    /// The value is at least the score (the search was cut off above the window).
    Lower,
    /// The value is at most the score (every move failed low).
    Upper,
}

/// One remembered node.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Entry {
    /// The whole hash of the state (0: an empty slot, which no real state is worth
    /// worrying about).
    pub key: u64,
    /// The best move found, to be tried first.
    pub mv: Option<Move>,
    /// The score, mates counted from this node.
    pub score: i32,
    /// Plies searched below the node.
    pub depth: u8,
    /// What the score bounds.
    pub bound: Bound,
}

/// A fixed-size table, allocated per search so that a search depends only on its inputs.
pub(super) struct Table {
    slots: Vec<Entry>,
    mask: usize,
}

/// Slots in the smallest and the largest table.
const MIN_SLOTS: usize = 1 << 10;
const MAX_SLOTS: usize = 1 << 18;

impl Table {
    /// A table sized for a search of about `budget` nodes: full-width nodes are a small
    /// share of all nodes (most are quiescence), so a quarter of the budget is plenty.
    pub fn for_budget(budget: u64) -> Table {
        let wanted = usize::try_from(budget / 4).unwrap_or(MAX_SLOTS);
        let slots = wanted.clamp(MIN_SLOTS, MAX_SLOTS).next_power_of_two();
        Table {
            slots: vec![Entry::default(); slots],
            mask: slots - 1,
        }
    }

    /// The entry stored for the state hashed `key`, if it is still there.
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let entry = self.slots[key as usize & self.mask];
        (entry.key == key && key != 0).then_some(entry)
    }

    /// Remembers a node, unless the slot holds a deeper search of the same state.
    pub fn store(&mut self, key: u64, mv: Option<Move>, score: i32, depth: u8, bound: Bound) {
        let slot = &mut self.slots[key as usize & self.mask];
        if slot.key == key && slot.depth > depth {
            return;
        }
        let mv = mv.or(if slot.key == key { slot.mv } else { None });
        *slot = Entry {
            key,
            mv,
            score,
            depth,
            bound,
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn some_move() -> Move {
        "e2t0e4t0".parse().expect("notation")
    }

    #[test]
    fn a_stored_node_is_found_by_its_whole_key_only() {
        let mut table = Table::for_budget(0);
        let key = 0x1234_5678_9ABC_DEF1;
        table.store(key, Some(some_move()), 42, 3, Bound::Lower);
        let entry = table.probe(key).expect("stored");
        assert_eq!(
            (entry.mv, entry.score, entry.depth, entry.bound),
            (Some(some_move()), 42, 3, Bound::Lower)
        );
        // Same slot, another state: not this node.
        let alias = key ^ (1 << 40);
        assert!(table.probe(alias).is_none());
        assert!(table.probe(0).is_none(), "an empty slot is no state");
    }

    #[test]
    fn a_shallower_search_of_the_same_state_does_not_replace_a_deeper_one() {
        let mut table = Table::for_budget(0);
        let key = 77;
        table.store(key, Some(some_move()), 10, 4, Bound::Exact);
        table.store(key, None, -5, 2, Bound::Upper);
        assert_eq!(table.probe(key).expect("kept").depth, 4);
        // As deep or deeper replaces it, keeping the move when the new store has none.
        table.store(key, None, -5, 4, Bound::Upper);
        let entry = table.probe(key).expect("replaced");
        assert_eq!((entry.score, entry.bound), (-5, Bound::Upper));
        assert_eq!(entry.mv, Some(some_move()));
        // Another state in the same slot replaces it whatever its depth.
        let other = key + (1 << 30);
        table.store(other, None, 1, 1, Bound::Exact);
        assert!(table.probe(key).is_none());
        assert_eq!(table.probe(other).expect("stored").depth, 1);
    }
}
