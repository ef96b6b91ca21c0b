//! Search limits and the budget that enforces them: the soft budget (wall clock, or a
//! count of probes and nodes in deterministic mode), Classic's probe cap, the hard
//! deadline and the caller's cancellation flag.

use super::{Level, SearchStop};
use crate::timego::{Action, Game, ProbeSummary, Rejection};
use serde::{Deserialize, Serialize};
use std::time::{Duration, Instant};

/// Classic's cap on legality probes, rejected ones included.
pub(crate) const CLASSIC_PROBE_LIMIT: u64 = 1_200;

/// How long and how hard a search may work.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SearchLimits {
    /// Wall-clock milliseconds after which no further work starts (ignored when
    /// `work_budget` is set).
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub soft_budget_ms: u64,
    /// Wall-clock milliseconds after which the search stops without a reply, whatever
    /// it is doing.
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub hard_deadline_ms: u64,
    /// Seed of every random choice (sampling, tie-breaks, playouts).
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub seed: u64,
    /// Deterministic mode: a budget of probes plus nodes replacing the wall-clock soft
    /// budget, so the same seed gives the same reply on any machine.
    #[cfg_attr(feature = "ts", ts(type = "number | null"))]
    pub work_budget: Option<u64>,
}

impl Default for SearchLimits {
    /// The seed's limits: 900 ms soft budget, 2,500 ms hard deadline.
    fn default() -> SearchLimits {
        SearchLimits {
            soft_budget_ms: 900,
            hard_deadline_ms: 2_500,
            seed: 0,
            work_budget: None,
        }
    }
}

impl SearchLimits {
    /// Deterministic limits: `work` probes plus nodes, seed `seed`, and a hard deadline of
    /// `hard_deadline_ms` as a safety net only.
    pub fn deterministic(work: u64, seed: u64, hard_deadline_ms: u64) -> SearchLimits {
        SearchLimits {
            soft_budget_ms: hard_deadline_ms,
            hard_deadline_ms,
            seed,
            work_budget: Some(work),
        }
    }

    /// Deterministic limits equivalent to a soft budget of `ms` milliseconds at `level`
    /// (see [`Level::work_per_ms`]).
    pub fn for_time_at(level: Level, ms: u64, seed: u64, hard_deadline_ms: u64) -> SearchLimits {
        SearchLimits::deterministic(
            ms.saturating_mul(level.work_per_ms()),
            seed,
            hard_deadline_ms,
        )
    }
}

/// The running account of one search.
pub(crate) struct Budget<'a> {
    start: Instant,
    soft: Duration,
    hard: Duration,
    hard_ms: u64,
    work: Option<u64>,
    probe_cap: Option<u64>,
    seed: u64,
    cancelled: &'a dyn Fn() -> bool,
    pub(crate) probes: u64,
    pub(crate) rejected: u64,
    pub(crate) nodes: u64,
    ran_out: bool,
}

impl<'a> Budget<'a> {
    /// A budget whose clock started at `start`.
    pub(crate) fn new(
        start: Instant,
        limits: &SearchLimits,
        level: Level,
        cancelled: &'a dyn Fn() -> bool,
    ) -> Budget<'a> {
        Budget {
            start,
            soft: Duration::from_millis(limits.soft_budget_ms.min(limits.hard_deadline_ms)),
            hard: Duration::from_millis(limits.hard_deadline_ms),
            hard_ms: limits.hard_deadline_ms,
            work: limits.work_budget,
            probe_cap: (level == Level::Classic).then_some(CLASSIC_PROBE_LIMIT),
            seed: limits.seed,
            cancelled,
            probes: 0,
            rejected: 0,
            nodes: 0,
            ran_out: false,
        }
    }

    /// The seed of the search.
    pub(crate) fn seed(&self) -> u64 {
        self.seed
    }

    /// Milliseconds since the clock started.
    pub(crate) fn elapsed_ms(&self) -> f64 {
        self.start.elapsed().as_secs_f64() * 1_000.0
    }

    /// Stops the search if the caller cancelled it or the hard deadline passed.
    pub(crate) fn check(&self) -> Result<(), SearchStop> {
        if (self.cancelled)() {
            return Err(SearchStop::Cancelled);
        }
        if self.start.elapsed() >= self.hard {
            return Err(SearchStop::Deadline {
                deadline_ms: self.hard_ms,
            });
        }
        Ok(())
    }

    /// True once the soft budget (or Classic's probe cap) is spent; remembered for the
    /// statistics.
    pub(crate) fn spent(&mut self) -> bool {
        let spent = match self.work {
            Some(work) => self.probes + self.nodes >= work,
            None => self.start.elapsed() >= self.soft,
        } || self.probe_cap.is_some_and(|cap| self.probes >= cap);
        self.ran_out |= spent;
        spent
    }

    /// True if the soft budget ended some part of the search.
    pub(crate) fn exhausted(&self) -> bool {
        self.ran_out
    }

    /// Probes `action` if the budget allows another probe: `Ok(None)` once it is spent.
    pub(crate) fn probe(
        &mut self,
        game: &Game,
        action: &Action,
    ) -> Result<Option<Result<ProbeSummary, Rejection>>, SearchStop> {
        self.check()?;
        if self.spent() {
            return Ok(None);
        }
        self.probes += 1;
        let result = game.probe(action);
        if result.is_err() {
            self.rejected += 1;
        }
        Ok(Some(result))
    }

    /// Counts one node; an error if the search must stop now.
    pub(crate) fn node(&mut self) -> Result<(), SearchStop> {
        self.check()?;
        self.nodes += 1;
        Ok(())
    }
}
