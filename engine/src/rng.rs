//! The one seeded random generator of the engines and tools: splitmix64.
//!
//! Every random choice in the workspace (opponent searches, playouts, seeded test lines,
//! benchmarks, the match runner) draws from [`SplitMix64`], so a seed always gives the same
//! stream on every machine. Several of those streams are pinned by tests, fixtures and the
//! figures in `docs/strength.md` and `docs/performance.md`; the generators they were made
//! with differed only in how a draw is reduced to a range, so each reduction is kept as its
//! own named method and a stream reproduces exactly when the caller keeps its method:
//!
//! - [`SplitMix64::below`]: multiply-shift (`(x * n) >> 64`), the surfaces' and Time
//!   Chess's playouts;
//! - [`SplitMix64::below_mod`]: `x % n`, the TimeGo opponent, the TimeGo test lines and
//!   the Go core's tests;
//! - [`SplitMix64::next_remixed`]: the match runner's opening stream, whose state is its
//!   last output (`state = mix(state + γ)`) instead of a plain counter.
//!
//! [`XorShift64`] is not a second generator for new code: it only reproduces the stream
//! that produced the committed fixture `tests/fixtures/timego-1024-actions.timego.json`
//! (and the UI measurement's seeded line), which a splitmix64 stream cannot.

use crate::go::zobrist::mix;

/// The splitmix64 increment (2⁶⁴ / φ, odd).
pub const GAMMA: u64 = 0x9E37_79B9_7F4A_7C15;

/// A splitmix64 generator: a 64-bit counter advanced by [`GAMMA`], each output the
/// counter through the splitmix64 finaliser ([`mix`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    /// A generator whose counter starts at `seed` (the first output is `mix(seed + γ)`).
    #[inline]
    pub const fn new(seed: u64) -> SplitMix64 {
        SplitMix64(seed)
    }

    /// The next 64 random bits.
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(GAMMA);
        mix(self.0)
    }

    /// A uniform-enough integer in `0..bound` by multiply-shift (0 if `bound` is 0): one
    /// multiplication, no division, so it is the playouts' choice.
    #[inline]
    pub fn below(&mut self, bound: usize) -> usize {
        ((u128::from(self.next_u64()) * bound as u128) >> 64) as usize
    }

    /// An integer in `0..n` by taking the next output modulo `n`; 0 without drawing if `n`
    /// is 0. A different stream from [`SplitMix64::below`] for the same seed.
    #[inline]
    pub fn below_mod(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next_u64() % n as u64) as usize
        }
    }

    /// A number in `[0, 1)` with 53 random bits.
    #[inline]
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }

    /// Shuffles `items` in place (Fisher–Yates from the back, indices by
    /// [`SplitMix64::below_mod`]).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below_mod(i + 1);
            items.swap(i, j);
        }
    }

    /// The next output of the remixed variant, whose state is its previous output:
    /// `state = mix(state + γ)`, returned as is. Kept for the match runner's openings so
    /// the recorded match figures reproduce; do not mix it with [`SplitMix64::next_u64`]
    /// on one generator.
    #[inline]
    pub fn next_remixed(&mut self) -> u64 {
        self.0 = mix(self.0.wrapping_add(GAMMA));
        self.0
    }
}

/// Marsaglia's xorshift64 (shifts 13, 7, 17), only to reproduce the stream of the committed
/// 1,024-action fixture and the UI measurement's line; new code uses [`SplitMix64`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct XorShift64(u64);

impl XorShift64 {
    /// A generator whose state starts at `seed` (a zero seed stays zero forever).
    pub const fn new(seed: u64) -> XorShift64 {
        XorShift64(seed)
    }

    /// The next state, which is also the output.
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// An integer in `0..n` (`n > 0`) by taking the next output modulo `n`.
    #[inline]
    pub fn below_mod(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
}

#[cfg(test)]
mod tests {
    //! Each method against the hand-written generator it replaced, copied here verbatim,
    //! so a change that would shift a pinned stream fails here first.
    use super::*;

    const SEEDS: [u64; 6] = [0, 1, 7, 17, 0x4372_6162_4361_6E6F, u64::MAX];

    #[test]
    fn the_first_outputs_are_the_published_splitmix64_values() {
        // Vigna's reference splitmix64.c started at 0.
        let mut rng = SplitMix64::new(0);
        assert_eq!(rng.next_u64(), 0xE220_A839_7B1D_CDAF);
        assert_eq!(rng.next_u64(), 0x6E78_9E6A_A1B9_65F4);
        assert_eq!(rng.next_u64(), 0x06C4_5D18_8009_454F);
    }

    #[test]
    fn below_is_the_playouts_multiply_shift() {
        for seed in SEEDS {
            let mut state = seed;
            let mut old = |bound: usize| {
                state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
                let mut z = state;
                z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
                z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
                ((u128::from(z ^ (z >> 31)) * bound as u128) >> 64) as usize
            };
            let mut rng = SplitMix64::new(seed);
            for bound in (1..200).chain([usize::MAX, 1 << 40]) {
                assert_eq!(rng.below(bound), old(bound), "seed {seed} bound {bound}");
            }
        }
    }

    #[test]
    fn below_mod_unit_and_shuffle_are_the_opponents() {
        for seed in SEEDS {
            let mut state = seed;
            let mut next = || {
                state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
                mix(state)
            };
            let mut rng = SplitMix64::new(seed);
            for n in 1..100 {
                assert_eq!(rng.below_mod(n), (next() % n as u64) as usize);
                let unit = rng.unit();
                assert_eq!(unit, (next() >> 11) as f64 / (1u64 << 53) as f64);
                assert!((0.0..1.0).contains(&unit));
            }
            assert_eq!(rng.below_mod(0), 0, "no draw for an empty range");
            assert_eq!(rng.next_u64(), next());
            let mut items: Vec<u32> = (0..40).collect();
            let mut expected = items.clone();
            rng.shuffle(&mut items);
            for i in (1..expected.len()).rev() {
                let j = (next() % (i as u64 + 1)) as usize;
                expected.swap(i, j);
            }
            assert_eq!(items, expected);
            assert_ne!(
                items,
                (0..40).collect::<Vec<_>>(),
                "a shuffle moves something"
            );
        }
    }

    #[test]
    fn next_remixed_is_the_match_runners_opening_stream() {
        for seed in SEEDS {
            let mut state = seed;
            let mut rng = SplitMix64::new(seed);
            for _ in 0..100 {
                state = mix(state.wrapping_add(0x9E37_79B9_7F4A_7C15));
                assert_eq!(rng.next_remixed(), state);
            }
        }
        let (mut plain, mut remixed) = (SplitMix64::new(5), SplitMix64::new(5));
        plain.next_u64();
        remixed.next_remixed();
        assert_ne!(
            plain.next_u64(),
            remixed.next_remixed(),
            "the variants differ"
        );
    }

    #[test]
    fn xorshift64_is_the_fixture_lines_stream() {
        for seed in SEEDS.map(|seed| seed | 1) {
            let mut state = seed;
            let mut rng = XorShift64::new(seed);
            for n in 1..200 {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                assert_eq!(rng.below_mod(n), (state % n as u64) as usize);
            }
        }
    }
}
