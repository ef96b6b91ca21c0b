import { describe, expect, it } from 'vitest';
import { CellFinder, cellReach, fit, mergeBoxes, pixelBox, shapeReach } from './copies';
import { MARKS } from './markers';
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

  it("bounds each shape's reach from its point, strokes, miter joins and caps included", () => {
    expect(shapeReach({ tag: 'circle', attrs: { cx: 12, cy: 10, r: 5, stroke: '#000', 'stroke-width': 2 } }, 10, 10)).toBe(2 + 5 + 1);
    expect(shapeReach({ tag: 'circle', attrs: { cx: 10, cy: 10, r: 5, fill: '#000' } }, 10, 10)).toBe(5);
    expect(shapeReach({ tag: 'rect', attrs: { x: 11, y: 4, width: 3, height: 2 } }, 10, 10)).toBe(6);
    // A miter join may reach ten half widths past the corner; a round join one; a lone segment has no join.
    expect(shapeReach({ tag: 'path', attrs: { d: 'M 10 7 L 13 10 Z', stroke: '#000', 'stroke-width': 1 } }, 10, 10)).toBe(3 + 5);
    expect(shapeReach({ tag: 'path', attrs: { d: 'M 10 7 L 13 10 M 7 7 L 10 10', stroke: '#000', 'stroke-width': 1 } }, 10, 10)).toBe(3.5);
    expect(shapeReach({ tag: 'path', attrs: { d: 'M 10 7 L 13 10 Z', stroke: '#000', 'stroke-width': 1, 'stroke-linejoin': 'round' } }, 10, 10)).toBe(3.5);
    expect(shapeReach({ tag: 'path', attrs: { d: 'M 10 7 L 1e1 -2.5e0' } }, 10, 10)).toBe(12.5);
    // Text and curves cannot be bounded here: a change of them paints the canvas whole.
    expect(shapeReach({ tag: 'text', attrs: { x: 10, y: 10 }, text: '1.2k' }, 10, 10)).toBe(Infinity);
    expect(shapeReach({ tag: 'path', attrs: { d: 'M 0 0 A 5 5 0 0 1 10 10' } }, 10, 10)).toBe(Infinity);
  });

  it('bounds a cell by its lit ring, stone, shadow and every mark, and by nothing when it draws nothing', () => {
    const pt = { ...squareLayout(3).points[0]!, x: 100, y: 100 };
    const unit = 40;
    const R = 0.47 * unit;
    expect(cellReach(pt, unit, { cell: 0, color: 0, marks: undefined, lit: false }, MARKS)).toBe(0);
    expect(cellReach(pt, unit, { cell: 0, color: 1, marks: undefined, lit: false }, MARKS)).toBeCloseTo(R + 0.04 * unit);
    expect(cellReach(pt, unit, { cell: 0, color: 0, marks: undefined, lit: true }, MARKS)).toBeCloseTo(R + 2);
    // Every mark kind of the board stays inside the reach of a cell holding all of them.
    const all = cellReach(pt, unit, { cell: 0, color: 2, marks: Object.keys(MARKS), lit: true }, MARKS);
    for (const kind of Object.keys(MARKS)) {
      for (const shape of MARKS[kind]!.shapes({ x: pt.x, y: pt.y, stone: 2, unit })) {
        expect(shapeReach(shape, pt.x, pt.y)).toBeLessThanOrEqual(all);
        expect(shapeReach(shape, pt.x, pt.y)).toBeLessThan(unit);
      }
    }
    const text = { ...MARKS, words: { shapes: () => [{ tag: 'text' as const, attrs: { x: 100, y: 100 }, text: 'a' }] } };
    expect(cellReach(pt, unit, { cell: 0, color: 0, marks: ['words'], lit: false }, text)).toBe(Infinity);
  });

  it('turns a reach into whole device pixels with a margin for antialiasing', () => {
    const scene = { scale: 2, x: 0.5, y: 10, width: 500, height: 400 };
    // Centre (20.5, 30), reach 10 units = 20 px: [0.5, 10] .. [40.5, 50], floored and ceiled, 2 px more.
    expect(pixelBox({ ...squareLayout(3).points[0]!, x: 10, y: 10 }, 10, scene)).toEqual([-2, 8, 43, 52]);
    expect(pixelBox({ ...squareLayout(3).points[0]!, x: 10, y: 10 }, Infinity, scene)).toEqual([0, 0, 500, 400]);
  });

  it('joins overlapping boxes, also those a grown box comes to meet, and keeps apart ones apart', () => {
    expect(mergeBoxes([[0, 0, 10, 10], [0, 0, 10, 10]])).toEqual([[0, 0, 10, 10]]);
    expect(mergeBoxes([[0, 0, 10, 10], [20, 0, 30, 10], [5, 5, 25, 8]])).toEqual([[0, 0, 30, 10]]);
    expect(mergeBoxes([[0, 0, 10, 10], [10, 0, 20, 10]])).toEqual([[0, 0, 10, 10], [10, 0, 20, 10]]);
  });
});
