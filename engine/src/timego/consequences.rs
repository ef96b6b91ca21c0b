//! What an accepted time move did, for the preview panel and the causal replay: the
//! reconstructed order, old and new present boards, restored, captured and cancelled
//! stones, and one step per replayed placement.

use super::chronology::Chronology;
use super::rejection::Cancellation;
use super::replay::ReplaySink;
use super::types::Placement;
use crate::go::{Board, Point};
use serde::Serialize;

/// The insertion of the traveller at its arrival gap.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ArrivalStep {
    /// The board immediately before the insertion (after the first `target` placements).
    pub board_before: Vec<u8>,
    /// The board immediately after it.
    pub board_after: Vec<u8>,
    /// Stones the traveller captured on arrival.
    pub captured: Vec<Point>,
}

/// One old placement replayed after the arrival.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ReplayStep {
    /// Its index in the old order.
    pub old_index: usize,
    /// The placement.
    pub placement: Placement,
    /// Its index in the new order, `None` if it was cancelled.
    pub new_index: Option<usize>,
    /// Why it was cancelled, `None` if it was replayed.
    pub cancelled: Option<Cancellation>,
    /// Stones it captured.
    pub captured: Vec<Point>,
    /// The board after this step (unchanged by a cancelled placement).
    pub board: Vec<u8>,
}

/// An old placement permanently omitted from the new order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct CancelledPlacement {
    /// Its index in the old order.
    pub old_index: usize,
    /// The placement.
    pub placement: Placement,
    /// Why it was omitted.
    pub reason: Cancellation,
    /// Whether its stone stood on the board before the time move.
    pub was_alive: bool,
}

/// Everything an accepted (or previewed) time move does.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct TimeMoveConsequences {
    /// Birth index of the traveller before the move.
    pub source: usize,
    /// Arrival gap, which is also the traveller's new birth index.
    pub target: usize,
    /// The traveller's placement.
    pub traveller: Placement,
    /// The reconstructed placement order `H`.
    pub placements: Vec<Placement>,
    /// The locked prefix length (unchanged by a time move).
    pub locked: usize,
    /// The present board before the move.
    pub board_before: Vec<u8>,
    /// The possible present after all consequences.
    pub board_after: Vec<u8>,
    /// True if the present coloring is unchanged (only the order changed).
    pub board_unchanged: bool,
    /// Points of stones that were captured before and stand again afterwards.
    pub restored: Vec<Point>,
    /// Points of stones that stood before, are still in the order, and were captured.
    pub captured: Vec<Point>,
    /// Old placements omitted from the new order.
    pub cancelled: Vec<CancelledPlacement>,
    /// True if the traveller itself does not survive the replay.
    pub traveller_died: bool,
    /// The arrival step of the causal replay.
    pub arrival: ArrivalStep,
    /// The replay of every later old placement, in old order.
    pub steps: Vec<ReplayStep>,
}

/// A sink that records the arrival and every step with its board.
#[derive(Default)]
pub(crate) struct Recorder {
    pub(crate) arrival: Option<ArrivalStep>,
    pub(crate) steps: Vec<ReplayStep>,
}

impl ReplaySink for Recorder {
    const OBSERVES_STEPS: bool = true;

    fn arrival(&mut self, before: &Board, after: &Board, captured: &[Point]) {
        self.arrival = Some(ArrivalStep {
            board_before: before.colors().to_vec(),
            board_after: after.colors().to_vec(),
            captured: sorted(captured),
        });
    }

    fn step(
        &mut self,
        old_index: usize,
        placement: Placement,
        outcome: Result<usize, Cancellation>,
        captured: &[Point],
        board: &Board,
    ) {
        self.steps.push(ReplayStep {
            old_index,
            placement,
            new_index: outcome.ok(),
            cancelled: outcome.err(),
            captured: sorted(captured),
            board: board.colors().to_vec(),
        });
    }
}

fn sorted(points: &[Point]) -> Vec<Point> {
    let mut points = points.to_vec();
    points.sort_unstable();
    points
}

/// Which placements of `placements` are births of stones on `board`.
fn alive_flags(placements: &[Placement], board: &[u8]) -> Vec<bool> {
    let mut alive = vec![false; placements.len()];
    let mut latest = vec![usize::MAX; board.len()];
    for (k, placement) in placements.iter().enumerate() {
        latest[placement.point as usize] = k;
    }
    for (point, &k) in latest.iter().enumerate() {
        if k != usize::MAX && board[point] == placements[k].player.cell() {
            alive[k] = true;
        }
    }
    alive
}

/// Assembles the consequences from the old chronology, the recorded replay, the new order
/// and the new present board.
pub(crate) fn assemble(
    old: &Chronology,
    source: usize,
    target: usize,
    locked: usize,
    recorder: Recorder,
    new_placements: Vec<Placement>,
    board_after: Vec<u8>,
) -> TimeMoveConsequences {
    let board_before = old.present().colors().to_vec();
    let old_alive = alive_flags(&old.placements, &board_before);
    let new_alive = alive_flags(&new_placements, &board_after);
    // Old index -> new index for every placement that is still in the order.
    let mut new_index: Vec<Option<usize>> =
        (0..old.len()).map(|k| (k < target).then_some(k)).collect();
    new_index[source] = Some(target);
    let mut cancelled = Vec::new();
    for step in &recorder.steps {
        new_index[step.old_index] = step.new_index;
        if let Some(reason) = step.cancelled {
            cancelled.push(CancelledPlacement {
                old_index: step.old_index,
                placement: step.placement,
                reason,
                was_alive: old_alive[step.old_index],
            });
        }
    }
    let mut restored = Vec::new();
    let mut captured = Vec::new();
    for (k, placement) in old.placements.iter().enumerate() {
        if let Some(n) = new_index[k] {
            match (old_alive[k], new_alive[n]) {
                (false, true) => restored.push(placement.point),
                (true, false) => captured.push(placement.point),
                _ => {}
            }
        }
    }
    restored.sort_unstable();
    captured.sort_unstable();
    TimeMoveConsequences {
        source,
        target,
        traveller: old.placements[source],
        locked,
        board_unchanged: board_before == board_after,
        traveller_died: !new_alive[target],
        placements: new_placements,
        board_before,
        board_after,
        restored,
        captured,
        cancelled,
        arrival: recorder
            .arrival
            .expect("a successful replay reports its arrival"),
        steps: recorder.steps,
    }
}
