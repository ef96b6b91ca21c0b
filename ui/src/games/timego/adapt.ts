/**
 * Turns the engine's generated types into the plain values the TimeGo screen shows.
 * Pure and rule-free: it only renames and regroups what the engine computed.
 */
import type { Arrival as EngineArrival } from '../../lib/bindings/Arrival';
import type { GameView } from '../../lib/bindings/GameView';
import type { SaveStatus } from '../../lib/bindings/SaveStatus';
import type { TimeMoveConsequences } from '../../lib/bindings/TimeMoveConsequences';
import type { Arrival, ReplayFrame, TimeGoState, TimePreview } from './model';

/** The screen's state from the engine's view of the game, the viewed cursor and the save status. */
export function stateFromView(view: GameView, cursor: number, save: SaveStatus): TimeGoState {
  const c = view.checkpoint;
  return {
    size: view.size,
    komi: view.komi,
    board: c.board,
    placements: c.placements,
    locked: c.locked,
    next: c.next,
    passes: c.passes,
    area: c.area,
    result: c.result,
    turns: view.actions,
    cursor,
    travellers: view.births.filter((b) => b.may_travel).map((b) => b.source),
    lockBlocked: view.lock_rejection,
    limitReached: view.action_limit_reached,
    save,
  };
}

/** One arrival gap with the engine's reason when it is illegal. */
export function arrivalFromEngine(a: EngineArrival): Arrival {
  return { target: a.target, reason: a.rejection };
}

/** The possible present and its causal replay from the engine's consequences. */
export function previewFromConsequences(c: TimeMoveConsequences): TimePreview {
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
  };
  let before = c.arrival.board_after;
  const steps = c.steps.map((s): ReplayFrame => {
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
