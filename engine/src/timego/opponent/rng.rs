//! The opponent's seeded random numbers: every random choice of a search comes from its
//! seed, so a deterministic budget reproduces the same reply.

use crate::go::zobrist::mix;
pub(crate) use crate::rng::SplitMix64 as Rng;

/// The generator of a search started from `seed` (the seed is mixed with a fixed tag first,
/// so searches do not share a stream with other generators given the same seed).
pub(crate) fn seeded(seed: u64) -> Rng {
    Rng::new(mix(seed ^ 0x4F50_504F_4E45_4E54))
}
