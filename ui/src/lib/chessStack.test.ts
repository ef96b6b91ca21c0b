import { describe, expect, it } from 'vitest';
import type { ChessAnswer } from './bindings/ChessAnswer';
import type { ChessStack } from './bindings/ChessStack';
import type { ScreenLayer } from './bindings/ScreenLayer';
import { KeptStack } from './chessStack';

// Layers told apart by their turn and one piece; the cache never looks inside them.
const layer = (turn: number, at = `e1t${turn}`): ScreenLayer => ({
  turn,
  mover: turn % 2 === 0 ? 'white' : 'black',
  played: null,
  pieces: [{ at, color: 'white', kind: 'king', lineage: 0, braindead: false }],
});

const answer = (layers: ScreenLayer[], stack: ChessStack): ChessAnswer => ({
  stack,
  screen: { present: 0, toMove: 'white', layers, ghosts: [], lastMove: null, check: null, outcome: null, timeline: [] },
  moves: [],
  cursor: 0,
  revision: 'r',
  save: { kind: 'nothing_to_save' } as ChessAnswer['save'],
  opponent: { computer: 'none', level: 'steady' },
  computer_to_move: false,
});

describe('KeptStack', () => {
  it('takes every layer, then makes a delta whole keeping the unchanged layers', () => {
    const kept = new KeptStack();
    const first = [layer(0), layer(1), layer(2)];
    expect(kept.take(answer(first, { kind: 'all', token: 'a' }))?.screen.layers).toEqual(first);
    // A backward traveller rewrote layer 1; the present moved on to layer 3.
    const rewritten = layer(1, 'e2t1');
    const view = kept.take(answer([rewritten, layer(2), layer(3)], { kind: 'changed', token: 'b', base: 'a', count: 4, changed: [1, 2, 3] }));
    expect(view?.screen.layers).toEqual([layer(0), rewritten, layer(2), layer(3)]);
    expect(view?.screen.layers[0]).toBe(first[0]);
    expect(view && 'stack' in view).toBe(false);
    // A step back: fewer layers, none sent.
    expect(kept.take(answer([], { kind: 'changed', token: 'c', base: 'b', count: 2, changed: [] }))?.screen.layers).toEqual([layer(0), rewritten]);
  });

  it('refuses a delta on layers it does not hold, and keeps its own', () => {
    const kept = new KeptStack();
    expect(kept.take(answer([layer(0)], { kind: 'changed', token: 'b', base: 'a', count: 1, changed: [0] }))).toBeNull();
    kept.take(answer([layer(0), layer(1)], { kind: 'all', token: 'a' }));
    expect(kept.take(answer([layer(1)], { kind: 'changed', token: 'c', base: 'x', count: 2, changed: [1] }))).toBeNull();
    // A layer beyond the kept ones that was not sent, or indices that do not match.
    expect(kept.take(answer([], { kind: 'changed', token: 'c', base: 'a', count: 3, changed: [] }))).toBeNull();
    expect(kept.take(answer([layer(1)], { kind: 'changed', token: 'c', base: 'a', count: 2, changed: [1, 0] }))).toBeNull();
    expect(kept.take(answer([layer(1)], { kind: 'changed', token: 'c', base: 'a', count: 2, changed: [5] }))).toBeNull();
    // Still the base: a good delta applies.
    expect(kept.take(answer([layer(1, 'd1t1')], { kind: 'changed', token: 'c', base: 'a', count: 2, changed: [1] }))?.screen.layers).toEqual([layer(0), layer(1, 'd1t1')]);
    expect(() => kept.takeAll(answer([], { kind: 'changed', token: 'd', base: 'c', count: 2, changed: [] }))).toThrow();
  });
});
