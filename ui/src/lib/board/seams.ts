/**
 * Drawing a surface's seams and regions from the engine's layout: where each glued side,
 * its number and its flip mark go, and a region's outline. Nothing here knows a surface:
 * everything is read off the layout's `seams` and `regions`.
 */
import type { LayoutSeam } from '../bindings/LayoutSeam';
import type { LayoutRect } from '../bindings/LayoutRect';

/** Colours in the seam palette (`--seam-0` … in app.css); a seam's colour index wraps around it. */
export const SEAM_COLOURS = 8;

/** The CSS colour of a seam's colour index. */
export function seamColour(index: number): string {
  return `var(--seam-${((index % SEAM_COLOURS) + SEAM_COLOURS) % SEAM_COLOURS})`;
}

/** A point of the drawing, in layout units. */
export interface Spot {
  x: number;
  y: number;
}

/** Where one glued side is drawn. */
export interface SeamDrawing {
  /** The side, moved a little towards its own points so both sides of a slit show. */
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  /** Where its number goes: a corner of the grid near the middle, clear of the stones (the middle of a one-unit side). */
  label: Spot;
  /** The flip mark (two chevrons pointing from the side's start to its end), if the gluing flips. */
  chevrons: string[] | null;
}

/** Share of a unit the side is moved inwards. */
const INSET = 0.07;
/** Share of a unit the number is moved inwards from its corner. */
const LABEL_INSET = 0.17;
/** Half the size of a chevron, as a share of a unit. */
const CHEVRON = 0.11;

/** The geometry of one glued side at the layout's `unit`. */
export function seamDrawing(seam: LayoutSeam, unit: number): SeamDrawing {
  const dx = seam.x2 - seam.x1;
  const dy = seam.y2 - seam.y1;
  const length = Math.hypot(dx, dy);
  const ux = length === 0 ? 0 : dx / length;
  const uy = length === 0 ? 0 : dy / length;
  const ix = seam.inward_x * unit * INSET;
  const iy = seam.inward_y * unit * INSET;
  // Corners of the grid lie a whole unit apart along a side; stones never cover them. A side
  // one unit long keeps its number in its middle: its corners are the ends of other seams.
  const corners = Math.round(length / unit);
  const labelAt = corners === 1 ? 0.5 : Math.floor(corners / 2);
  const markAt = Math.min(corners, labelAt + 1);
  const corner = (k: number): Spot => ({ x: seam.x1 + ux * unit * k, y: seam.y1 + uy * unit * k });
  const l = corner(labelAt);
  const label = { x: l.x + seam.inward_x * unit * LABEL_INSET, y: l.y + seam.inward_y * unit * LABEL_INSET };
  let chevrons: string[] | null = null;
  if (seam.flips) {
    const m = corner(markAt);
    const c = { x: m.x + ix, y: m.y + iy };
    const s = unit * CHEVRON;
    chevrons = [-0.6, 0.6].map((shift) => {
      const tip = { x: c.x + ux * s * (shift + 1), y: c.y + uy * s * (shift + 1) };
      const back = { x: c.x + ux * s * (shift - 1), y: c.y + uy * s * (shift - 1) };
      // Perpendicular to the side: the chevron's two arms.
      const px = -uy * s;
      const py = ux * s;
      return `M ${back.x + px} ${back.y + py} L ${tip.x} ${tip.y} L ${back.x - px} ${back.y - py}`;
    });
  }
  return { x1: seam.x1 + ix, y1: seam.y1 + iy, x2: seam.x2 + ix, y2: seam.y2 + iy, label, chevrons };
}

/** The outline of a rectangle as an SVG polygon's `points`. */
export function rectPolygon(rect: LayoutRect): string {
  const { x, y, width, height } = rect;
  return `${x},${y} ${x + width},${y} ${x + width},${y + height} ${x},${y + height}`;
}
