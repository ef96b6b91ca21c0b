//! The time move: arrival of the traveller at an earlier gap, then the replay of the other
//! placements from that gap in their old order, omitting those that became occupied,
//! suicidal or a chronological repetition. One function does it for probes, previews and
//! commits; a [`ReplaySink`] observes the steps when a caller needs them.

use super::chronology::{history_step, key_after, stone_bits, Chronology};
use super::key_index::KeyIndex;
use super::rejection::{Cancellation, Rejection};
use super::types::Placement;
use crate::go::{Board, PlaceError, Point};

/// Reusable buffers of a replay, so probing allocates nothing once warm.
#[derive(Clone, Debug)]
pub(crate) struct Scratch {
    pub(crate) board: Board,
    spare: Board,
    captured: Vec<Point>,
    /// Exact keys of the new order's boards from the arrival on, to their board index.
    pub(crate) seen: KeyIndex,
    /// The new order from the arrival gap on: traveller first, then the kept placements.
    pub(crate) suffix: Vec<Placement>,
    /// When a commit asks for them, the boards after each placement of `suffix`...
    pub(crate) boards: Vec<Board>,
    /// ... and their exact keys, so the chronology takes them over without replaying.
    pub(crate) keys: Vec<u64>,
}

impl Scratch {
    /// Empty buffers; boards take their size from the first replay.
    pub(crate) fn new() -> Scratch {
        let tiny = Board::new(&crate::go::Graph::square(1));
        Scratch {
            board: tiny.clone(),
            spare: tiny,
            captured: Vec::new(),
            seen: KeyIndex::default(),
            suffix: Vec::new(),
            boards: Vec::new(),
            keys: Vec::new(),
        }
    }
}

/// Observer of the replay's events. The default methods ignore everything, so the probe
/// path costs nothing extra.
pub(crate) trait ReplaySink {
    /// True if the sink reads every step; otherwise the replay may skip board work once it
    /// has converged with the old chronology.
    const OBSERVES_STEPS: bool = false;
    /// The traveller arrived: the board before, the board after, the stones it captured.
    fn arrival(&mut self, _before: &Board, _after: &Board, _captured: &[Point]) {}
    /// An old placement was replayed (`Ok(new index)`) or cancelled.
    fn step(
        &mut self,
        _old_index: usize,
        _placement: Placement,
        _outcome: Result<usize, Cancellation>,
        _captured: &[Point],
        _board: &Board,
    ) {
    }
}

/// A sink that observes nothing.
pub(crate) struct Silent;

impl ReplaySink for Silent {}

/// What a successful replay produced (the new board and suffix stay in the scratch).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Replayed {
    /// Exact key of the new present board.
    pub(crate) key: u64,
    /// Rolling hash of the new order.
    pub(crate) history: u64,
    /// Number of old placements omitted.
    pub(crate) cancelled: u32,
    /// Stones captured by the arrival and the replayed placements together.
    pub(crate) captures: u32,
}

