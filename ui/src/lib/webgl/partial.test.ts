import { describe, expect, it } from 'vitest';
import { PerspectiveCamera, Vector3 } from 'three';
import { boxRect, DrawnView, mergeRects, meets, PARTIAL_SHARE } from './partial';

function camera(): PerspectiveCamera {
  const c = new PerspectiveCamera(40, 2, 0.5, 100);
  c.position.set(0, 0, 10);
  c.lookAt(0, 0, 0);
  c.updateMatrixWorld();
  return c;
}

describe('partial redraw', () => {
  it('bounds a box in view by a rectangle round its projection, and refuses what it cannot bound', () => {
    const c = camera();
    const rect = boxRect(c, new Vector3(-1, -1, -1), new Vector3(1, 1, 1), 800, 400);
    expect(rect).not.toBeNull();
    expect(rect).not.toBe('off');
    if (rect && rect !== 'off') {
      // The box is centred: its rectangle holds the canvas's centre, with room to spare.
      expect(rect.x0).toBeLessThan(400);
      expect(rect.x1).toBeGreaterThan(400);
      expect(rect.y0).toBeLessThan(200);
      expect(rect.y1).toBeGreaterThan(200);
      expect(rect.x1 - rect.x0).toBeLessThan(800);
    }
    // Far to the side: off the canvas. Reaching behind the camera: not boundable.
    expect(boxRect(c, new Vector3(100, -1, -1), new Vector3(102, 1, 1), 800, 400)).toBe('off');
    expect(boxRect(c, new Vector3(-1, -1, 8), new Vector3(1, 1, 12), 800, 400)).toBeNull();
  });

  it('merges rectangles that are close, keeps far ones apart, and gives up past the share', () => {
    const a = { x0: 0, y0: 0, x1: 50, y1: 50 };
    const b = { x0: 52, y0: 0, x1: 100, y1: 50 };
    expect(mergeRects([a, b], 1000, 1000)).toEqual([{ x0: 0, y0: 0, x1: 100, y1: 50 }]);
    const far = { x0: 900, y0: 900, x1: 950, y1: 950 };
    expect(mergeRects([a, far], 1000, 1000)).toHaveLength(2);
    const big = { x0: 0, y0: 0, x1: 1000, y1: Math.ceil(1000 * PARTIAL_SHARE) + 1 };
    expect(mergeRects([big], 1000, 1000)).toBeNull();
    expect(meets(null, a)).toBe(true);
    expect(meets('off', a)).toBe(false);
    expect(meets(b, a)).toBe(false);
  });

  it('knows whether the camera and size are those of the kept frame', () => {
    const c = camera();
    const drawn = new DrawnView();
    expect(drawn.same(c, 800, 400)).toBe(false);
    drawn.keep(c, 800, 400);
    expect(drawn.same(c, 800, 400)).toBe(true);
    expect(drawn.same(c, 801, 400)).toBe(false);
    c.position.x = 0.001;
    c.updateMatrixWorld();
    expect(drawn.same(c, 800, 400)).toBe(false);
    drawn.keep(c, 800, 400);
    drawn.forget();
    expect(drawn.same(c, 800, 400)).toBe(false);
  });
});
