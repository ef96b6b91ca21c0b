/**
 * Turns the engine's generated types into the plain values the TimeGo screen shows.
 * Pure and rule-free: it only renames and regroups what the engine computed.
 */
import type { ArrivalOption } from '../../lib/bindings/ArrivalOption';
import type { Reason as BackendReason } from '../../lib/bindings/Reason';
import type { TimeGoView } from '../../lib/bindings/TimeGoView';
import type { Chain } from '../../lib/bindings/Chain';
import type { FocusedBoard } from '../../lib/bindings/FocusedBoard';
import type { TimeMoveComparison } from '../../lib/bindings/TimeMoveComparison';
import type { TimeMoveConsequences } from '../../lib/bindings/TimeMoveConsequences';
import type { Arrival, ComparedBoard, Group, Reason, ReplayFrame, TimeGoState, TimePreview } from './model';

/** The engine's typed rejection with the backend's sentence, as one reason. */
export function reasonFromBackend(r: BackendReason): Reason {
  return { ...r.rejection, message: r.message };
}

/** The screen's state from the backend's view: the position at the cursor and the whole line. */
export function stateFromView(v: TimeGoView): TimeGoState {
  const view = v.position;
  const c = view.checkpoint;
  return {
    size: view.size,
    layout: view.layout,
    komi: view.komi,
    board: c.board,
    placements: c.placements,
    locked: c.locked,
    next: c.next,
    passes: c.passes,
    area: c.area,
    result: c.result,
    turns: v.turns,
    cursor: v.cursor,
    travellers: view.births.filter((b) => b.may_travel).map((b) => b.source),
    births: view.births.map((b) => ({ source: b.source, point: b.placement.point, locked: b.locked, arrivals: b.arrivals })),
    lockBlocked: v.lock_blocked ? reasonFromBackend(v.lock_blocked) : null,
    timeBlocked: view.time_rejection ? { ...view.time_rejection } : null,
    limitReached: view.action_limit_reached,
    save: v.save,
    opponent: { computer: v.opponent.computer, level: v.opponent.level },
    computerToMove: v.computer_to_move,
  };
}

/** One arrival gap with the engine's reason when it is illegal. */
export function arrivalFromBackend(a: ArrivalOption): Arrival {
  return { target: a.target, reason: a.reason ? reasonFromBackend(a.reason) : null };
}

/** A group from the engine's chain. */
export function groupFromChain(c: Chain): Group {
  return { stone: c.color, stones: c.stones, liberties: c.liberties };
}

function comparedBoard(f: FocusedBoard): ComparedBoard {
  const compared: ComparedBoard = { board: f.board, groups: f.groups.map(groupFromChain), captured: f.captured };
  if (f.captured_color) compared.capturedColor = f.captured_color;
  return compared;
}

/**
 * The possible present and its causal replay from the engine's consequences and its replay
 * comparison (one entry per step, in the same order).
 */
export function previewFromConsequences(c: TimeMoveConsequences, comparison: TimeMoveComparison): TimePreview {
  const arrival: ReplayFrame = {
    arrival: true,
    player: c.traveller.player,
    point: c.traveller.point,
    oldIndex: c.source,
    newIndex: c.target,
    cancelled: null,
    captured: c.arrival.captured,
    before: c.arrival.board_before,
    after: c.arrival.board_after,
    compare: {
      earlier: comparedBoard(comparison.arrival.before),
      later: comparedBoard(comparison.arrival.after),
      originalBoard: null,
      restored: [],
    },
  };
  let before = c.arrival.board_after;
  const steps = c.steps.map((s, i): ReplayFrame => {
    const compared = comparison.steps[i];
    const frame: ReplayFrame = {
      arrival: false,
      player: s.placement.player,
      point: s.placement.point,
      oldIndex: s.old_index,
      newIndex: s.new_index,
      cancelled: s.cancelled,
      captured: s.captured,
      before,
      after: s.board,
      compare: {
        earlier: comparedBoard(compared.original),
        later: comparedBoard(compared.replayed),
        originalBoard: compared.original_board,
        restored: compared.restored,
      },
    };
    before = s.board;
    return frame;
  });
  return {
    source: c.source,
    target: c.target,
    board: c.board_after,
    placements: c.placements,
    restored: c.restored,
    captured: c.captured,
    cancelled: c.cancelled.map((x) => ({ oldIndex: x.old_index, player: x.placement.player, point: x.placement.point })),
    travellerDied: c.traveller_died,
    travellerIndex: c.target,
    frames: [arrival, ...steps],
  };
}
