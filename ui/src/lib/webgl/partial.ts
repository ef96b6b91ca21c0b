// Exact partial redraw on a kept drawing buffer (lean tier, software rasterisers), shared by
// the surfaces' 3D view and the Time Chess stack: when only some objects changed and the
// camera and canvas size are those of the frame on the canvas, the next frame redraws the
// same scene with the same camera, clipped by the scissor to the screen rectangles the
// changes can reach. Clipping never changes a pixel inside the rectangle, so the result is
// the full frame's, byte for byte (both views' Chromium tests compare them).
import { Matrix4, Vector3, type PerspectiveCamera, type WebGLRenderer } from 'three';

/** A rectangle of drawing-buffer pixels, origin at the bottom left (as WebGL's scissor). */
export interface Rect {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** A partial frame is drawn only while the rectangles to redraw cover at most this share of
 * the canvas; beyond it a full frame costs about the same. */
export const PARTIAL_SHARE = 0.3;
/** At most this many separate rectangles per partial frame (each is a pass of its own over
 * the scene); more are merged. */
export const PARTIAL_RECTS = 3;

const corner = new Vector3();
const centre = new Vector3();

/** The pixel rectangle (two pixels' margin for the rasteriser's edge rules) of the NDC
 * bounds, `'off'` when it is off the canvas. */
function toPixels(x0: number, y0: number, x1: number, y1: number, width: number, height: number): Rect | 'off' {
  const rect = {
    x0: Math.max(0, Math.floor(((x0 + 1) / 2) * width) - 2),
    y0: Math.max(0, Math.floor(((y0 + 1) / 2) * height) - 2),
    x1: Math.min(width, Math.ceil(((x1 + 1) / 2) * width) + 2),
    y1: Math.min(height, Math.ceil(((y1 + 1) / 2) * height) + 2),
  };
  return rect.x0 >= rect.x1 || rect.y0 >= rect.y1 ? 'off' : rect;
}

/**
 * The drawing-buffer rectangle a sphere (world centre and radius) stays inside: the projection
 * of a box round it in camera space; `'off'` when that is off the canvas, `null` when it
 * cannot be bounded (it reaches behind the near plane).
 */
export function sphereRect(camera: PerspectiveCamera, at: Vector3, r: number, width: number, height: number): Rect | 'off' | null {
  centre.copy(at).applyMatrix4(camera.matrixWorldInverse);
  if (centre.z + r > -camera.near) return null;
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (let k = 0; k < 8; k += 1) {
    corner.set(centre.x + (k & 1 ? r : -r), centre.y + (k & 2 ? r : -r), centre.z + (k & 4 ? r : -r));
    corner.applyMatrix4(camera.projectionMatrix);
    x0 = Math.min(x0, corner.x);
    x1 = Math.max(x1, corner.x);
    y0 = Math.min(y0, corner.y);
    y1 = Math.max(y1, corner.y);
  }
  return toPixels(x0, y0, x1, y1, width, height);
}

const viewProjection = new Matrix4();

/** The drawing-buffer rectangle an axis-aligned box stays inside (its eight corners, placed
 * in the world by `matrix` when given, projected); as `sphereRect`. */
export function boxRect(camera: PerspectiveCamera, min: Vector3, max: Vector3, width: number, height: number, matrix?: Matrix4): Rect | 'off' | null {
  viewProjection.multiplyMatrices(camera.projectionMatrix, camera.matrixWorldInverse);
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (let k = 0; k < 8; k += 1) {
    corner.set(k & 1 ? max.x : min.x, k & 2 ? max.y : min.y, k & 4 ? max.z : min.z);
    if (matrix) corner.applyMatrix4(matrix);
    // Behind (or on) the near plane the projection folds over: not boundable.
    if (centre.copy(corner).applyMatrix4(camera.matrixWorldInverse).z > -camera.near) return null;
    corner.applyMatrix4(viewProjection);
    x0 = Math.min(x0, corner.x);
    x1 = Math.max(x1, corner.x);
    y0 = Math.min(y0, corner.y);
    y1 = Math.max(y1, corner.y);
  }
  return toPixels(x0, y0, x1, y1, width, height);
}

/** The pixels a rectangle covers. */
export const rectArea = (r: Rect): number => (r.x1 - r.x0) * (r.y1 - r.y0);

/** Whether a bound (`null`: unbounded, it meets everything) meets a rectangle. */
export const meets = (b: Rect | 'off' | null, rect: Rect): boolean =>
  b === null || (b !== 'off' && b.x0 < rect.x1 && rect.x0 < b.x1 && b.y0 < rect.y1 && rect.y0 < b.y1);

/**
 * Merges rectangles while a merge is cheap (it adds fewer than 40,000 pixels, about a
 * 200 × 200 fill) or there are more than `PARTIAL_RECTS`; `null` when the result covers
 * more than `PARTIAL_SHARE` of the canvas (a full frame then).
 */
export function mergeRects(input: Rect[], width: number, height: number): Rect[] | null {
  let rects = input;
  const union = (a: Rect, b: Rect): Rect => ({ x0: Math.min(a.x0, b.x0), y0: Math.min(a.y0, b.y0), x1: Math.max(a.x1, b.x1), y1: Math.max(a.y1, b.y1) });
  for (;;) {
    let best: [number, number, number] | null = null;
    for (let i = 0; i < rects.length; i += 1)
      for (let j = i + 1; j < rects.length; j += 1) {
        const growth = rectArea(union(rects[i], rects[j])) - rectArea(rects[i]) - rectArea(rects[j]);
        if (!best || growth < best[2]) best = [i, j, growth];
      }
    if (!best || (best[2] > 40_000 && rects.length <= PARTIAL_RECTS)) break;
    const [i, j] = best;
    rects = [...rects.filter((_, k) => k !== i && k !== j), union(rects[i], rects[j])];
  }
  const covered = rects.reduce((sum, r) => sum + rectArea(r), 0);
  return covered <= PARTIAL_SHARE * width * height ? rects : null;
}

/** The camera matrices and drawing-buffer size of the frame on the canvas: a partial frame
 * is exact only on a frame drawn with the same ones. */
export class DrawnView {
  #kept = new Float64Array(34);
  #valid = false;

