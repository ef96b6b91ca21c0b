import { describe, expect, it } from 'vitest';
import { previewFromConsequences, stateFromView } from './adapt';
import type { GameView } from '../../lib/bindings/GameView';
import type { TimeMoveConsequences } from '../../lib/bindings/TimeMoveConsequences';

// 2×2 values shaped like the engine's output; the adapter must only regroup them.
const view: GameView = {
  size: 2,
  komi: 0.5,
  actions: [
    { type: 'place', player: 'black', point: 0 },
    { type: 'place', player: 'white', point: 3 },
  ],
  checkpoint: {
    board: [1, 0, 0, 2],
    placements: [
      { player: 'black', point: 0 },
      { player: 'white', point: 3 },
    ],
    locked: 0,
    next: 'black',
    passes: 0,
    area: { black: 1, white: 1 },
    result: null,
  },
  births: [
    { source: 0, placement: { player: 'black', point: 0 }, locked: false, may_travel: false },
    { source: 1, placement: { player: 'white', point: 3 }, locked: false, may_travel: true },
  ],
  lock_rejection: null,
  action_limit_reached: false,
  score: { area: { black: 1, white: 1 }, komi: 0.5, result: { winner: 'white', black: 1, white: 1.5 } },
  revision: 'r',
};

describe('adapting engine values', () => {
  it('lists as travellers exactly the births the engine marks movable', () => {
    const turns = [...view.actions, { type: 'pass' as const, player: 'black' as const }];
    const state = stateFromView({ position: view, turns, cursor: 2, lock_blocked: null, save: { kind: 'saved' } });
    expect(state.travellers).toEqual([1]);
    expect(state.turns).toBe(turns);
    expect(state.cursor).toBe(2);
    expect(state.board).toEqual([1, 0, 0, 2]);
    expect(state.lockBlocked).toBeNull();
  });

  it('keeps both the typed rejection and the sentence of a blocked Lock', () => {
    const state = stateFromView({
      position: view,
      turns: view.actions,
      cursor: 2,
      lock_blocked: { rejection: { kind: 'fully_locked', placements: 2 }, message: 'Every placement is already locked.' },
      save: { kind: 'saved' },
    });
    expect(state.lockBlocked).toEqual({ kind: 'fully_locked', placements: 2, message: 'Every placement is already locked.' });
  });

  it('chains replay frames so each step starts from the board the previous one left', () => {
    const c: TimeMoveConsequences = {
      source: 2,
      target: 0,
      traveller: { player: 'black', point: 1 },
      placements: [
        { player: 'black', point: 1 },
        { player: 'black', point: 0 },
      ],
      locked: 0,
      board_before: [1, 1, 0, 2],
      board_after: [1, 1, 0, 0],
      board_unchanged: false,
      restored: [],
      captured: [3],
      cancelled: [{ old_index: 1, placement: { player: 'white', point: 3 }, reason: { kind: 'suicide' }, was_alive: true }],
      traveller_died: false,
      arrival: { board_before: [0, 0, 0, 0], board_after: [0, 1, 0, 0], captured: [] },
      steps: [
        { old_index: 0, placement: { player: 'black', point: 0 }, new_index: 1, cancelled: null, captured: [], board: [1, 1, 0, 0] },
        { old_index: 1, placement: { player: 'white', point: 3 }, new_index: null, cancelled: { kind: 'suicide' }, captured: [], board: [1, 1, 0, 0] },
      ],
    };
    const p = previewFromConsequences(c);
    expect(p.frames.map((f) => f.before)).toEqual([
      [0, 0, 0, 0],
      [0, 1, 0, 0],
      [1, 1, 0, 0],
    ]);
    expect(p.frames[0]).toMatchObject({ arrival: true, point: 1, oldIndex: 2, newIndex: 0 });
    expect(p.frames[2]).toMatchObject({ newIndex: null, cancelled: { kind: 'suicide' } });
    expect(p.cancelled).toEqual([{ oldIndex: 1, player: 'white', point: 3 }]);
    expect(p.board).toEqual([1, 1, 0, 0]);
  });
});
