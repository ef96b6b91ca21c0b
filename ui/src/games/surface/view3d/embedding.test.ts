import { describe, expect, it } from 'vitest';
import { distance, embed, length } from './embedding';
import type { BoardLayout } from '../../../lib/bindings/BoardLayout';
import type { Surface } from '../../../lib/bindings/Surface';
import fixture from './layouts.fixture.json';

// The engine's `surface_layout` answers for the three plain charts (written out by the
// bridge; the Chromium test checks the same embedding against the live backend).
const layouts = fixture as unknown as Record<Surface, Pick<BoardLayout, 'unit' | 'points' | 'seams'>>;
const asLayout = (surface: Surface) => ({ view: { x: 0, y: 0, width: 0, height: 0 }, areas: [], lines: [], labels: [], marks: [], ...layouts[surface] }) as BoardLayout;

const SURFACES: [Surface, number][] = [
  ['go-mobius-9x11-v1', 99],
  ['go-klein-9x18-v1', 162],
  ['go-genus2-staircase-9x9-v1', 162],
];

describe.each(SURFACES)('the embedding of %s', (surface, points) => {
  const layout = asLayout(surface);
  const shape = embed(surface, layout);
  const pairs = layout.points.flatMap((pt, p) =>
    Object.values(pt.neighbours)
      .filter((q): q is number => q !== null)
      .map((q) => [p, q] as const),
  );

  it('places every point, apart from every other', () => {
    expect(shape.positions).toHaveLength(points);
    let closest = Infinity;
    for (let p = 0; p < points; p += 1)
      for (let q = p + 1; q < points; q += 1) closest = Math.min(closest, distance(shape.positions[p], shape.positions[q]));
    expect(closest).toBeGreaterThan(0.15);
  });

  it('keeps every pair of engine neighbours close, across seams too', () => {
    const gaps = pairs.map(([p, q]) => distance(shape.positions[p], shape.positions[q]));
    expect(Math.max(...gaps)).toBeLessThan(4);
    // Neighbours are nearer than the points of the shape are on average: no seam is torn.
    const all: number[] = [];
    for (let p = 0; p < points; p += 7) for (let q = 0; q < points; q += 5) all.push(distance(shape.positions[p], shape.positions[q]));
    const mean = all.reduce((a, b) => a + b, 0) / all.length;
    expect(Math.max(...gaps)).toBeLessThan(mean);
  });

  it('draws the physical edge where the engine gives a point no neighbour', () => {
    const missing = layout.points.flatMap((pt) => Object.values(pt.neighbours).filter((q) => q === null));
    expect(shape.boundary).toHaveLength(missing.length);
    if (surface === 'go-mobius-9x11-v1') expect(missing.length).toBe(18);
  });

  it('gives every point a unit normal and a stone size', () => {
    for (const n of shape.normals) expect(length(n)).toBeCloseTo(1, 5);
    for (const s of shape.stoneSize) expect(s).toBeGreaterThan(0.1);
  });

  it('draws one grid line per neighbour pair, joining the two points', () => {
    expect(shape.gridLines).toHaveLength(pairs.length / 2);
    const ends = new Set(shape.gridLines.map((line) => `${line[0].join()}|${line[line.length - 1].join()}`));
    for (const [p, q] of pairs)
      if (p < q) expect(ends.has(`${shape.positions[p].join()}|${shape.positions[q].join()}`)).toBe(true);
  });

  it('draws every seam side on the surface in its palette colour', () => {
    expect(shape.seams).toHaveLength(layout.seams?.length ?? 0);
    shape.seams.forEach((seam, k) => {
      expect(seam.colour).toBe(layout.seams?.[k].colour);
      expect(seam.path.length).toBeGreaterThan(1);
      // Each side runs along the points it bounds, half a step from them.
      const nearest = Math.min(...shape.positions.map((p) => distance(p, seam.path[0])));
      expect(nearest).toBeLessThan(2.5);
    });
  });

  it('joins the sides of a seam with a band only where they lie apart (the genus-two slit)', () => {
    if (surface === 'go-genus2-staircase-9x9-v1') expect(shape.bands.length).toBeGreaterThan(0);
    else expect(shape.bands).toHaveLength(0);
    for (const band of shape.bands) expect(band.positions).toHaveLength(band.columns * 2);
  });

  it('covers the charts with sheets whose vertices all have normals', () => {
    for (const patch of shape.patches) {
      expect(patch.positions).toHaveLength(patch.rows * patch.columns);
      for (const n of patch.normals) expect(Number.isFinite(length(n))).toBe(true);
    }
  });
});
