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
  // Each stone is drawn from this transform, not by moving back from the last stone: the
  // rounding of many moves there and back would make a cell's pixels depend on the cells before it.
  const base = ctx.getTransform();
  for (const { cell, color, marks, lit } of cells) {
    const pt = points[cell];
    if (!pt || pt.x < x0 || pt.x > x1 || pt.y < y0 || pt.y > y1) continue;
    if (color === 0 && !lit && !marks?.length) continue;
    // A cell's drawing depends on nothing drawn before it (so a part of the canvas can be
    // painted again with only the cells that reach it): the ring's and the stone's strokes
    // take SVG's defaults, not what a mark of an earlier cell left set.
    ctx.lineCap = 'butt';
    ctx.lineJoin = 'miter';
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
      ctx.setTransform(base);
    }
    for (const s of shapes.over) drawShape(ctx, s, resolve, font);
  }
}

/** A square of device pixels: left, top, right, bottom (right and bottom excluded). */
export type PixelBox = readonly [number, number, number, number];

/** How far a shape's stroke can reach past its outline: half its width, or at a miter join (where `joins` has corners) up to the miter limit (10, the canvas's default) times that. */
function strokeReach(attrs: MarkShape['attrs'], joins: boolean): number {
  if (attrs.stroke === undefined || attrs.stroke === 'none') return 0;
  const half = num(attrs['stroke-width'], 1) / 2;
  const join = joins && attrs['stroke-linejoin'] !== 'round' && attrs['stroke-linejoin'] !== 'bevel' ? half * 10 : half;
  const cap = attrs['stroke-linecap'] === 'square' ? half * Math.SQRT2 : half;
  return Math.max(join, cap);
}

