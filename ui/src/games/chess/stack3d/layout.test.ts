import { describe, expect, it } from 'vitest';
import {
  arrowCurve,
  followRange,
  frameTurns,
  LAYER_GAP,
  layerOpacity,
  orbitEye,
  parseMove,
  parsePos,
  pastOpacity,
  POLAR_MAX,
  POLAR_MIN,
  posName,
  rotateOrbit,
  squareAt,
  squareCentre,
  toggleFilter,
  visibleTurns,
  zoomOrbit,
  type Orbit,
} from './layout';

describe('positions', () => {
  it('parses and writes positions and moves in notation', () => {
    expect(parsePos('e2t0')).toEqual({ file: 4, rank: 1, turn: 0 });
    expect(parsePos('h8t12')).toEqual({ file: 7, rank: 7, turn: 12 });
    expect(posName({ file: 2, rank: 5, turn: 1 })).toBe('c6t1');
    expect(parseMove('c6t1e8t1')).toEqual([
      { file: 2, rank: 5, turn: 1 },
      { file: 4, rank: 7, turn: 1 },
    ]);
    for (const bad of ['e9t0', 'i1t0', 'e2t', 'e2t01', 'e2t0e4', '']) expect(parsePos(bad)).toBeNull();
    expect(parseMove('e2t0e9t0')).toBeNull();
  });

  it('places each layer higher than the one before and maps points back to squares', () => {
    expect(squareCentre({ file: 0, rank: 0, turn: 0 })).toEqual([-3.5, 0, 3.5]);
    expect(squareCentre({ file: 7, rank: 7, turn: 3 })).toEqual([3.5, 3 * LAYER_GAP, -3.5]);
    for (let file = 0; file < 8; file++) {
      for (let rank = 0; rank < 8; rank++) {
        const [x, , z] = squareCentre({ file, rank, turn: 5 });
        expect(squareAt(x + 0.3, z - 0.3)).toEqual({ file, rank });
      }
    }
    expect(squareAt(4.01, 0)).toBeNull();
    expect(squareAt(0, -4.2)).toBeNull();
  });
});

describe('layer filters', () => {
  const none = { hideFuture: false, hidePast: false };

  it('F, P and N hide the future, the past, or both (N again shows all)', () => {
    expect(toggleFilter(none, 'F')).toEqual({ hideFuture: true, hidePast: false });
    expect(toggleFilter(none, 'P')).toEqual({ hideFuture: false, hidePast: true });
    const now = toggleFilter(toggleFilter(none, 'F'), 'N');
    expect(now).toEqual({ hideFuture: true, hidePast: true });
    expect(toggleFilter(now, 'N')).toEqual(none);
    expect(toggleFilter(toggleFilter(none, 'F'), 'F')).toEqual(none);
  });

  it('shows the turns inside the range that the filter lets through', () => {
    expect(visibleTurns(3, 5, none, [0, 5])).toEqual([0, 1, 2, 3, 4, 5]);
    expect(visibleTurns(3, 5, { hideFuture: true, hidePast: false }, [0, 5])).toEqual([0, 1, 2, 3]);
    expect(visibleTurns(3, 5, { hideFuture: false, hidePast: true }, [0, 5])).toEqual([3, 4, 5]);
    expect(visibleTurns(3, 5, { hideFuture: true, hidePast: true }, [0, 5])).toEqual([3]);
    expect(visibleTurns(3, 5, none, [2, 3])).toEqual([2, 3]);
    expect(visibleTurns(3, 5, none, [4, 1])).toEqual([1, 2, 3, 4]);
    expect(visibleTurns(3, 5, { hideFuture: false, hidePast: true }, [0, 2])).toEqual([]);
  });

  it('a range reaching the top follows the game; one below it stays put', () => {
    expect(followRange([0, 10], 10, 11)).toEqual([0, 11]);
    expect(followRange([2, 6], 10, 11)).toEqual([2, 6]);
    expect(followRange([5, 9], 10, 3)).toEqual([3, 3]);
  });
});

