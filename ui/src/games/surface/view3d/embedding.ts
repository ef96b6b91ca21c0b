/**
 * Where the points of a surface sit in space: a Möbius strip, a Klein bottle and two tori
 * joined along the genus-two staircase. Pure arithmetic, no WebGL, so unit tests can check it.
 *
 * Each shape is a continuous map from chart coordinates (file, rank, chart) to space that
 * agrees with the seams' gluing, so a point's engine neighbours land next to it. The
 * adjacency itself is never worked out here: grid lines, seams and the genus-two slit are
 * read off the engine's layout (its `neighbours` and `seams`).
 */
import type { BoardLayout } from '../../../lib/bindings/BoardLayout';
import type { Neighbours } from '../../../lib/bindings/Neighbours';
import type { Surface } from '../../../lib/bindings/Surface';

/** A position or direction in space. */
export type Vec3 = [number, number, number];

/** The parts of the layout the embedding reads: each point's name and neighbours, and the seams. */
export type LayoutShape = Pick<BoardLayout, 'points' | 'seams'>;

/** A rectangular sheet of the surface to draw: `rows` × `columns` vertices, row by row. */
export interface SurfacePatch {
  columns: number;
  rows: number;
  positions: Vec3[];
  normals: Vec3[];
  /** For a chart sheet: which chart, and vertices per cell (so a hit face names its cell). */
  chart?: { sheet: number; per: number };
}

/** One glued side drawn on the surface, in the seam's palette colour. */
export interface SeamCurve {
  /** The side's index in the layout's `seams`. */
  index: number;
  colour: number;
  path: Vec3[];
}

/** Everything the 3D view draws, in one unit system (neighbouring points about 1–3 apart). */
export interface Embedding {
  /** Every canonical point's position, indexed by point. */
  positions: Vec3[];
  /** A unit normal at every point (the side is arbitrary on the one-sided surfaces). */
  normals: Vec3[];
  /** Diameter a stone may take at each point without touching its neighbours'. */
  stoneSize: number[];
  /** A stone's two diameters at each point, as vectors in the surface: along the files and
   * along the ranks (cells are longer one way than the other on a curved chart). */
  stoneAxes: [Vec3, Vec3][];
  /** The surface itself, as parametric sheets. */
  patches: SurfacePatch[];
  /** Bands joining the two sides of a seam where the shape draws them apart (the genus-two
   * slit, whose sides lie on different tori): the surface across the gluing. */
  bands: SurfacePatch[];
  /** Grid lines: one curve per pair of engine neighbours, following the surface. */
  gridLines: Vec3[][];
  /** The physical edge (the Möbius boundary): one curve per side of a point with no neighbour. */
  boundary: Vec3[][];
  /** The chart's seams, one curve per glued side. */
  seams: SeamCurve[];
  /** Radius of a sphere around the origin holding the whole shape (for the camera). */
  radius: number;
  /** Each point's chart coordinates, where `patches[sheet]` draws it (picking reads the
   * sheet a ray meets first, never a point of another sheet passing near). */
  charts: ChartCoord[];
}

/** The direction the camera first looks from, per surface: from above and a little to the
 * side, chosen (by counting) so that many points can be clicked at once — 84 of 99 on the
 * strip, about 70 of 162 on the Klein bottle, 58 of 162 on the genus-two surface, whose
 * lower torus shows as the view is turned. */
export const VIEW_FROM: Record<Surface, Vec3> = {
  'go-mobius-9x11-v1': [Math.sin(0.5), 0.9, Math.cos(0.5)],
  'go-klein-9x18-v1': [Math.sin(2), 1.6, Math.cos(2)],
  'go-genus2-staircase-9x9-v1': [Math.sin(2.2), 1.3, Math.cos(2.2)],
};

const FILES = 9;
const TAU = Math.PI * 2;
const DIRECTIONS: (keyof Neighbours)[] = ['n', 'e', 's', 'w'];
const STEP: Record<keyof Neighbours, [number, number]> = { n: [0, 1], e: [1, 0], s: [0, -1], w: [-1, 0] };

