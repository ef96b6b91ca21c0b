// Pure geometry of the stack: where a square of a turn's layer stands in the scene, which
// layers a filter shows, how transparent a past layer is, and the curve of an arrow across
// time. No three.js here, so all of it is unit-tested in node.

/** A position of the stack split into its parts: file 0–7 (a–h), rank 0–7, turn. */
export interface Spot {
  file: number;
  rank: number;
  turn: number;
}

/** A point of the scene (y is up, the stack grows upwards with the turns). */
export type Point3 = [number, number, number];

/** Vertical distance between two consecutive layers, in squares. */
export const LAYER_GAP = 2.4;

/** Parses a position in notation (`e2t0`); `null` for anything else. */
export function parsePos(pos: string): Spot | null {
  const m = /^([a-h])([1-8])t(0|[1-9][0-9]*)$/.exec(pos);
  if (!m) return null;
  return { file: m[1].charCodeAt(0) - 97, rank: Number(m[2]) - 1, turn: Number(m[3]) };
}

/** Writes a position in notation. */
export function posName(spot: Spot): string {
  return `${String.fromCharCode(97 + spot.file)}${spot.rank + 1}t${spot.turn}`;
}

/** Splits a move in notation (`e2t0e4t1`) into its two positions; `null` if malformed. */
export function parseMove(mv: string): [Spot, Spot] | null {
  const m = /^([a-h][1-8]t(?:0|[1-9][0-9]*))([a-h][1-8]t(?:0|[1-9][0-9]*))$/.exec(mv);
  if (!m) return null;
  const from = parsePos(m[1]);
  const to = parsePos(m[2]);
  return from && to ? [from, to] : null;
}

/** The height of a turn's layer. */
export function layerY(turn: number): number {
  return turn * LAYER_GAP;
}

/** The centre of a square of a layer: a1 at the near left, white's side towards +z. */
export function squareCentre(spot: Spot): Point3 {
  return [spot.file - 3.5, layerY(spot.turn), 3.5 - spot.rank];
}

/** The square under a point of a layer's plane, `null` off the board. */
export function squareAt(x: number, z: number): { file: number; rank: number } | null {
  const file = Math.floor(x + 4);
  const rank = Math.floor(4 - z);
  if (file < 0 || file > 7 || rank < 0 || rank > 7) return null;
  return { file, rank };
}

/** The layer filters of Appendix C.4: F hides the future, P the past, N both. */
export interface LayerFilter {
  hideFuture: boolean;
  hidePast: boolean;
}

/** The filter after pressing F, P or N (N shows everything again when only now is shown). */
export function toggleFilter(filter: LayerFilter, key: 'F' | 'P' | 'N'): LayerFilter {
  if (key === 'F') return { ...filter, hideFuture: !filter.hideFuture };
  if (key === 'P') return { ...filter, hidePast: !filter.hidePast };
  const only = filter.hideFuture && filter.hidePast;
  return { hideFuture: !only, hidePast: !only };
}

/** The turns shown, ascending: every turn from 0 to `top` inside the range and the filter. */
export function visibleTurns(present: number, top: number, filter: LayerFilter, range: [number, number]): number[] {
  const turns: number[] = [];
  const [lo, hi] = range[0] <= range[1] ? range : [range[1], range[0]];
  for (let turn = Math.max(0, lo); turn <= Math.min(top, hi); turn++) {
    if (filter.hidePast && turn < present) continue;
    if (filter.hideFuture && turn > present) continue;
    turns.push(turn);
  }
  return turns;
}

/**
 * A turn range after the game changed: a range that reached the old top follows the
 * new one (so the present stays in view), and both ends are kept inside 0…top.
 */
export function followRange(range: [number, number], oldTop: number, top: number): [number, number] {
  const hi = range[1] >= oldTop ? top : Math.min(range[1], top);
  return [Math.min(Math.max(0, range[0]), hi), hi];
}

/** Opacity of a layer `distance` turns below the present, for a fade of 0 (none) to 1. */
export function pastOpacity(distance: number, fade: number): number {
  if (distance <= 0) return 1;
  const f = Math.min(Math.max(fade, 0), 1);
  return Math.max(0.1, 0.85 * Math.pow(1 - 0.6 * f, distance));
}

