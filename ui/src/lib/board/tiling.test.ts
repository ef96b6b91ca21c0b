import { describe, expect, it } from 'vitest';
import { render } from 'svelte/server';
import TiledBoard from './TiledBoard.svelte';
import { squareLayout } from './fixtures';
import { around, cellColours, cellMarkers, copiesOf, dimmedCells, isDrag, panned, realPoint, zoomed, DRAG_THRESHOLD } from './tiling';
import type { TiledLayout } from '../bindings/TiledLayout';

/** A 2 × 2 board drawn as a home copy (cells 0-3) and a reflected copy (cells 4-7). */
function twoCopies(): TiledLayout {
  const layout = squareLayout(4);
  layout.points = layout.points.slice(0, 8);
  const area = { x: 0, y: 0, width: 10, height: 10 };
  return {
    layout: { ...layout, areas: [area, area] },
    real: [0, 1, 2, 3, 2, 3, 0, 1],
    copy: [0, 0, 0, 0, 1, 1, 1, 1],
    copies: [
      { index: 0, sheet: 0, across: 0, up: 0, reflected: false, home: true, area },
      { index: 1, sheet: 0, across: 1, up: 0, reflected: true, home: false, area },
    ],
  };
}

describe('tiling', () => {
  it('maps a cell of any copy to its real point, and a point to all its cells', () => {
    const tiled = twoCopies();
    expect(realPoint(tiled, 6)).toBe(0);
    expect(realPoint(tiled, 99)).toBeNull();
    expect([...copiesOf(tiled, 4)].sort()).toEqual([2, 4]);
    expect(copiesOf(tiled, 99).size).toBe(0);
  });

  it('dims every cell outside the home copies and colours each cell as its real point', () => {
    const tiled = twoCopies();
    expect([...dimmedCells(tiled)]).toEqual([4, 5, 6, 7]);
    expect(cellColours(tiled, [1, 0, 2, 0])).toEqual([1, 0, 2, 0, 2, 0, 1, 0]);
  });

  it('draws the marks of a real point on each of its copies', () => {
    const marks = cellMarkers(twoCopies(), new Map([[2, ['liberty']], [1, ['last', 'group']]]));
    expect([...marks.entries()].sort((a, b) => a[0] - b[0])).toEqual([
      [1, ['last', 'group']],
      [2, ['liberty']],
      [4, ['liberty']],
      [7, ['last', 'group']],
    ]);
  });

  it('opens on the home chart with a border of its copies, inside the whole tiling', () => {
    const tiled = twoCopies();
    tiled.copies[0].area = { x: 10, y: 10, width: 10, height: 20 };
    const whole = { x: 0, y: 0, width: 40, height: 40 };
    expect(around(tiled, whole, 0.5)).toEqual({ x: 5, y: 0, width: 20, height: 40 });
    tiled.copies[0].home = false;
    expect(around(tiled, whole)).toEqual(whole);
  });

  it('tells a tap from a drag by the threshold', () => {
    expect(isDrag(0, 0)).toBe(false);
    expect(isDrag(DRAG_THRESHOLD, 0)).toBe(false);
    expect(isDrag(6, 6)).toBe(true);
    expect(isDrag(3, 3, 4)).toBe(true);
  });

  it('pans against the drag and zooms about a fixed position within limits', () => {
    const home = { x: 0, y: 0, width: 100, height: 50 };
    expect(panned(home, 10, -5)).toEqual({ x: -10, y: 5, width: 100, height: 50 });
    const inward = zoomed(home, 2, 50, 25, home);
    expect(inward).toEqual({ x: 25, y: 12.5, width: 50, height: 25 });
    // The position zoomed about stays at the same share of the view.
    const corner = zoomed(home, 2, 0, 0, home);
    expect([corner.x, corner.y]).toEqual([0, 0]);
    expect(zoomed(home, 100, 50, 25, home).width).toBe(25);
    expect(zoomed(home, 0.001, 50, 25, home).width).toBe(400);
  });
});

describe('TiledBoard', () => {
  it("draws the home chart's cells as elements in the colour of their real points, and the copies on a hidden canvas", () => {
    const tiled = twoCopies();
    const { body } = render(TiledBoard, {
      props: { tiled, board: [1, 0, 0, 0], label: 'Tiled', labelFor: (c: number) => String(c) },
    });
    expect(body.match(/data-point="/g)).toHaveLength(4);
    expect(body.match(/class="pt[^"]*\bdim\b/g)).toBeNull();
    expect(body.match(/data-color="1"/g)).toHaveLength(1);
    expect(body.match(/class="wood[^"]*\bdim\b/g)).toHaveLength(1);
    expect(body).toMatch(/<canvas class="copies[^"]*" aria-hidden="true"/);
  });
});