/** Chart coordinates of a point: chart, file, and rank (the genus-two charts' raw rank). */
export interface ChartCoord {
  sheet: number;
  x: number;
  y: number;
}

/** A continuous map from chart coordinates to space. */
type Param = (sheet: number, x: number, y: number) => Vec3;

interface Shape {
  ranks: number;
  sheets: number;
  param: Param;
  /** Chart coordinates of canonical point `p` (indices are `81*sheet+9*y+x` or `9*y+x`). */
  coord(p: number): ChartCoord;
}

/** Möbius strip: files run round the strip, ranks across it; the half twist sends rank r to 10-r. */
function mobius(): Shape {
  const R = 3;
  const across = 0.5;
  return {
    ranks: 11,
    sheets: 1,
    coord: (p) => ({ sheet: 0, x: p % FILES, y: Math.floor(p / FILES) }),
    param: (_s, x, y) => {
      const u = (TAU * (x + 0.5)) / FILES;
      const v = (y - 5) * across;
      const r = R + v * Math.cos(u / 2);
      return [r * Math.cos(u), v * Math.sin(u / 2), r * Math.sin(u)];
    },
  };
}

/** Arc-length parameter of the figure-eight curve (sin v, sin 2v): `v` at each of `n` equal
 * steps along it, so the tube's ranks are evenly spaced round it. */
function figureEightSteps(n: number): (t: number) => number {
  const fine = 2048;
  const lengths = [0];
  for (let k = 1; k <= fine; k += 1) {
    const a = (TAU * (k - 1)) / fine;
    const b = (TAU * k) / fine;
    lengths.push(lengths[k - 1] + Math.hypot(Math.sin(b) - Math.sin(a), Math.sin(2 * b) - Math.sin(2 * a)));
  }
  const total = lengths[fine];
  return (t: number) => {
    const turns = Math.floor(t / n);
    const target = ((t - turns * n) / n) * total;
    let lo = 0;
    let hi = fine;
    while (hi - lo > 1) {
      const m = (lo + hi) >> 1;
      if (lengths[m] <= target) lo = m;
      else hi = m;
    }
    const span = lengths[hi] - lengths[lo] || 1;
    return TAU * turns + (TAU * (lo + (target - lengths[lo]) / span)) / fine;
  };
}

/** Klein bottle (figure-eight immersion): files run round the ring, ranks round the
 * figure-eight tube, which turns half a revolution on the way so that coming back sends
 * rank r to 17-r. The tube passes through itself along one circle. */
function klein(): Shape {
  const R = 2.5;
  const a = 1.3;
  const along = figureEightSteps(18);
  return {
    ranks: 18,
    sheets: 1,
    coord: (p) => ({ sheet: 0, x: p % FILES, y: Math.floor(p / FILES) }),
    param: (_s, x, y) => {
      const u = (TAU * (x + 0.5)) / FILES;
      // Ranks r and 17-r mirror each other through v = 0 (where the eight crosses itself).
      const v = along(y + 0.5 + 9);
      const across = Math.cos(u / 2) * Math.sin(v) - Math.sin(u / 2) * Math.sin(2 * v);
      // Taller than wide, so the two lobes of the eight stand apart and both can be seen.
      const up = 1.35 * (Math.sin(u / 2) * Math.sin(v) + Math.cos(u / 2) * Math.sin(2 * v));
      const radial = R + a * across;
      return [radial * Math.cos(u), a * up, radial * Math.sin(u)];
    },
  };
}

/** Genus two: chart I on an upper torus, chart II on a mirrored lower one. Each torus's rank
 * angle is turned, file by file, so that the slit lies on the side facing the other torus:
 * a step across the slit is a short step between the tori. */