/** How far from the point (x, y) a mark shape reaches on either axis, in layout units; Infinity when it cannot be known (text, curves). */
export function shapeReach(shape: MarkShape, x: number, y: number): number {
  const a = shape.attrs;
  if (shape.tag === 'circle') return Math.max(Math.abs(num(a.cx, 0) - x), Math.abs(num(a.cy, 0) - y)) + num(a.r, 0) + strokeReach(a, false);
  if (shape.tag === 'rect') {
    const [left, top] = [num(a.x, 0), num(a.y, 0)];
    const [right, bottom] = [left + num(a.width, 0), top + num(a.height, 0)];
    return Math.max(Math.abs(left - x), Math.abs(right - x), Math.abs(top - y), Math.abs(bottom - y)) + strokeReach(a, true);
  }
  if (shape.tag === 'path') {
    const d = String(a.d ?? '');
    // Straight segments only (absolute moves and lines): their corners bound the path.
    if (!/^[MLZ\d\s.,eE+-]*$/.test(d)) return Infinity;
    const numbers = d.match(/[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?/g)?.map(Number) ?? [];
    let reach = 0;
    for (let k = 0; k + 1 < numbers.length; k += 2) reach = Math.max(reach, Math.abs(numbers[k]! - x), Math.abs(numbers[k + 1]! - y));
    // A join only where a subpath has two segments or more (a closed one has its closing segment).
    const joins = d.split('M').some((sub) => (sub.match(/[LZ]/g)?.length ?? 0) >= 2);
    return reach + strokeReach(a, joins);
  }
  return Infinity;
}

/** How far a cell's drawing (lit ring, stone with its shadow and edge, marks) reaches from its point on either axis, in layout units; 0 when nothing is drawn there. */
export function cellReach(pt: LayoutPoint, unit: number, cell: CopyCell, drawings: MarkDrawings): number {
  const { color, marks, lit } = cell;
  if (color === 0 && !lit && !marks?.length) return 0;
  const R = (unit * 47) / 100;
  let reach = 0;
  // The lit ring's stroke is 4 units wide; a stone's shadow is offset by (3, 4) hundredths, a white stone's edge 1.5 wide.
  if (lit) reach = R + 2;
  if (GRADIENTS[color]) reach = Math.max(reach, R + (unit * 4) / 100, R + 0.75);
  const shapes = markShapes(marks, { x: pt.x, y: pt.y, stone: color, unit }, drawings);
  for (const s of [...shapes.under, ...shapes.over]) reach = Math.max(reach, shapeReach(s, pt.x, pt.y));
  return reach;
}

/** What the copies' canvas shows as a whole; a change of any of these draws it again whole. */
export interface CopiesScene {
  /** The canvas's size in device pixels. */
  width: number;
  height: number;
  /** Device pixels per layout unit and the layout origin's place in device pixels. */
  scale: number;
  x: number;
  y: number;
  points: readonly LayoutPoint[];
  unit: number;
  drawings: MarkDrawings;
  /** The part of the layout in sight (drawCells skips what lies beyond it). */
  view: LayoutRect;
  resolve: Resolve;
  font: string;
}

// Both canvases are drawn on the CPU: a browser may draw one canvas on the GPU and another
// (or the same one, once its pixels were read back) on the CPU, whose antialiasing differs.
const CONTEXT: CanvasRenderingContext2DSettings = { willReadFrequently: true };

// Antialiasing touches at most one pixel past a shape's exact outline; two keep a margin for rounding.
const AA_MARGIN = 2;

/**
 * Paints the copies on their canvas and, on a later call, paints again only the squares
 * of device pixels that the changed cells covered or now cover. Each square is drawn on a
 * spare canvas of the same size and transform, with every cell whose drawing reaches it
 * drawn whole and in the same order as a whole painting (no clip: Skia antialiases a
 * clipped path's edges differently), and then copied in; so the canvas holds, byte for
 * byte, what painting it whole would give. A cell whose reach cannot be known (text)
 * paints the canvas whole when it changes, and is drawn into every square otherwise.
 */
export class CopiesPainter {
  readonly #canvas: HTMLCanvasElement;
  #spare: HTMLCanvasElement | undefined;
  #scene: CopiesScene | undefined;
  #cells: readonly CopyCell[] = [];
  /** What each drawn cell showed (see `shownKey`) and the pixels it covered, at the last painting. */
  #shown = new Map<number, { key: string | number; box: PixelBox }>();
  /** How the last call painted: 'whole', or 'partial N' (N squares), or 'none'. */
  painted = 'none';
  /** Partial paintings since the canvas was last painted whole. */
  partials = 0;

  constructor(canvas: HTMLCanvasElement) {
    this.#canvas = canvas;
  }

  /** Paints `cells` (in drawing order) in `scene`: whole when the scene changed or `whole` is asked, else only what changed. */
  paint(scene: CopiesScene, cells: readonly CopyCell[], whole = false): void {
    const canvas = this.#canvas;
    const ctx = canvas.getContext('2d', CONTEXT);
    if (!ctx) return;
    const same = !whole && this.#scene !== undefined && sameScene(this.#scene, scene) && canvas.width === scene.width && canvas.height === scene.height;
    this.#scene = scene;
    this.#cells = cells;
    // In the same scene the record is updated in place (a move changes a few dozen of the
    // copies, and this runs for every copy on every move); otherwise it is made again.
    const old = this.#shown;
    const shown = same ? old : new Map<number, { key: string | number; box: PixelBox }>();
    const recorded = old.size;
    let listedAndRecorded = 0;
    const dirty: PixelBox[] = [];
    let everything = !same;
    for (const c of cells) {
      const pt = scene.points[c.cell];
      const was = old.get(c.cell);
      if (was) listedAndRecorded += 1;
      const key = shownKey(c);
      // In the same scene a cell that shows the same covers the same pixels.
      if (same && was?.key === key) continue;
      const reach = pt && inView(pt, scene) ? cellReach(pt, scene.unit, c, scene.drawings) : 0;
      if (reach === 0) {
        if (was) {
          dirty.push(was.box);
          if (same) shown.delete(c.cell);
        }
        continue;
      }
      const box = pixelBox(pt!, reach, scene);
      shown.set(c.cell, { key, box });
      if (!Number.isFinite(reach)) everything = true;
      dirty.push(box);
      if (was) dirty.push(was.box);
    }
    // Cells no longer in the list at all (none when every recorded cell was listed).
    if (same && listedAndRecorded < recorded) {
      const listed = new Set(cells.map((c) => c.cell));
      for (const [cell, was] of shown)
        if (!listed.has(cell)) {
          dirty.push(was.box);
          shown.delete(cell);
        }
    }
    this.#shown = shown;
    if (everything) {
      if (canvas.width !== scene.width || canvas.height !== scene.height) [canvas.width, canvas.height] = [scene.width, scene.height];
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      ctx.clearRect(0, 0, canvas.width, canvas.height);
      ctx.setTransform(scene.scale, 0, 0, scene.scale, scene.x, scene.y);
      drawCells(ctx, scene.points, scene.unit, cells, scene.drawings, scene.view, scene.resolve, scene.font);
      this.painted = 'whole';
      this.partials = 0;
      return;
    }
    const squares = mergeBoxes(dirty.map((b) => clampBox(b, scene)).filter((b) => b[2] > b[0] && b[3] > b[1]));
    if (squares.length === 0) {
      this.painted = 'none';
      return;
    }
    const spare = (this.#spare ??= document.createElement('canvas'));
    if (spare.width !== scene.width || spare.height !== scene.height) [spare.width, spare.height] = [scene.width, scene.height];
    const sctx = spare.getContext('2d', CONTEXT);
    if (!sctx) return;
    sctx.setTransform(1, 0, 0, 1, 0, 0);
    for (const [l, t, r, b] of squares) sctx.clearRect(l, t, r - l, b - t);
    // Every cell that reaches a square, in the whole painting's order: each pixel of a
    // square then gets the same drawing operations in the same order as a whole painting.
    const reaching = cells.filter((c) => {
      const drawn = shown.get(c.cell);
      return drawn !== undefined && squares.some((s) => overlaps(s, drawn.box));
    });
    sctx.setTransform(scene.scale, 0, 0, scene.scale, scene.x, scene.y);
    drawCells(sctx, scene.points, scene.unit, reaching, scene.drawings, scene.view, scene.resolve, scene.font);
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.imageSmoothingEnabled = false;
    for (const [l, t, r, b] of squares) {
      ctx.clearRect(l, t, r - l, b - t);
      ctx.drawImage(spare, l, t, r - l, b - t, l, t, r - l, b - t);
    }
    this.painted = `partial ${squares.length}`;
    this.partials += 1;
  }

  /** Paints the last scene again whole (tests compare it with the partial paintings). */
  repaintWhole(): void {
    if (this.#scene) this.paint(this.#scene, this.#cells, true);
  }
}

/** What a cell shows, to tell whether it changed: a number for a stone (or none) with or
 * without the lit ring, the marks spelled out only when there are any (most cells have none). */
function shownKey(c: CopyCell): string | number {
  const stone = c.color * 2 + (c.lit ? 1 : 0);
  return c.marks?.length ? `${stone} ${c.marks.join(',')}` : stone;
}

function sameScene(a: CopiesScene, b: CopiesScene): boolean {
  return (
    a.width === b.width &&
    a.height === b.height &&
    a.scale === b.scale &&
    a.x === b.x &&
    a.y === b.y &&
    a.points === b.points &&
    a.unit === b.unit &&
    a.drawings === b.drawings &&
    a.resolve === b.resolve &&
    a.font === b.font &&
    a.view.x === b.view.x &&
    a.view.y === b.view.y &&
    a.view.width === b.view.width &&
    a.view.height === b.view.height
  );
}

/** Whether drawCells draws a point of `scene` (it skips those a unit beyond the view). */
function inView(pt: LayoutPoint, scene: CopiesScene): boolean {
  const { view: v, unit } = scene;
  return !(pt.x < v.x - unit || pt.x > v.x + v.width + unit || pt.y < v.y - unit || pt.y > v.y + v.height + unit);
}

/** The device pixels a drawing reaching `reach` layout units around `pt` can touch, with the antialiasing margin. */
export function pixelBox(pt: LayoutPoint, reach: number, scene: Pick<CopiesScene, 'scale' | 'x' | 'y' | 'width' | 'height'>): PixelBox {
  if (!Number.isFinite(reach)) return [0, 0, scene.width, scene.height];
  const [cx, cy, r] = [pt.x * scene.scale + scene.x, pt.y * scene.scale + scene.y, reach * scene.scale];
  return [Math.floor(cx - r) - AA_MARGIN, Math.floor(cy - r) - AA_MARGIN, Math.ceil(cx + r) + AA_MARGIN, Math.ceil(cy + r) + AA_MARGIN];
}

function clampBox(b: PixelBox, scene: CopiesScene): PixelBox {
  return [Math.max(0, b[0]), Math.max(0, b[1]), Math.min(scene.width, b[2]), Math.min(scene.height, b[3])];
}

/** Boxes with every overlapping pair joined into their bounding box (a cell's old and new
 * boxes are mostly the same; each box left costs a copy between the canvases). */
export function mergeBoxes(boxes: readonly PixelBox[]): PixelBox[] {
  const out = [...boxes];
  for (let i = 0; i < out.length; i++) {
    for (let j = i + 1; j < out.length; j++) {
      if (!overlaps(out[i]!, out[j]!)) continue;
      const [a, b] = [out[i]!, out[j]!];
      out[i] = [Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.max(a[2], b[2]), Math.max(a[3], b[3])];
      out.splice(j, 1);
      // The grown box may now meet boxes already passed over.
      j = i;
    }
  }
  return out;
}

function overlaps(a: PixelBox, b: PixelBox): boolean {
  return a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3];
}
