//! The replay of a probed time move on bit boards: the same decisions as
//! [`replay_time`](super::replay::replay_time) with a silent sink and no kept boards (the
//! reference, used by previews and commits), but every board is two masks derived from
//! the cached exact keys, so a probe touches no graph board at all.

use super::bits::{key_without, Illegal, Square, Stones};
use super::chronology::{history_step, stone_bits, Chronology};
use super::rejection::Rejection;
use super::replay::{Replayed, Scratch};

/// Replays the time move of the placement at `source` to gap `target` (already validated:
/// `locked <= target < source < len`, own living stone) and leaves the new suffix in
/// `scratch.suffix`; `scratch.board` is not touched. Does not check the (H, m) rule.
pub(crate) fn probe_time(
    chronology: &Chronology,
    square: &Square,
    source: usize,
    target: usize,
    scratch: &mut Scratch,
) -> Result<Replayed, Rejection> {
    let traveller = chronology.placements[source];
    let point = traveller.point;
    let (mut board, arrival_captured) = Stones::from_key(chronology.keys[target])
        .play(square, traveller)
        .map_err(|illegal| match illegal {
            Illegal::Suicide => Rejection::ArrivalSuicide { point, target },
            Illegal::Occupied => Rejection::ArrivalOccupied { point, target },
        })?;
    let mut captures = arrival_captured.count_ones();
    let mut key = key_without(
        chronology.keys[target] | stone_bits(traveller),
        arrival_captured,
    );
    if let Some(earlier_board) = chronology.board_within(key, target) {
        return Err(Rejection::ArrivalSuperko {
            point,
            target,
            earlier_board,
        });
    }
    let Scratch { seen, suffix, .. } = scratch;
    seen.clear();
    seen.insert(key, target as u32 + 1);
    suffix.clear();
    suffix.push(traveller);
    let mut history = history_step(chronology.history[target], traveller);
    let mut cancelled = 0;
    // Same convergence shortcut as the reference: once a replayed placement after the
    // traveller's old position leaves the old chronology's coloring, later old boards are
    // taken from the cached keys until one of them repeats a new intermediate board.
    let mut aligned = false;
    for (old_index, &placement) in chronology.placements.iter().enumerate().skip(target) {
        if old_index == source {
            continue;
        }
        let next_key = if aligned {
            let next_key = chronology.keys[old_index + 1];
            if seen.get(next_key).is_some() {
                board = Stones::from_key(key);
                aligned = false;
                cancelled += 1;
                continue;
            }
            captures += (key & !next_key).count_ones();
            next_key
        } else {
            let Ok((after, captured)) = board.play(square, placement) else {
                cancelled += 1;
                continue;
            };
            let next_key = key_without(key | stone_bits(placement), captured);
            if chronology.board_within(next_key, target).is_some() || seen.get(next_key).is_some() {
                cancelled += 1;
                continue;
            }
            board = after;
            captures += captured.count_ones();
            aligned = old_index > source && next_key == chronology.keys[old_index + 1];
            next_key
        };
        key = next_key;
        seen.insert(key, (target + suffix.len()) as u32 + 1);
        suffix.push(placement);
        history = history_step(history, placement);
    }
    Ok(Replayed {
        key,
        history,
        cancelled,
        captures,
    })
}
