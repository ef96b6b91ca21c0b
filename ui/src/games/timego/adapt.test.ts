import { describe, expect, it } from 'vitest';
import { previewFromConsequences, stateFromView } from './adapt';
import type { GameView } from '../../lib/bindings/GameView';
import { squareLayout } from '../../lib/board/fixtures';
import type { TimeMoveComparison } from '../../lib/bindings/TimeMoveComparison';
import type { TimeMoveConsequences } from '../../lib/bindings/TimeMoveConsequences';
import type { Placement } from '../../lib/bindings/Placement';
import type { TimeGoView } from '../../lib/bindings/TimeGoView';

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
    { source: 0, placement: { player: 'black', point: 0 }, locked: false, may_travel: false, arrivals: null },
    { source: 1, placement: { player: 'white', point: 3 }, locked: false, may_travel: true, arrivals: { first: 0, last: 0 } },
  ],
  lock_rejection: null,
  time_rejection: null,
  action_limit_reached: false,
  score: { area: { black: 1, white: 1 }, komi: 0.5, result: { winner: 'white', black: 1, white: 1.5 } },
  revision: 'r',
  layout: squareLayout(2),
};

/** The session's view of `view` at its end, with what `fields` change. */
function sessionView(fields: Partial<TimeGoView>): TimeGoView {
  return {
    position: view,
    turns: view.actions,
    cursor: 2,
    lock_blocked: null,
    save: { kind: 'saved' },
    opponent: { computer: 'none', level: 'strong' },
    computer_to_move: false,
    ...fields,
  };
}

/** The fields every time move below shares. */
type Shared = 'target' | 'traveller' | 'placements' | 'locked' | 'restored' | 'traveller_died' | 'arrival';

/**
 * The consequences of Black's stone at B1 (point 1 of a 2×2 board) travelling to the start
 * of the order, before the `later` placements, nothing locked, restored or lost; `rest`
 * says what happens to the others.
 */
function blackToTheStart(later: Placement[], rest: Omit<TimeMoveConsequences, Shared>): TimeMoveConsequences {
  return {
    target: 0,
    placements: [{ player: 'black', point: 1 }, ...later],
    traveller: { player: 'black', point: 1 },
    locked: 0,
    restored: [],
    traveller_died: false,
    arrival: { board_before: [0, 0, 0, 0], board_after: [0, 1, 0, 0], captured: [] },
    ...rest,
  };
}