function genus2(layout: LayoutShape): Shape {
  const R = 3;
  const r = 1.25;
  const lift = r + 0.45;
  // Rank (raw, chart I) just north of the slit in each file, read off the layout: the north
  // neighbour of the point below it lies on the other chart.
  const slit: number[] = [];
  for (let x = 0; x < FILES; x += 1) {
    let found = 0;
    for (let y = 0; y < FILES; y += 1) {
      const north = layout.points[FILES * y + x]?.neighbours.n;
      if (north !== null && north !== undefined && north >= 81) found = y + 1;
    }
    slit.push(found);
  }
  // The slit's rank between file centres, so the torus stays one smooth sheet.
  const slitAt = (x: number): number => {
    const wrapped = ((x % FILES) + FILES) % FILES;
    const k = Math.floor(wrapped);
    const t = wrapped - k;
    return slit[k] * (1 - t) + slit[(k + 1) % FILES] * t;
  };
  const torus = (x: number, rank: number, side: number): Vec3 => {
    const phi = (TAU * (x + 0.5)) / FILES;
    const theta = -Math.PI / 2 + (TAU * (rank - slitAt(x) + 0.5)) / FILES;
    const radial = R + r * Math.cos(theta);
    return [radial * Math.cos(phi), side * (lift + r * Math.sin(theta)), radial * Math.sin(phi)];
  };
  return {
    ranks: FILES,
    sheets: 2,
    coord: (p) => {
      const sheet = p >= 81 ? 1 : 0;
      const within = p - 81 * sheet;
      // Chart II is displayed one rank down from its raw gluing rank.
      return { sheet, x: within % FILES, y: (Math.floor(within / FILES) + sheet) % FILES };
    },
    // Chart II is chart I reflected through the slit, so the crosswise gluing meets.
    param: (sheet, x, y) => (sheet === 0 ? torus(x, y, 1) : torus(x, 2 * slitAt(x) - 1 - y, -1)),
  };
}

function shapeOf(surface: Surface, layout: LayoutShape): Shape {
  if (surface === 'go-mobius-9x11-v1') return mobius();
  if (surface === 'go-klein-9x18-v1') return klein();
  return genus2(layout);
}

const sub = (a: Vec3, b: Vec3): Vec3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const cross = (a: Vec3, b: Vec3): Vec3 => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
/** Length of a vector. */
export const length = (a: Vec3): number => Math.hypot(a[0], a[1], a[2]);
/** Distance between two positions. */
export const distance = (a: Vec3, b: Vec3): number => length(sub(a, b));
const dot = (a: Vec3, b: Vec3): number => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const scale = (a: Vec3, k: number): Vec3 => [a[0] * k, a[1] * k, a[2] * k];
const normalise = (a: Vec3): Vec3 => {
  const l = length(a) || 1;
  return [a[0] / l, a[1] / l, a[2] / l];
};

/** The unit normal of `param` at a chart position, by central differences. */
function normalAt(param: Param, sheet: number, x: number, y: number): Vec3 {
  const h = 1e-3;
  const du = sub(param(sheet, x + h, y), param(sheet, x - h, y));
  const dv = sub(param(sheet, x, y + h), param(sheet, x, y - h));
  return normalise(cross(du, dv));
}

/** Vertices of one chart sheet, `per` subdivisions per cell. */
function patch(shape: Shape, sheet: number, per: number): SurfacePatch {
  const columns = FILES * per + 1;
  const rows = shape.ranks * per + 1;
  const positions: Vec3[] = [];
  const normals: Vec3[] = [];
  for (let j = 0; j < rows; j += 1) {
    for (let i = 0; i < columns; i += 1) {
      const x = -0.5 + i / per;
      const y = -0.5 + j / per;
      positions.push(shape.param(sheet, x, y));
      normals.push(normalAt(shape.param, sheet, x, y));
    }
  }
  return { columns, rows, positions, normals, chart: { sheet, per } };
}

/** The direction of `from`'s neighbour that is `to` (the way back across a seam). */
function directionTo(layout: LayoutShape, from: number, to: number): keyof Neighbours | null {
  return DIRECTIONS.find((d) => layout.points[from]?.neighbours[d] === to) ?? null;
}

/** The grid line from `p` to its neighbour `q` (`d` from `p`): half in each point's own
 * chart, so a line across a seam or the slit runs over the gluing. */