/// Replays the time move of the placement at `source` to gap `target` (already validated:
/// `locked <= target < source < len`, own living stone). Does not check the (H, m) rule.
/// With `keep_boards`, the board and key after each new placement are kept in the scratch.
pub(crate) fn replay_time<S: ReplaySink>(
    chronology: &Chronology,
    source: usize,
    target: usize,
    scratch: &mut Scratch,
    sink: &mut S,
    keep_boards: bool,
) -> Result<Replayed, Rejection> {
    let graph = &chronology.graph;
    let traveller = chronology.placements[source];
    let Scratch {
        board,
        spare,
        captured,
        seen,
        suffix,
        boards,
        keys,
    } = scratch;
    let mut kept = 0;
    let mut keep = |board: &Board, key: u64| {
        if keep_boards {
            if kept < boards.len() {
                boards[kept].clone_from(board);
                keys[kept] = key;
            } else {
                boards.push(board.clone());
                keys.push(key);
            }
            kept += 1;
        }
    };
    board.clone_from(&chronology.boards[target]);
    captured.clear();
    let point = traveller.point;
    let mut captures = match board.play(graph, point, traveller.player, captured) {
        Ok(preview) => preview.captures,
        Err(PlaceError::Suicide { .. }) => return Err(Rejection::ArrivalSuicide { point, target }),
        Err(_) => return Err(Rejection::ArrivalOccupied { point, target }),
    };
    let mut key = key_after(chronology.keys[target], traveller, captured);
    if let Some(earlier_board) = chronology.board_within(key, target) {
        return Err(Rejection::ArrivalSuperko {
            point,
            target,
            earlier_board,
        });
    }
    sink.arrival(&chronology.boards[target], board, captured);
    keep(board, key);
    seen.clear();
    seen.insert(key, target as u32 + 1);
    suffix.clear();
    suffix.push(traveller);
    let mut history = history_step(chronology.history[target], traveller);
    let mut cancelled = 0;
    // Board `k` of the new order is the board after its first `k` placements.
    let repeated = |seen: &KeyIndex, key: u64| {
        chronology
            .board_within(key, target)
            .or_else(|| seen.get(key).map(|k| k as usize))
    };
    // Once a replayed placement after the traveller's old position leaves the same coloring
    // as the old chronology had after it, every later old placement is legal again and
    // yields its old board: only the superko check against the new intermediate boards
    // (`seen`) can differ, so the replay proceeds on exact keys alone until a repetition
    // cancels a placement.
    let mut aligned = false;
    for (old_index, &placement) in chronology.placements.iter().enumerate().skip(target) {
        if old_index == source {
            continue;
        }
        if aligned {
            let next_key = chronology.keys[old_index + 1];
            if seen.get(next_key).is_some() {
                board.clone_from(&chronology.boards[old_index]);
                aligned = false;
                cancelled += 1;
                continue;
            }
            captures += stones(key, placement.player.opposite())
                - stones(next_key, placement.player.opposite());
            key = next_key;
            let new_index = target + suffix.len();
            suffix.push(placement);
            seen.insert(key, new_index as u32 + 1);
            history = history_step(history, placement);
            keep(&chronology.boards[old_index + 1], key);
            continue;
        }
        captured.clear();
        let outcome = match board.check(graph, placement.point, placement.player) {
            Err(PlaceError::Suicide { .. }) => Err(Cancellation::Suicide),
            Err(_) => Err(Cancellation::Occupied),
            Ok(preview) if preview.captures == 0 => {
                let next_key = key | stone_bits(placement);
                match repeated(seen, next_key) {
                    Some(earlier_board) => Err(Cancellation::Superko { earlier_board }),
                    None => {
                        board.place_checked(graph, placement.point, placement.player, captured);
                        key = next_key;
                        Ok(())
                    }
                }
            }
            Ok(preview) => {
                spare.clone_from(board);
                spare.place_checked(graph, placement.point, placement.player, captured);
                let next_key = key_after(key, placement, captured);
                match repeated(seen, next_key) {
                    Some(earlier_board) => Err(Cancellation::Superko { earlier_board }),
                    None => {
                        std::mem::swap(board, spare);
                        key = next_key;
                        captures += preview.captures;
                        Ok(())
                    }
                }
            }
        };
        let outcome = match outcome {
            Ok(()) => {
                let new_index = target + suffix.len();
                suffix.push(placement);
                seen.insert(key, new_index as u32 + 1);
                history = history_step(history, placement);
                keep(board, key);
                aligned = !S::OBSERVES_STEPS
                    && old_index > source
                    && key == chronology.keys[old_index + 1];
                Ok(new_index)
            }
            Err(reason) => {
                cancelled += 1;
                captured.clear();
                Err(reason)
            }
        };
        sink.step(old_index, placement, outcome, captured, board);
    }
    if aligned {
        board.clone_from(chronology.present());
    }
    Ok(Replayed {
        key,
        history,
        cancelled,
        captures,
    })
}

/// Number of stones of `color` in an exact key.
#[inline]
fn stones(key: u64, color: crate::go::Color) -> u32 {
    let mask = match color {
        crate::go::Color::Black => 0x5555_5555_5555_5555u64,
        crate::go::Color::White => 0xAAAA_AAAA_AAAA_AAAAu64,
    };
    (key & mask).count_ones()
}