describe('adapting engine values', () => {
  it('lists as travellers exactly the births the engine marks movable', () => {
    const turns = [...view.actions, { type: 'pass' as const, player: 'black' as const }];
    const state = stateFromView(
      sessionView({
        turns,
        opponent: { computer: 'white', level: 'classic' },
        computer_to_move: true,
      }),
    );
    expect(state.travellers).toEqual([1]);
    expect(state.opponent).toEqual({ computer: 'white', level: 'classic' });
    expect(state.computerToMove).toBe(true);
    expect(state.turns).toBe(turns);
    expect(state.cursor).toBe(2);
    expect(state.board).toEqual([1, 0, 0, 2]);
    expect(state.lockBlocked).toBeNull();
  });

  it('keeps both the typed rejection and the sentence of a blocked Lock', () => {
    const state = stateFromView(
      sessionView({
        lock_blocked: { rejection: { kind: 'fully_locked', placements: 2 }, message: 'Every placement is already locked.' },
      }),
    );
    expect(state.lockBlocked).toEqual({ kind: 'fully_locked', placements: 2, message: 'Every placement is already locked.' });
  });

  it("passes on the engine's reason why no stone may travel, and none when one may", () => {
    const state = (time_rejection: GameView['time_rejection']) =>
      stateFromView(
        sessionView({
          position: { ...view, time_rejection },
        }),
      );
    expect(state({ kind: 'first_placement', source: 0 }).timeBlocked).toEqual({ kind: 'first_placement', source: 0 });
    expect(state(null).timeBlocked).toBeNull();
  });

  it('chains replay frames so each step starts from the board the previous one left', () => {
    const c = blackToTheStart([{ player: 'black', point: 0 }], {
      source: 2,
      board_before: [1, 1, 0, 2],
      board_after: [1, 1, 0, 0],
      board_unchanged: false,
      captured: [3],
      cancelled: [{ old_index: 1, placement: { player: 'white', point: 3 }, reason: { kind: 'suicide' }, was_alive: true }],
      steps: [
        { old_index: 0, placement: { player: 'black', point: 0 }, new_index: 1, cancelled: null, captured: [], board: [1, 1, 0, 0] },
        { old_index: 1, placement: { player: 'white', point: 3 }, new_index: null, cancelled: { kind: 'suicide' }, captured: [], board: [1, 1, 0, 0] },
      ],
    });
    const focused = (board: number[], stones: number[], liberties: number[]) => ({
      board,
      groups: [{ color: 'black' as const, stones, liberties }],
      captured: [],
      captured_color: null,
    });
    const comparison: TimeMoveComparison = {
      arrival: { before: { board: [0, 0, 0, 0], groups: [], captured: [], captured_color: null }, after: focused([0, 1, 0, 0], [1], [0, 3]) },
      steps: [
        { old_index: 0, original_board: 1, original: focused([1, 0, 0, 0], [0], [1, 2]), replayed: focused([1, 1, 0, 0], [0, 1], [2, 3]), restored: [] },
        { old_index: 1, original_board: 2, original: focused([1, 0, 0, 2], [0], [1, 2]), replayed: focused([1, 1, 0, 0], [0, 1], [2, 3]), restored: [] },
      ],
    };
    const p = previewFromConsequences(c, comparison);
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

  it('pairs the arrival with its boards around the insertion and each step with its original version', () => {
    const p = previewFromConsequences(
      blackToTheStart([{ player: 'white', point: 0 }], {
        source: 1,
        board_before: [2, 1, 0, 0],
        board_after: [2, 1, 0, 0],
        board_unchanged: true,
        captured: [],
        cancelled: [],
        steps: [{ old_index: 0, placement: { player: 'white', point: 0 }, new_index: 1, cancelled: null, captured: [], board: [2, 1, 0, 0] }],
      }),
      {
        arrival: {
          before: { board: [0, 0, 0, 0], groups: [], captured: [], captured_color: null },
          after: { board: [0, 1, 0, 0], groups: [{ color: 'black', stones: [1], liberties: [0, 3] }], captured: [], captured_color: null },
        },
        steps: [
          {
            old_index: 0,
            original_board: 1,
            original: { board: [2, 0, 0, 0], groups: [{ color: 'white', stones: [0], liberties: [1, 2] }], captured: [], captured_color: null },
            replayed: { board: [2, 1, 0, 0], groups: [{ color: 'white', stones: [0], liberties: [2] }], captured: [], captured_color: null },
            restored: [],
          },
        ],
      },
    );
    expect(p.frames[0].compare).toEqual({
      earlier: { board: [0, 0, 0, 0], groups: [], captured: [] },
      later: { board: [0, 1, 0, 0], groups: [{ stone: 'black', stones: [1], liberties: [0, 3] }], captured: [] },
      originalBoard: null,
      restored: [],
    });
    expect(p.frames[1].compare.originalBoard).toBe(1);
    expect(p.frames[1].compare.earlier.groups).toEqual([{ stone: 'white', stones: [0], liberties: [1, 2] }]);
    expect(p.frames[1].compare.later.groups).toEqual([{ stone: 'white', stones: [0], liberties: [2] }]);
  });

  it("keeps the engine's locked flag and arrival gaps of each birth", () => {
    const state = stateFromView(sessionView({}));
    expect(state.births).toEqual([
      { source: 0, point: 0, locked: false, arrivals: null },
      { source: 1, point: 3, locked: false, arrivals: { first: 0, last: 0 } },
    ]);
    expect(state.layout.points[3].name).toBe('B2');
  });
});