  /** Notes the camera and size a full frame was drawn with. */
  keep(camera: PerspectiveCamera, width: number, height: number): void {
    this.#kept.set(camera.matrixWorld.elements, 0);
    this.#kept.set(camera.projectionMatrix.elements, 16);
    this.#kept[32] = width;
    this.#kept[33] = height;
    this.#valid = true;
  }

  /** Forgets the kept frame (the canvas no longer holds a frame of this scene). */
  forget(): void {
    this.#valid = false;
  }

  /** Whether the camera and size are those of the frame on the canvas. */
  same(camera: PerspectiveCamera, width: number, height: number): boolean {
    if (!this.#valid) return false;
    const d = this.#kept;
    const w = camera.matrixWorld.elements;
    const p = camera.projectionMatrix.elements;
    for (let k = 0; k < 16; k += 1) if (d[k] !== w[k] || d[16 + k] !== p[k]) return false;
    return d[32] === width && d[33] === height;
  }
}

/**
 * Draws one pass per rectangle with the scissor set to it (`prepare` shows only what can
 * reach the rectangle), then turns the scissor off again, whatever happens.
 */
export function drawScissored(renderer: WebGLRenderer, rects: Rect[], prepare: (rect: Rect) => void, draw: () => void): void {
  const ratio = renderer.getPixelRatio();
  renderer.setScissorTest(true);
  try {
    for (const rect of rects) {
      prepare(rect);
      // three.js scales the scissor by the pixel ratio: hand it CSS pixels.
      renderer.setScissor(rect.x0 / ratio, rect.y0 / ratio, (rect.x1 - rect.x0) / ratio, (rect.y1 - rect.y0) / ratio);
      draw();
    }
  } finally {
    renderer.setScissorTest(false);
  }
}
