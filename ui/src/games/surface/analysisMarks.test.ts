import { describe, expect, it } from 'vitest';
import { analysisMarks, ownershipKind, visitsText, withMarks } from './analysisMarks';
import type { SurfaceReading } from '../../lib/bindings/SurfaceReading';

function reading(uncertain: boolean): SurfaceReading {
  return {
    line: 'game',
    cursor: 2,
    to_move: 'black',
    win_rate: 0.6,
    black_win_rate: 0.6,
    candidates: [
      { action: { type: 'place', at: 3 }, label: 'd1', visits: 1234, win_rate: 0.6, uncertain: false },
      { action: { type: 'pass' }, label: 'pass', visits: 50, win_rate: 0.4, uncertain: true },
      { action: { type: 'place', at: 4 }, label: 'e1', visits: 40, win_rate: 0.5, uncertain: true },
    ],
    ownership: [0.9, -0.4, 0.1, 0.7, -0.9, 0.8],
    playouts: 2000,
    uncertain,
  };
}

describe('analysis marks', () => {
  it('paints nobody below a quarter, leans below 0.6, and says when the reading is uncertain', () => {
    expect(ownershipKind(0.2, false)).toBeNull();
    expect(ownershipKind(-0.24, false)).toBeNull();
    expect(ownershipKind(0.3, false)).toBe('own-black-lean');
    expect(ownershipKind(-0.6, false)).toBe('own-white-clear');
    expect(ownershipKind(0.95, true)).toBe('own-black-clear-unsure');
  });

  it('marks empty points and dead stones, not stones their own side owns', () => {
    // Point 0 a live black stone, 4 a live white one, 5 a white stone Black owns (dead).
    const board = [1, 0, 0, 0, 2, 2];
    const { entries, drawings } = analysisMarks(reading(false), board, { ownership: true, candidates: false });
    expect(entries).toEqual([
      [1, 'own-white-lean'],
      [3, 'own-black-clear'],
      [5, 'own-black-clear'],
    ]);
    for (const [, kind] of entries) expect(drawings[kind]).toBeDefined();
    const unsure = analysisMarks(reading(true), board, { ownership: true, candidates: false });
    expect(unsure.entries.every(([, kind]) => kind.endsWith('-unsure'))).toBe(true);
  });

  it('numbers the placed candidates with their visits, a question mark when uncertain', () => {
    const { entries, drawings } = analysisMarks(reading(false), [0, 0, 0, 0, 0, 0], { ownership: false, candidates: true });
    expect(entries).toEqual([
      [3, 'candidate-1'],
      [4, 'candidate-3'],
    ]);
    const at = { x: 0, y: 0, stone: 0, unit: 100 };
    expect(drawings['candidate-1'].shapes(at).find((s) => s.tag === 'text')?.text).toBe('1.2k');
    expect(drawings['candidate-3'].shapes(at).find((s) => s.tag === 'text')?.text).toBe('40?');
  });

  it('shows nothing without a reading and joins marks to the screen’s', () => {
    expect(analysisMarks(null, [], { ownership: true, candidates: true }).entries).toEqual([]);
    expect(visitsText(999)).toBe('999');
    expect(visitsText(25_400)).toBe('25k');
    const joined = withMarks(new Map([[1, ['last']]]), [[1, 'candidate-1'], [2, 'own-black-lean']], (k) => k.startsWith('candidate'));
    expect([...joined]).toEqual([[1, ['last', 'candidate-1']]]);
  });
});
