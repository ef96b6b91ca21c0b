import { describe, expect, it } from 'vitest';
import { destinationCounts, destinationsIn, parsePos, pieceOn, posOf, splitMove, stepFocus } from './model';
import type { ScreenLayer, Selection } from './model';

describe('positions and moves in notation', () => {
  it('reads and writes positions, rejecting anything else', () => {
    expect(parsePos('e2t0')).toEqual({ file: 4, rank: 1, turn: 0 });
    expect(parsePos('h8t123')).toEqual({ file: 7, rank: 7, turn: 123 });
    expect(parsePos('i2t0')).toBeNull();
    expect(parsePos('e9t0')).toBeNull();
    expect(parsePos('e2t01')).toBeNull();
    expect(posOf({ file: 2, rank: 5, turn: 1 })).toBe('c6t1');
  });

  it('splits a move into its two positions', () => {
    expect(splitMove('c6t1e8t1')).toEqual({ from: { file: 2, rank: 5, turn: 1 }, to: { file: 4, rank: 7, turn: 1 } });
    expect(splitMove('f3t4f5t3')?.to.turn).toBe(3);
    expect(splitMove('e2t0')).toBeNull();
  });
});

describe('what the board draws', () => {
  const layer: ScreenLayer = {
    turn: 2,
    mover: 'white',
    played: null,
    pieces: [
      { at: 'e1t2', color: 'white', kind: 'king', lineage: 4, braindead: false },
      { at: 'e1t2'.replace('e1', 'e10'), color: 'black', kind: 'pawn', lineage: 9, braindead: false },
    ],
  };
  it('finds the piece on a square without confusing longer names', () => {
    expect(pieceOn(layer, 'e1')?.kind).toBe('king');
    expect(pieceOn(layer, 'e2')).toBeUndefined();
  });

  const selection: Selection = {
    from: 'g1t2',
    piece: { color: 'white', kind: 'knight', lineage: 6 },
    reason: null,
    layers: [
      { turn: 1, destinations: [{ mv: 'g1t2g3t1', to: 'g3t1', moveKind: 'backward', captures: null }] },
      {
        turn: 2,
        destinations: [
          { mv: 'g1t2f3t2', to: 'f3t2', moveKind: 'ordinary', captures: null },
          { mv: 'g1t2h3t2', to: 'h3t2', moveKind: 'ordinary', captures: 'pawn' },
        ],
      },
      { turn: 4, destinations: [{ mv: 'g1t2g2t4', to: 'g2t4', moveKind: 'forward', captures: null }] },
    ],
  };
  it('gives the destinations of one layer by square and counts them per layer', () => {
    const here = destinationsIn(selection, 2);
    expect([...here.keys()]).toEqual(['f3', 'h3']);
    expect(here.get('h3')?.captures).toBe('pawn');
    expect(destinationsIn(selection, 3).size).toBe(0);
    expect(destinationsIn(null, 2).size).toBe(0);
    expect([...destinationCounts(selection)]).toEqual([
      [1, 1],
      [2, 2],
      [4, 1],
    ]);
  });

  it('moves the keyboard focus within the board, seen from white', () => {
    expect(stepFocus(4, 1, 'ArrowUp')).toEqual({ file: 4, rank: 2 });
    expect(stepFocus(0, 0, 'ArrowLeft')).toEqual({ file: 0, rank: 0 });
    expect(stepFocus(7, 7, 'ArrowUp')).toEqual({ file: 7, rank: 7 });
    expect(stepFocus(3, 3, 'End')).toEqual({ file: 7, rank: 3 });
    expect(stepFocus(3, 3, 'a')).toBeNull();
  });
});