describe('opacity', () => {
  it('fades the past with distance, never to nothing, and not at all with no fade', () => {
    expect(pastOpacity(0, 0.5)).toBe(1);
    expect(pastOpacity(1, 0.5)).toBeGreaterThan(pastOpacity(5, 0.5));
    expect(pastOpacity(60, 1)).toBeCloseTo(0.1);
    expect(pastOpacity(10, 0)).toBeCloseTo(0.85);
    expect(pastOpacity(4, 0.8)).toBeLessThan(pastOpacity(4, 0.2));
    expect(layerOpacity(7, 5, 0.3)).toBeLessThan(1);
    expect(layerOpacity(5, 5, 0.3)).toBe(1);
  });
});

describe('arrows', () => {
  it('run from one square centre to the other, bowing away from the stack', () => {
    const from = { file: 1, rank: 0, turn: 2 };
    const to = { file: 2, rank: 0, turn: 6 };
    const points = arrowCurve(from, to, 20, 0.3);
    expect(points).toHaveLength(21);
    const [ax, ay, az] = squareCentre(from);
    const [bx, by, bz] = squareCentre(to);
    expect(points[0]).toEqual([ax, ay + 0.3, az]);
    expect(points[20][0]).toBeCloseTo(bx);
    expect(points[20][1]).toBeCloseTo(by + 0.3);
    expect(points[20][2]).toBeCloseTo(bz);
    // The middle lies farther from the axis than the chord's middle.
    const mid = points[10];
    const chord = [(ax + bx) / 2, (az + bz) / 2];
    expect(Math.hypot(mid[0], mid[2])).toBeGreaterThan(Math.hypot(chord[0], chord[1]) + 0.5);
    // Heights rise monotonically for a move to a later turn.
    for (let i = 1; i < points.length; i++) expect(points[i][1]).toBeGreaterThanOrEqual(points[i - 1][1]);
  });

  it('a move up the middle of the stack still bows, and a longer one bows more', () => {
    const short = arrowCurve({ file: 3, rank: 3, turn: 0 }, { file: 4, rank: 4, turn: 1 }, 10);
    const long = arrowCurve({ file: 3, rank: 3, turn: 0 }, { file: 4, rank: 4, turn: 8 }, 10);
    expect(Math.hypot(short[5][0], short[5][2])).toBeGreaterThan(0.5);
    expect(Math.hypot(long[5][0], long[5][2])).toBeGreaterThan(Math.hypot(short[5][0], short[5][2]));
  });
});

describe('camera orbit', () => {
  const o: Orbit = { target: [0, 0, 0], radius: 10, azimuth: 0, polar: Math.PI / 2 };

  it('puts the eye at the radius from the target', () => {
    const [x, y, z] = orbitEye(o);
    expect(Math.hypot(x, y, z)).toBeCloseTo(10);
    expect(z).toBeCloseTo(10);
  });

  it('spins on horizontal drags, tilts within limits on vertical ones, and zooms within limits', () => {
    expect(rotateOrbit(o, 100, 0).azimuth).toBeLessThan(0);
    expect(rotateOrbit(o, 100, 0).polar).toBe(o.polar);
    expect(rotateOrbit(o, 0, 10000).polar).toBe(POLAR_MIN);
    expect(rotateOrbit(o, 0, -10000).polar).toBe(POLAR_MAX);
    expect(zoomOrbit(o, 0.5).radius).toBe(5);
    expect(zoomOrbit(o, 0.0001).radius).toBe(4);
    expect(zoomOrbit(o, 1e9).radius).toBe(400);
  });

  it('frames a range of layers around their middle, farther for more layers', () => {
    const one = frameTurns(o, 3, 3, 38, 1.5);
    const many = frameTurns(o, 0, 30, 38, 1.5);
    expect(one.target[1]).toBeCloseTo(3 * LAYER_GAP);
    expect(many.target[1]).toBeCloseTo(15 * LAYER_GAP);
    expect(many.radius).toBeGreaterThan(one.radius);
    // A narrow (phone) view stands farther back for the same layer.
    expect(frameTurns(o, 3, 3, 38, 0.45).radius).toBeGreaterThan(one.radius);
  });
});
