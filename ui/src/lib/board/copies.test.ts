import { describe, expect, it } from 'vitest';
import { CellFinder, fit } from './copies';
import { squareLayout } from './fixtures';

describe('copies on a canvas', () => {
  it('finds the cell whose square holds a position, and none between or beyond the cells', () => {
    const layout = squareLayout(3);
    const finder = new CellFinder(layout.points, layout.unit);
    layout.points.forEach((pt, cell) => {
      expect(finder.at(pt.x, pt.y)).toBe(cell);
      expect(finder.at(pt.x + layout.unit * 0.45, pt.y - layout.unit * 0.45)).toBe(cell);
    });
    const last = layout.points[layout.points.length - 1]!;
    expect(finder.at(last.x + layout.unit * 0.6, last.y)).toBeNull();
    expect(finder.at(-1000, -1000)).toBeNull();
  });

  it('takes the cell drawn last where two squares overlap, as the drawing does', () => {
    const points = [
      { ...squareLayout(3).points[0]!, x: 0, y: 0 },
      { ...squareLayout(3).points[1]!, x: 10, y: 0 },
    ];
    const finder = new CellFinder(points, 30);
    expect(finder.at(5, 0)).toBe(1);
    expect(finder.at(-10, 0)).toBe(0);
  });

  it('fits the view in the box centred with its aspect kept', () => {
    // A view twice as wide as tall in a square box: full width, centred vertically.
    expect(fit({ x: 10, y: 20, width: 200, height: 100 }, 100, 100)).toEqual({ scale: 0.5, x: -5, y: 15 });
    // In a wide box: full height, centred horizontally.
    expect(fit({ x: 0, y: 0, width: 100, height: 100 }, 300, 100)).toEqual({ scale: 1, x: 100, y: 0 });
  });
});
