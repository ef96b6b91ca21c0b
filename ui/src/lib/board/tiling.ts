/**
 * Reading the engine's tiled layout (the chart repeated across its seams) and moving the
 * view over it: which real point a drawn cell stands for, which cells show the same point,
 * telling a tap from a drag, and panning and zooming the view box.
 */
import type { LayoutRect } from '../bindings/LayoutRect';
import type { TiledLayout } from '../bindings/TiledLayout';

/** The real point drawn at `cell`, or null when the tiling has no such cell. */
export function realPoint(tiled: TiledLayout, cell: number): number | null {
  return tiled.real[cell] ?? null;
}

/** Every cell drawing the same real point as `cell` (itself included). */
export function copiesOf(tiled: TiledLayout, cell: number): Set<number> {
  const real = realPoint(tiled, cell);
  const cells = new Set<number>();
  if (real === null) return cells;
  tiled.real.forEach((r, k) => {
    if (r === real) cells.add(k);
  });
  return cells;
}

/** The first cell of a home chart (where the keyboard enters the tiling), or 0. */
export function firstHomeCell(tiled: TiledLayout): number {
  return Math.max(0, tiled.copy.findIndex((c) => tiled.copies[c]?.home));
}

/** Cells of copies other than the home charts: drawn dimmed. */
export function dimmedCells(tiled: TiledLayout): Set<number> {
  const cells = new Set<number>();
  tiled.copy.forEach((c, k) => {
    if (!tiled.copies[c]?.home) cells.add(k);
  });
  return cells;
}

/** The board, in colour per drawn cell, from the colour per real point. */
export function cellColours(tiled: TiledLayout, board: readonly number[]): number[] {
  return tiled.real.map((r) => board[r] ?? 0);
}

/** Marks per drawn cell, from marks per real point: every copy of a point shows its marks. */
export function cellMarkers(tiled: TiledLayout, markers: ReadonlyMap<number, readonly string[]>): Map<number, readonly string[]> {
  const cells = new Map<number, readonly string[]>();
  tiled.real.forEach((r, k) => {
    const kinds = markers.get(r);
    if (kinds) cells.set(k, kinds);
  });
  return cells;
}

/**
 * The view that shows the home charts with a border of `margin` times their size on each
 * side (the copies across every seam), kept inside `whole`.
 */
export function around(tiled: TiledLayout, whole: LayoutRect, margin = 0.35): LayoutRect {
  const homes = tiled.copies.filter((c) => c.home).map((c) => c.area);
  if (homes.length === 0) return whole;
  const x0 = Math.min(...homes.map((a) => a.x));
  const y0 = Math.min(...homes.map((a) => a.y));
  const x1 = Math.max(...homes.map((a) => a.x + a.width));
  const y1 = Math.max(...homes.map((a) => a.y + a.height));
  const dx = (x1 - x0) * margin;
  const dy = (y1 - y0) * margin;
  const x = Math.max(whole.x, x0 - dx);
  const y = Math.max(whole.y, y0 - dy);
  return {
    x,
    y,
    width: Math.min(whole.x + whole.width, x1 + dx) - x,
    height: Math.min(whole.y + whole.height, y1 + dy) - y,
  };
}

/** How far (CSS pixels) a pointer must move before a press is a drag that pans, not a tap that plays. */
export const DRAG_THRESHOLD = 8;

/** Whether a pointer that moved by (`dx`, `dy`) pixels since it was pressed is dragging. */
export function isDrag(dx: number, dy: number, threshold = DRAG_THRESHOLD): boolean {
  return Math.hypot(dx, dy) > threshold;
}

/** The view moved by (`dx`, `dy`) layout units (a drag to the right shows what lies left). */
export function panned(view: LayoutRect, dx: number, dy: number): LayoutRect {
  return { ...view, x: view.x - dx, y: view.y - dy };
}

/**
 * The view zoomed by `factor` (> 1 zooms in) about the layout position (`cx`, `cy`), which
 * stays where it is on the screen; the scale stays between `min` and `max` times `home`'s.
 */
export function zoomed(
  view: LayoutRect,
  factor: number,
  cx: number,
  cy: number,
  home: LayoutRect,
  min = 0.25,
  max = 4,
): LayoutRect {
  const current = home.width / view.width;
  const scale = Math.min(max, Math.max(min, current * factor));
  const width = home.width / scale;
  const height = (view.height * width) / view.width;
  const k = width / view.width;
  return { x: cx - (cx - view.x) * k, y: cy - (cy - view.y) * k, width, height };
}