function gridLine(shape: Shape, layout: LayoutShape, p: number, q: number, d: keyof Neighbours, samples: number): Vec3[] {
  const a = shape.coord(p);
  const b = shape.coord(q);
  const back = directionTo(layout, q, p) ?? d;
  const [dx, dy] = STEP[d];
  const [bx, by] = STEP[back];
  const path: Vec3[] = [];
  for (let k = 0; k <= samples; k += 1) {
    const t = (k / samples) * 0.5;
    path.push(shape.param(a.sheet, a.x + dx * t, a.y + dy * t));
  }
  for (let k = samples; k >= 0; k -= 1) {
    const t = (k / samples) * 0.5;
    path.push(shape.param(b.sheet, b.x + bx * t, b.y + by * t));
  }
  return path;
}

/** The side of `p`'s cell facing `d`, where the board ends. */
function edgeOf(shape: Shape, p: number, d: keyof Neighbours): Vec3[] {
  const c = shape.coord(p);
  const [dx, dy] = STEP[d];
  return [-0.5, -0.25, 0, 0.25, 0.5].map((t) => shape.param(c.sheet, c.x + dx * 0.5 - dy * t, c.y + dy * 0.5 + dx * t));
}

/** The layout's point nearest a layout position, if one is within a quarter of a unit. */
function pointAt(layout: BoardLayout, x: number, y: number): number | null {
  const near = layout.unit / 4;
  const k = layout.points.findIndex((pt) => Math.abs(pt.x - x) < near && Math.abs(pt.y - y) < near);
  return k < 0 ? null : k;
}

/** A seam side on the surface: the sides of the cells along it that face across it (the
 * layout's y grows downwards and its `n` is up, while chart ranks grow upwards). */
function seamCurve(shape: Shape, layout: BoardLayout, index: number): SeamCurve | null {
  const seam = layout.seams?.[index];
  if (!seam) return null;
  const unit = layout.unit;
  const dx = seam.x2 - seam.x1;
  const dy = seam.y2 - seam.y1;
  const along = Math.hypot(dx, dy);
  const steps = Math.round(along / unit);
  const outward: keyof Neighbours = seam.inward_x < 0 ? 'e' : seam.inward_x > 0 ? 'w' : seam.inward_y > 0 ? 'n' : 's';
  const [ox, oy] = STEP[outward];
  // edgeOf runs along (-oy, ox) in chart terms; the seam runs along (dx, -dy).
  const reversed = -oy * dx + ox * -dy < 0;
  const path: Vec3[] = [];
  for (let k = 0; k < steps; k += 1) {
    const t = (k + 0.5) * unit;
    const x = seam.x1 + (dx / along) * t + (seam.inward_x * unit) / 2;
    const y = seam.y1 + (dy / along) * t + (seam.inward_y * unit) / 2;
    const p = pointAt(layout, x, y);
    if (p === null) continue;
    const side = edgeOf(shape, p, outward);
    if (reversed) side.reverse();
    path.push(...(path.length > 0 ? side.slice(1) : side));
  }
  return path.length === 0 ? null : { index, colour: seam.colour, path };
}

/** A band between the two drawn sides of each seam whose sides lie apart in space. Both
 * sides run from the start glued to the other's start, so their samples pair up in order. */
function gluingBands(seams: SeamCurve[], layout: BoardLayout): SurfacePatch[] {
  const bands: SurfacePatch[] = [];
  const numbers = (layout.seams ?? []).map((seam) => seam.number);
  const drawn = (layout.seams ?? []).map((_, k) => seams.find((curve) => curve.index === k));
  for (let k = 0; k < numbers.length; k += 1) {
    const partner = numbers.findIndex((n, j) => j > k && n === numbers[k]);
    const a = drawn[k];
    const b = partner < 0 ? undefined : drawn[partner];
    if (!a || !b || a.path.length !== b.path.length) continue;
    const apart = Math.max(...a.path.map((p, i) => distance(p, b.path[i])));
    if (apart < 0.2) continue;
    const positions = [...a.path, ...b.path];
    const normals = positions.map((_, i) => {
      const c = i % a.path.length;
      const next = Math.min(c + 1, a.path.length - 1);
      const prev = Math.max(c - 1, 0);
      return normalise(cross(sub(a.path[next], a.path[prev]), sub(b.path[c], a.path[c])));
    });
    bands.push({ columns: a.path.length, rows: 2, positions, normals });
  }
  return bands;
}

