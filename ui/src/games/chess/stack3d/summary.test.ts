import { describe, expect, it } from 'vitest';
import { get } from 'svelte/store';
import { locale, t } from '../../../lib/i18n';
import type { StackModel } from './model';
import { layerSummary } from './summary';

const model: StackModel = {
  present: 1,
  top: 2,
  toMove: 'black',
  layers: [
    { turn: 0, era: 'past', opacity: 0.7, check: false },
    { turn: 1, era: 'present', opacity: 1, check: true },
    { turn: 2, era: 'future', opacity: 0.3, check: false },
  ],
  pieces: [
    { file: 4, rank: 0, turn: 1, kind: 'king', color: 'white', opacity: 1, ghost: false, braindead: false, selected: false, inCheck: false },
    { file: 0, rank: 1, turn: 1, kind: 'pawn', color: 'white', opacity: 1, ghost: false, braindead: true, selected: false, inCheck: false },
    { file: 1, rank: 1, turn: 1, kind: 'pawn', color: 'white', opacity: 1, ghost: false, braindead: false, selected: false, inCheck: false },
    { file: 4, rank: 7, turn: 1, kind: 'king', color: 'black', opacity: 1, ghost: false, braindead: false, selected: false, inCheck: true },
    { file: 2, rank: 0, turn: 2, kind: 'knight', color: 'white', opacity: 0.45, ghost: true, braindead: false, selected: false, inCheck: false },
  ],
  destinations: [{ file: 4, rank: 6, turn: 2, mv: 'e8t1e7t2', moveKind: 'forward', capture: false }],
  lastMove: [],
  arrows: [],
  checkLines: [],
};

describe('layer summary', () => {
  it('names the turn, era, each side’s pieces by kind, and what stands out', () => {
    locale.set('en');
    const tr = get(t);
    expect(layerSummary(model, 1, tr)).toBe(
      'Layer of turn 1, the present. White: king e1, pawn a2 (braindead) b2. Black: king e8. A line of the check crosses this layer.',
    );
    expect(layerSummary(model, 2, tr)).toBe(
      'Layer of turn 2, future. White: no pieces. Black: no pieces. 1 traveller arrives here. 1 destination of the selected piece here.',
    );
    expect(layerSummary(model, 7, tr)).toBe('');
  });
});
