import { describe, expect, it } from 'vitest';
import type { ChessView } from '../../../lib/bindings/ChessView';
import type { Selection } from '../../../lib/bindings/Selection';
import { clickIntent, GHOST_OPACITY, stackModel } from './model';

const piece = (at: string, color: 'white' | 'black', kind: 'king' | 'knight' | 'rook', lineage: number, braindead = false) => ({
  at,
  color,
  kind,
  lineage,
  braindead,
});

// Turn 0: white Ke1 Nb1, black ke8 ra8; white sent the knight to c1t3 (arriving later),
// black's rook went back to a1t0
// (braindead there until the present). Kept small: only what the model reads.
const view: ChessView = {
  cursor: 2,
  moves: ['b1t0c1t3', 'a8t1a1t0'],
  revision: 'r',
  save: { kind: 'saved' } as ChessView['save'],
  opponent: { computer: 'none', level: 'steady' },
  computer_to_move: false,
  screen: {
    present: 2,
    toMove: 'white',
    layers: [
      { turn: 0, mover: 'white', played: 'b1t0c1t3', pieces: [piece('e1t0', 'white', 'king', 0), piece('a1t0', 'black', 'rook', 3, true), piece('e8t0', 'black', 'king', 2)] },
      { turn: 1, mover: 'black', played: 'a8t1a1t0', pieces: [piece('e1t1', 'white', 'king', 0), piece('a1t1', 'black', 'rook', 3, true), piece('e8t1', 'black', 'king', 2)] },
      { turn: 2, mover: 'white', played: null, pieces: [piece('e1t2', 'white', 'king', 0), piece('a1t2', 'black', 'rook', 3), piece('e8t2', 'black', 'king', 2)] },
    ],
    ghosts: [{ color: 'white', kind: 'knight', from: 'b1t0', to: 'c1t3' }],
    lastMove: { turn: 1, mv: 'a8t1a1t0', color: 'black', kind: 'rook', moveKind: 'backward', consequences: [] },
    check: {
      color: 'white',
      kings: ['e1t2'],
      lines: [{ attacker: 'a1t2', kind: 'rook', king: 'e1t2', path: ['b1t2', 'c1t2', 'd1t2'], threat: 'a1t2e1t2' }],
      layers: [2],
    },
    outcome: null,
    timeline: [],
  },
};

const selection: Selection = {
  from: 'e1t2',
  piece: { color: 'white', kind: 'king', lineage: 0 },
  layers: [
    { turn: 2, destinations: [{ mv: 'e1t2f2t2', to: 'f2t2', moveKind: 'ordinary', captures: null }] },
    { turn: 4, destinations: [{ mv: 'e1t2e1t4', to: 'e1t4', moveKind: 'forward', captures: null }] },
  ],
  reason: null,
};

describe('stack model', () => {
  it('draws every instance by layer with the past faded and the present solid', () => {
    const m = stackModel(view, null, 0.5);
    expect(m.present).toBe(2);
    const kings = m.pieces.filter((p) => p.kind === 'king' && p.color === 'white');
    expect(kings.map((k) => k.turn)).toEqual([0, 1, 2]);
    expect(kings[2].opacity).toBe(1);
    expect(kings[1].opacity).toBeLessThan(1);
    expect(kings[0].opacity).toBeLessThan(kings[1].opacity);
  });

  it('shows ghosts at their arrival with their departure, and the layers up to them', () => {
    const m = stackModel(view, null, 0.3);
    const ghost = m.pieces.find((p) => p.ghost);
    expect(ghost).toMatchObject({ kind: 'knight', color: 'white', file: 2, rank: 0, turn: 3, opacity: GHOST_OPACITY });
    expect(m.top).toBe(3);
    expect(m.layers.map((l) => l.era)).toEqual(['past', 'past', 'present', 'future']);
    // The ghost's own arrow, not a second one for the same move.
    const fromB1 = m.arrows.filter((a) => a.from.file === 1 && a.from.turn === 0);
    expect(fromB1).toHaveLength(1);
    expect(fromB1[0].ghost).toBe(true);
  });

  it('draws an arrow for a move across time, the last move marked, and its two squares', () => {
    const m = stackModel(view, null, 0.3);
    const back = m.arrows.find((a) => !a.ghost);
    expect(back).toMatchObject({ color: 'black', last: true, from: { file: 0, rank: 7, turn: 1 }, to: { file: 0, rank: 0, turn: 0 } });
    expect(m.lastMove).toEqual([
      { file: 0, rank: 7, turn: 1 },
      { file: 0, rank: 0, turn: 0 },
    ]);
  });

  it('marks the king in check, its attacking line and the layer, and braindead pieces', () => {
    const m = stackModel(view, null, 0.3);
    expect(m.pieces.filter((p) => p.inCheck).map((p) => p.turn)).toEqual([2]);
    expect(m.checkLines[0].points.map((p) => p.file)).toEqual([0, 1, 2, 3, 4]);
    expect(m.layers.filter((l) => l.check).map((l) => l.turn)).toEqual([2]);
    expect(m.pieces.filter((p) => p.braindead).map((p) => p.turn)).toEqual([0, 1]);
  });

  it('lists the selection’s destinations in every layer, the future one included', () => {
    const m = stackModel(view, selection, 0.3);
    expect(m.destinations.map((d) => d.mv)).toEqual(['e1t2f2t2', 'e1t2e1t4']);
    expect(m.top).toBe(4);
    expect(m.pieces.find((p) => p.selected)).toMatchObject({ kind: 'king', turn: 2 });
  });
});

describe('the hint', () => {
  it("draws the engine's suggested move as one hint arrow of the side to move, and none without it", () => {
    const without = stackModel(view, null, 0.3);
    expect(without.arrows.filter((a) => a.hint)).toEqual([]);
    const m = stackModel(view, null, 0.3, 'e1t2e1t4');
    const hints = m.arrows.filter((a) => a.hint);
    expect(hints).toHaveLength(1);
    expect(hints[0]).toMatchObject({ from: { file: 4, rank: 0, turn: 2 }, to: { file: 4, rank: 0, turn: 4 }, color: 'white' });
    expect(m.arrows.length).toBe(without.arrows.length + 1);
  });
});

describe('clicks (Appendix C.2–C.3)', () => {
  const at = (file: number, rank: number, turn: number) => ({ file, rank, turn });

  it('selects a piece of the side to move in the present, and nothing else', () => {
    const m = stackModel(view, null, 0.3);
    expect(clickIntent(m, [at(4, 0, 2)])).toEqual({ kind: 'select', pos: 'e1t2' });
    expect(clickIntent(m, [at(0, 0, 2)])).toEqual({ kind: 'none' }); // black's rook
    expect(clickIntent(m, [at(4, 0, 1)])).toEqual({ kind: 'none' }); // a past instance
    expect(clickIntent(m, [at(3, 3, 2)])).toEqual({ kind: 'none' }); // empty
    expect(clickIntent(m, [])).toEqual({ kind: 'none' });
  });

  it('plays a destination anywhere along the ray, and deselects on the selected piece', () => {
    const m = stackModel(view, selection, 0.3);
    expect(clickIntent(m, [at(4, 3, 3), at(4, 0, 4)])).toEqual({ kind: 'play', mv: 'e1t2e1t4' });
    expect(clickIntent(m, [at(4, 0, 2)])).toEqual({ kind: 'deselect' });
  });

  it('selects nothing once the game is over', () => {
    const over = stackModel({ ...view, screen: { ...view.screen, toMove: null } }, null, 0.3);
    expect(clickIntent(over, [at(4, 0, 2)])).toEqual({ kind: 'none' });
  });
});