/** Share of a cell a stone covers, and how much longer than wide a stone may be drawn. */
const STONE = 0.86;
const LONGEST = 1.8;

/** A stone's diameters at `p`: towards its east–west and north–south neighbours, flattened
 * onto the surface, each as long as the nearer neighbour that way allows. */
function axesAt(positions: Vec3[], normals: Vec3[], layout: LayoutShape, p: number): [Vec3, Vec3] {
  const n = normals[p];
  const axis = (a: keyof Neighbours, b: keyof Neighbours): [Vec3, number] => {
    const ends = [a, b].map((d) => layout.points[p].neighbours[d]).filter((q): q is number => q !== null && q !== undefined);
    if (ends.length === 0) return [[0, 0, 0], Infinity];
    const reach = Math.min(...ends.map((q) => distance(positions[p], positions[q])));
    const first = layout.points[p].neighbours[a];
    const towards = first !== null && first !== undefined ? sub(positions[first], positions[p]) : sub(positions[p], positions[ends[0]]);
    const along = dot(towards, n);
    return [normalise([towards[0] - along * n[0], towards[1] - along * n[1], towards[2] - along * n[2]]), reach];
  };
  const [u, du] = axis('e', 'w');
  const [, dv] = axis('n', 's');
  // Keep the two diameters square to each other, whichever way the cell is sheared.
  const v = normalise(cross(n, u));
  if (!Number.isFinite(du) && !Number.isFinite(dv)) return [u, v];
  const short = Math.min(du, dv, 1.4);
  const a = Math.min(du, short * LONGEST, 1.4 * LONGEST) * STONE;
  const b = Math.min(dv, short * LONGEST, 1.4 * LONGEST) * STONE;
  return [scale(u, a), scale(v, b)];
}

/** The 3D drawing of `surface` whose engine layout is `layout`. */
export function embed(surface: Surface, layout: BoardLayout, options: { per?: number; samples?: number } = {}): Embedding {
  const shape = shapeOf(surface, layout);
  const n = layout.points.length;
  const positions: Vec3[] = [];
  const normals: Vec3[] = [];
  const charts: ChartCoord[] = [];
  for (let p = 0; p < n; p += 1) {
    const c = shape.coord(p);
    charts.push(c);
    positions.push(shape.param(c.sheet, c.x, c.y));
    normals.push(normalAt(shape.param, c.sheet, c.x, c.y));
  }
  const gridLines: Vec3[][] = [];
  const boundary: Vec3[][] = [];
  const stoneSize: number[] = positions.map(() => Infinity);
  for (let p = 0; p < n; p += 1) {
    for (const d of DIRECTIONS) {
      const q = layout.points[p].neighbours[d];
      if (q === null || q === undefined) {
        boundary.push(edgeOf(shape, p, d));
        continue;
      }
      const gap = distance(positions[p], positions[q]);
      stoneSize[p] = Math.min(stoneSize[p], gap);
      if (p < q) gridLines.push(gridLine(shape, layout, p, q, d, options.samples ?? 4));
    }
  }
  const stoneAxes = positions.map((_, p) => axesAt(positions, normals, layout, p));
  const seams = (layout.seams ?? []).map((_, k) => seamCurve(shape, layout, k)).filter((s): s is SeamCurve => s !== null);
  const bands = gluingBands(seams, layout);
  const patches = Array.from({ length: shape.sheets }, (_, sheet) => patch(shape, sheet, options.per ?? 4));
  const radius = Math.max(...patches.flatMap((pt) => pt.positions.map(length)));
  return { positions, normals, stoneSize: stoneSize.map((s) => Math.min(s, 1.4) * 0.86), stoneAxes, patches, bands, gridLines, boundary, seams, radius, charts };
}
