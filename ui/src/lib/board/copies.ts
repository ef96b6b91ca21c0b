/**
 * The tiled view's copies drawn on a canvas instead of as elements: a tiling repeats the
 * chart eight times around the home chart (1,458 cells on the Klein bottle), and an SVG
 * of that many cells costs the browser tens of milliseconds to lay out, paint and raster
 * on every move. The canvas draws what `Board.svelte` draws for a point (the lit ring, the
 * marks under the stone, the stone with its shadow and gradient, the marks over it) from
 * the same data, and a pointer is mapped to the cell under it by position.
 */
import type { LayoutPoint } from '../bindings/LayoutPoint';
import type { LayoutRect } from '../bindings/LayoutRect';
import { markShapes, type MarkDrawings, type MarkShape } from './markers';

/** Finds the cell whose square (one unit across, centred on it) holds a layout position. */
export class CellFinder {
  readonly #unit: number;
  readonly #points: readonly LayoutPoint[];
  readonly #buckets = new Map<string, number[]>();

  constructor(points: readonly LayoutPoint[], unit: number) {
    this.#unit = unit;
    this.#points = points;
    points.forEach((pt, cell) => {
      const key = `${Math.floor(pt.x / unit)} ${Math.floor(pt.y / unit)}`;
      const bucket = this.#buckets.get(key);
      if (bucket) bucket.push(cell);
      else this.#buckets.set(key, [cell]);
    });
  }

  /** The cell at (`x`, `y`), the one drawn last (on top) where squares overlap, or null. */
  at(x: number, y: number): number | null {
    const u = this.#unit;
    const bx = Math.floor(x / u);
    const by = Math.floor(y / u);
    let found: number | null = null;
    for (let dx = -1; dx <= 1; dx++) {
      for (let dy = -1; dy <= 1; dy++) {
        for (const cell of this.#buckets.get(`${bx + dx} ${by + dy}`) ?? []) {
          const pt = this.#points[cell]!;
          if (Math.abs(pt.x - x) <= u / 2 && Math.abs(pt.y - y) <= u / 2 && (found === null || cell > found)) found = cell;
        }
      }
    }
    return found;
  }
}

/** Where the drawing sits in a box of `width` × `height` CSS pixels showing `view`
 * (centred, aspect kept: SVG's `xMidYMid meet`): pixels per layout unit and the offset. */
export function fit(view: LayoutRect, width: number, height: number): { scale: number; x: number; y: number } {
  const scale = width > 0 && height > 0 ? Math.min(width / view.width, height / view.height) : 1;
  return { scale, x: (width - view.width * scale) / 2 - view.x * scale, y: (height - view.height * scale) / 2 - view.y * scale };
}

/** What the canvas draws on one cell. */
export interface CopyCell {
  cell: number;
  color: number;
  marks: readonly string[] | undefined;
  lit: boolean;
}

/** The colours and font the drawing takes from the page's CSS (they change with the theme). */
export type Resolve = (value: string) => string;

/** A resolver of `var(--name, fallback)` values against an element's computed style, caching each name. */
export function cssResolver(element: Element): Resolve {
  const style = getComputedStyle(element);
  const cache = new Map<string, string>();
  return (value) => {
    const found = cache.get(value);
    if (found !== undefined) return found;
    const match = /^var\((--[\w-]+)\s*(?:,\s*(.+))?\)$/.exec(value.trim());
    const resolved = match ? style.getPropertyValue(match[1]!).trim() || (match[2]?.trim() ?? '') : value;
    cache.set(value, resolved);
    return resolved;
  };
}

// The stones' gradients, as Board.svelte's radialGradient elements (bounding-box units:
// the centre at (0.35, 0.3) of the stone's box, the radius a share of its width).
const GRADIENTS: Record<number, { r: number; stops: [number, string][] }> = {
  1: {
    r: 0.75,
    stops: [
      [0, '#5a5a5a'],
      [0.45, '#1c1c1c'],
      [1, '#000'],
    ],
  },
  2: {
    r: 0.8,
    stops: [
      [0, '#ffffff'],
      [0.7, '#ecebe6'],
      [1, '#c9c7c0'],
    ],
  },
};

function num(value: string | number | undefined, fallback: number): number {
  const n = Number(value);
  return value === undefined || Number.isNaN(n) ? fallback : n;
}

