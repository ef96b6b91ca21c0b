import { describe, expect, it } from 'vitest';
import { frameSides } from './compareMarks';
import type { ReplayFrame } from './model';

const empty = [0, 0, 0, 0];

function frame(capturedColor: 'black' | 'white' | undefined): ReplayFrame {
  return {
    arrival: false,
    player: 'white',
    point: 3,
    oldIndex: 1,
    newIndex: 2,
    cancelled: null,
    captured: [0],
    before: empty,
    after: empty,
    compare: {
      earlier: { board: [0, 0, 0, 2], groups: [], captured: [0], capturedColor },
      later: { board: [0, 0, 0, 2], groups: [], captured: [] },
      originalBoard: 2,
      restored: [],
    },
  };
}

describe('compare marks', () => {
  it('draws captured stones in the colour the engine names', () => {
    expect(frameSides(frame('black')).earlier.ghosts).toEqual(new Map([[0, 1]]));
    // The UI does not guess: whatever the engine says is drawn.
    expect(frameSides(frame('white')).earlier.ghosts).toEqual(new Map([[0, 2]]));
  });

  it('draws no ghost where the engine names no colour', () => {
    expect(frameSides(frame(undefined)).earlier.ghosts.size).toBe(0);
    expect(frameSides(frame('black')).later.ghosts.size).toBe(0);
  });

  it('marks the placement on both sides', () => {
    const { earlier, later } = frameSides(frame('black'));
    expect(earlier.markers.get(3)).toEqual(['last']);
    expect(later.markers.get(3)).toEqual(['last']);
  });
});
