//! The actual-play repetition record: every (placement order, locked boundary) pair reached
//! by actual play, including the initial pair. Lookups go by hash and are confirmed by
//! comparing the complete order, so the rule is applied exactly.

use super::types::Placement;
use std::collections::HashMap;
use std::sync::Arc;

#[derive(Clone, Debug)]
struct Reached {
    placements: Arc<[Placement]>,
    locked: usize,
    action: usize,
}

/// The set of reached pairs.
#[derive(Clone, Debug, Default)]
pub(crate) struct Visited {
    by_hash: HashMap<u64, Vec<u32>>,
    reached: Vec<Reached>,
}

impl Visited {
    /// Records that `(prefix ++ suffix, locked)` with hash `hash` was reached after
    /// `action` actions.
    pub(crate) fn insert(
        &mut self,
        hash: u64,
        placements: &[Placement],
        locked: usize,
        action: usize,
    ) {
        if self.find(hash, placements, &[], locked).is_some() {
            return;
        }
        self.by_hash
            .entry(hash)
            .or_default()
            .push(self.reached.len() as u32);
        self.reached.push(Reached {
            placements: placements.into(),
            locked,
            action,
        });
    }

    /// The action count at which `(prefix ++ suffix, locked)` was reached, if it was.
    pub(crate) fn find(
        &self,
        hash: u64,
        prefix: &[Placement],
        suffix: &[Placement],
        locked: usize,
    ) -> Option<usize> {
        self.by_hash.get(&hash)?.iter().find_map(|&i| {
            let reached = &self.reached[i as usize];
            let same = reached.locked == locked
                && reached.placements.len() == prefix.len() + suffix.len()
                && reached.placements[..prefix.len()] == *prefix
                && reached.placements[prefix.len()..] == *suffix;
            same.then_some(reached.action)
        })
    }

    /// Number of distinct pairs reached.
    pub(crate) fn len(&self) -> usize {
        self.reached.len()
    }
}