/** Draws one mark shape as the SVG element it describes would be drawn. */
function drawShape(ctx: CanvasRenderingContext2D, shape: MarkShape, resolve: Resolve, font: string): void {
  const a = shape.attrs;
  let path: Path2D | null = null;
  if (shape.tag === 'circle') {
    path = new Path2D();
    path.arc(num(a.cx, 0), num(a.cy, 0), num(a.r, 0), 0, 2 * Math.PI);
  } else if (shape.tag === 'rect') {
    path = new Path2D();
    path.roundRect(num(a.x, 0), num(a.y, 0), num(a.width, 0), num(a.height, 0), num(a.rx, 0));
  } else if (shape.tag === 'path') {
    path = new Path2D(String(a.d ?? ''));
  }
  const opacity = num(a.opacity, 1);
  // SVG's defaults: filled black, not stroked.
  const fill = a.fill === undefined ? '#000' : String(a.fill);
  const stroke = a.stroke === undefined ? 'none' : String(a.stroke);
  if (fill !== 'none') {
    ctx.globalAlpha = opacity * num(a['fill-opacity'], 1);
    ctx.fillStyle = resolve(fill);
    if (path) ctx.fill(path);
    else if (shape.tag === 'text') {
      ctx.font = `${a['font-weight'] ?? 400} ${num(a['font-size'], 16)}px ${font}`;
      ctx.textAlign = a['text-anchor'] === 'middle' ? 'center' : a['text-anchor'] === 'end' ? 'right' : 'left';
      ctx.textBaseline = a['dominant-baseline'] === 'central' ? 'middle' : 'alphabetic';
      ctx.fillText(shape.text ?? '', num(a.x, 0), num(a.y, 0));
    }
  }
  if (stroke !== 'none' && path) {
    ctx.globalAlpha = opacity * num(a['stroke-opacity'], 1);
    ctx.strokeStyle = resolve(stroke);
    ctx.lineWidth = num(a['stroke-width'], 1);
    ctx.setLineDash(a['stroke-dasharray'] ? String(a['stroke-dasharray']).split(/[\s,]+/).map(Number) : []);
    ctx.lineCap = (a['stroke-linecap'] as CanvasLineCap | undefined) ?? 'butt';
    ctx.lineJoin = (a['stroke-linejoin'] as CanvasLineJoin | undefined) ?? 'miter';
    ctx.stroke(path);
    ctx.setLineDash([]);
  }
  ctx.globalAlpha = 1;
}

/**
 * Draws `cells` of `points` on `ctx` (already cleared and transformed to layout units),
 * each as Board.svelte draws a point: the lit ring, the marks under the stone, the stone
 * and its shadow, the marks over it. Cells outside `view` (the part of the layout in sight, with a unit's margin) are skipped.
 */
export function drawCells(
  ctx: CanvasRenderingContext2D,
  points: readonly LayoutPoint[],
  unit: number,
  cells: readonly CopyCell[],
  drawings: MarkDrawings,
  view: LayoutRect,
  resolve: Resolve,
  font: string,
): void {
  const R = (unit * 47) / 100;
  const gradients = new Map<number, CanvasGradient>();
  for (const [colour, g] of Object.entries(GRADIENTS)) {
    const gradient = ctx.createRadialGradient(-0.3 * R, -0.4 * R, 0, -0.3 * R, -0.4 * R, g.r * 2 * R);
    for (const [at, c] of g.stops) gradient.addColorStop(at, c);
    gradients.set(Number(colour), gradient);
  }
  const litFill = resolve('var(--copy-lit)');
  const litStroke = resolve('var(--focus)');
  const [x0, y0, x1, y1] = [view.x - unit, view.y - unit, view.x + view.width + unit, view.y + view.height + unit];
  for (const { cell, color, marks, lit } of cells) {
    const pt = points[cell];
    if (!pt || pt.x < x0 || pt.x > x1 || pt.y < y0 || pt.y > y1) continue;
    if (color === 0 && !lit && !marks?.length) continue;
    if (lit) {
      ctx.beginPath();
      ctx.arc(pt.x, pt.y, R, 0, 2 * Math.PI);
      ctx.fillStyle = litFill;
      ctx.fill();
      ctx.strokeStyle = litStroke;
      ctx.lineWidth = 4;
      ctx.stroke();
    }
    const shapes = markShapes(marks, { x: pt.x, y: pt.y, stone: color, unit }, drawings);
    for (const s of shapes.under) drawShape(ctx, s, resolve, font);
    const gradient = gradients.get(color);
    if (gradient) {
      ctx.beginPath();
      ctx.arc(pt.x + (unit * 3) / 100, pt.y + (unit * 4) / 100, R, 0, 2 * Math.PI);
      ctx.fillStyle = 'rgb(0 0 0 / 0.22)';
      ctx.fill();
      // The gradient is placed around the origin: move the origin to the stone.
      ctx.translate(pt.x, pt.y);
      ctx.beginPath();
      ctx.arc(0, 0, R, 0, 2 * Math.PI);
      ctx.fillStyle = gradient;
      ctx.fill();
      if (color === 2) {
        ctx.strokeStyle = '#8d8a82';
        ctx.lineWidth = 1.5;
        ctx.stroke();
      }
      ctx.translate(-pt.x, -pt.y);
    }
    for (const s of shapes.over) drawShape(ctx, s, resolve, font);
  }
}