/** Opacity of a layer of the future, which holds only ghosts and destinations. */
export const FUTURE_OPACITY = 0.3;

/** Opacity of a layer of turn `turn` when the present is `present`. */
export function layerOpacity(turn: number, present: number, fade: number): number {
  return turn > present ? FUTURE_OPACITY : pastOpacity(present - turn, fade);
}

/**
 * Points along an arrow from one position to another through the stack: a quadratic
 * Bézier bowing away from the stack's axis (so it does not cut through the boards it
 * crosses) by an amount that grows with the number of turns crossed. Ends exactly on
 * both square centres, lifted `lift` above the boards.
 */
export function arrowCurve(from: Spot, to: Spot, segments = 24, lift = 0.35): Point3[] {
  const a = squareCentre(from);
  const b = squareCentre(to);
  a[1] += lift;
  b[1] += lift;
  const mid: Point3 = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2, (a[2] + b[2]) / 2];
  // Bow outwards from the stack's vertical axis; straight up the middle bows towards +x.
  let ox = mid[0];
  let oz = mid[2];
  const len = Math.hypot(ox, oz);
  if (len < 1e-6) {
    ox = 1;
    oz = 0;
  } else {
    ox /= len;
    oz /= len;
  }
  const turns = Math.abs(to.turn - from.turn);
  const bow = Math.min(6, 1 + 0.6 * turns);
  const c: Point3 = [mid[0] + ox * bow, mid[1] + (turns === 0 ? 1.2 : 0), mid[2] + oz * bow];
  const points: Point3[] = [];
  for (let i = 0; i <= segments; i++) {
    const t = i / segments;
    const u = 1 - t;
    points.push([
      u * u * a[0] + 2 * u * t * c[0] + t * t * b[0],
      u * u * a[1] + 2 * u * t * c[1] + t * t * b[1],
      u * u * a[2] + 2 * u * t * c[2] + t * t * b[2],
    ]);
  }
  return points;
}

/** Camera orbit: a target, a distance and two angles (azimuth around y, polar from y). */
export interface Orbit {
  target: Point3;
  radius: number;
  azimuth: number;
  polar: number;
}

/** The limits of the polar angle: never straight down the stack's axis, never under it. */
export const POLAR_MIN = 0.12;
export const POLAR_MAX = Math.PI / 2 + 0.35;

/** The camera's position for an orbit. */
export function orbitEye(o: Orbit): Point3 {
  const s = Math.sin(o.polar);
  return [
    o.target[0] + o.radius * s * Math.sin(o.azimuth),
    o.target[1] + o.radius * Math.cos(o.polar),
    o.target[2] + o.radius * s * Math.cos(o.azimuth),
  ];
}

/** The orbit after a rotating drag of (dx, dy) pixels: left/right spins, up/down tilts. */
export function rotateOrbit(o: Orbit, dx: number, dy: number, speed = 0.008): Orbit {
  const polar = Math.min(POLAR_MAX, Math.max(POLAR_MIN, o.polar - dy * speed));
  return { ...o, azimuth: o.azimuth - dx * speed, polar };
}

/** The orbit after zooming by `factor` (below 1 comes closer), kept within sensible limits. */
export function zoomOrbit(o: Orbit, factor: number): Orbit {
  return { ...o, radius: Math.min(400, Math.max(4, o.radius * factor)) };
}

/**
 * An orbit that frames the layers from `lo` to `hi` (turns) at the current angles, for a
 * camera of vertical field of view `fov` degrees and width/height `aspect`.
 */
export function frameTurns(o: Orbit, lo: number, hi: number, fov: number, aspect: number): Orbit {
  const y0 = layerY(lo);
  const y1 = layerY(hi);
  const height = y1 - y0 + 8 * Math.sin(o.polar) * 0.6;
  const width = 13.5;
  const v = (fov * Math.PI) / 360;
  const h = Math.atan(Math.tan(v) * aspect);
  const radius = Math.max(height / 2 / Math.tan(v), width / 2 / Math.tan(h)) * 1.08 + 2.5;
  return { ...o, target: [0, (y0 + y1) / 2, 0], radius: Math.min(400, Math.max(6, radius)) };
}
