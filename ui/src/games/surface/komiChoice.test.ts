import { describe, expect, it } from 'vitest';
import { isMarginEstimate, isSmallSample, komiKindOf, komiKinds, komiOfKind, measuredChoice, scorePercent } from './komiChoice';
import type { SurfaceKomiChoice } from '../../lib/bindings/SurfaceKomiChoice';

function choice(measuredHalfPoints: number | null, games = 200): SurfaceKomiChoice {
  return {
    surface: 'go-mobius-9x11-v1',
    rules_komi_half_points: 1,
    measured:
      measuredHalfPoints === null
        ? null
        : {
            komiHalfPoints: measuredHalfPoints,
            games,
            playouts: 20_000,
            studyKomiHalfPoints: 0,
            lowHalfPoints: measuredHalfPoints - 4,
            highHalfPoints: measuredHalfPoints + 4,
            blackScorePer10k: 5_250,
            blackScoreLowPer10k: 3_205,
            blackScoreHighPer10k: 7_215,
          },
  };
}

describe('komi choices', () => {
  it('offers a measured komi that differs from the rules one as a choice of its own', () => {
    const seven = choice(14);
    expect(komiKinds(seven)).toEqual(['rules', 'measured', 'other']);
    expect(komiOfKind('measured', seven)).toBe(14);
    expect(komiOfKind('rules', seven)).toBe(1);
    expect(komiOfKind('other', seven)).toBeNull();
    expect(komiKindOf(14, seven, false)).toBe('measured');
    expect(komiKindOf(1, seven, false)).toBe('rules');
    expect(komiKindOf(3, seven, false)).toBe('other');
  });

  it('offers no measured choice where the measurement gave the rules komi, or none was made', () => {
    for (const same of [choice(1), choice(null)]) {
      expect(measuredChoice(same)).toBeNull();
      expect(komiKinds(same)).toEqual(['rules', 'other']);
      expect(komiOfKind('measured', same)).toBeNull();
      expect(komiKindOf(1, same, false)).toBe('rules');
    }
    expect(measuredChoice(undefined)).toBeNull();
  });

  it('keeps a typed value as "other", and anything unreadable too', () => {
    const seven = choice(14);
    expect(komiKindOf(14, seven, true)).toBe('other');
    expect(komiKindOf(null, seven, false)).toBe('other');
    expect(komiKindOf(1, undefined, false)).toBe('other');
  });

  it('calls a sample small below 100 games', () => {
    expect(isSmallSample(choice(14, 20).measured!)).toBe(true);
    expect(isSmallSample(choice(14, 99).measured!)).toBe(true);
    expect(isSmallSample(choice(14, 100).measured!)).toBe(false);
  });

  it('takes a komi played at another komi for a margin estimate, and one played at itself for checked', () => {
    const measured = choice(14).measured!;
    expect(isMarginEstimate(measured)).toBe(true);
    expect(isMarginEstimate({ ...measured, studyKomiHalfPoints: 14 })).toBe(false);
  });

  it('writes a score to a tenth of a percent, rounding half up in every language', () => {
    expect(scorePercent(4_975, 'en')).toBe('49.8%');
    expect(scorePercent(4_289, 'en')).toBe('42.9%');
    expect(scorePercent(5_662, 'en')).toBe('56.6%');
    expect(scorePercent(10_000, 'en')).toBe('100.0%');
    expect(scorePercent(0, 'ja')).toBe('0.0%');
    expect(scorePercent(5_250, 'zh')).toBe('52.5%');
  });
});
