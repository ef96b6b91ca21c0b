/**
 * Marks the board can draw on a point, as data: each kind is a list of SVG shapes built
 * from the point's centre, the layout's unit and the stone there. Every kind has its own
 * shape so none depends on colour alone: last = triangle, ring = dashed circle, selected =
 * thick double ring, cross = X, liberty = dot, locked = small square, restored = diamond,
 * group = halo under the stone. A screen may pass more kinds to the board.
 */

/** The mark kinds every board knows. */
export type MarkerKind = 'last' | 'ring' | 'selected' | 'cross' | 'liberty' | 'locked' | 'restored' | 'group';

/** Marks keyed by point. */
export type MarkerMap = ReadonlyMap<number, readonly string[]>;

/** One SVG element of a mark: its tag and attributes. */
export interface MarkShape {
  tag: 'circle' | 'path' | 'rect' | 'text';
  attrs: Record<string, string | number | undefined>;
  /** The words of a `text` shape. */
  text?: string;
}

/** Where a mark is drawn: the point's centre, the stone there (0 empty, 1 black, 2 white), the layout's unit. */
export interface MarkContext {
  x: number;
  y: number;
  stone: number;
  unit: number;
}

/** How one kind is drawn: under the stone (halos) or over it, and its shapes. */
export interface MarkDrawing {
  under?: boolean;
  shapes: (at: MarkContext) => MarkShape[];
}

/** Kind name to drawing; the order of the entries is the order marks are painted in. */
export type MarkDrawings = Readonly<Record<string, MarkDrawing>>;

function contrast(stone: number): string {
  return stone === 1 ? 'var(--stone-white)' : 'var(--stone-black)';
}

// Sizes are in hundredths of the distance between neighbouring points.
const r = (at: MarkContext, hundredths: number): number => (at.unit * hundredths) / 100;
const STONE = 47;

/** The marks every board draws. */
export const MARKS: MarkDrawings = {
  group: {
    under: true,
    shapes: (at) => [
      { tag: 'circle', attrs: { class: 'group-halo', cx: at.x, cy: at.y, r: r(at, STONE + 4), fill: 'none', stroke: 'var(--marker-liberty)', 'stroke-width': r(at, 6) } },
    ],
  },
  ring: {
    shapes: (at) => [
      {
        tag: 'circle',
        attrs: { class: 'ring', cx: at.x, cy: at.y, r: r(at, STONE + 1), fill: 'none', stroke: 'var(--marker-ring)', 'stroke-width': r(at, 7), 'stroke-dasharray': `${r(at, 14)} ${r(at, 7)}` },
      },
    ],
  },
  selected: {
    shapes: (at) => [
      { tag: 'circle', attrs: { class: 'selected', cx: at.x, cy: at.y, r: r(at, STONE + 2), fill: 'none', stroke: 'var(--marker-ring)', 'stroke-width': r(at, 7) } },
      {
        tag: 'circle',
        attrs: { class: 'selected-inner', cx: at.x, cy: at.y, r: r(at, STONE - 12), fill: 'none', stroke: 'var(--marker-ring)', 'stroke-width': r(at, 3), 'stroke-dasharray': `${r(at, 6)} ${r(at, 5)}` },
      },
    ],
  },
  last: {
    shapes: (at) => [
      {
        tag: 'path',
        attrs: {
          class: 'last',
          d: `M ${at.x} ${at.y - r(at, 19)} L ${at.x + r(at, 17)} ${at.y + r(at, 11)} L ${at.x - r(at, 17)} ${at.y + r(at, 11)} Z`,
          fill: 'none',
          stroke: contrast(at.stone),
          'stroke-width': r(at, 5),
          'stroke-linejoin': 'round',
        },
      },
    ],
  },
  locked: {
    shapes: (at) => [
      {
        tag: 'rect',
        attrs: { class: 'locked', x: at.x + r(at, 14), y: at.y + r(at, 14), width: r(at, 18), height: r(at, 18), rx: r(at, 2), fill: contrast(at.stone) },
      },
    ],
  },
  restored: {
    shapes: (at) => [
      {
        tag: 'path',
        attrs: {
          class: 'restored',
          d: `M ${at.x} ${at.y - r(at, 16)} L ${at.x + r(at, 16)} ${at.y} L ${at.x} ${at.y + r(at, 16)} L ${at.x - r(at, 16)} ${at.y} Z`,
          fill: 'var(--marker-restored)',
          stroke: '#fff',
          'stroke-width': r(at, 3),
        },
      },
    ],
  },
  liberty: {
    shapes: (at) => [
      { tag: 'circle', attrs: { class: 'liberty', cx: at.x, cy: at.y, r: r(at, 13), fill: 'var(--marker-liberty)', stroke: '#fff', 'stroke-width': r(at, 3) } },
    ],
  },
  cross: {
    shapes: (at) => {
      const d = r(at, 24);
      const path = `M ${at.x - d} ${at.y - d} L ${at.x + d} ${at.y + d} M ${at.x + d} ${at.y - d} L ${at.x - d} ${at.y + d}`;
      return [
        // Red turns olive under red-green colour blindness, close to the wood: a light halo keeps the cross apart from the board.
        { tag: 'path', attrs: { class: 'cross-halo', d: path, fill: 'none', stroke: '#fff', 'stroke-opacity': 0.85, 'stroke-width': r(at, 17), 'stroke-linecap': 'round' } },
        { tag: 'path', attrs: { class: 'cross', d: path, fill: 'none', stroke: 'var(--marker-cross)', 'stroke-width': r(at, 9), 'stroke-linecap': 'round' } },
      ];
    },
  },
};

/** The shapes of the marks on one point, in painting order, split into under and over the stone. */
export function markShapes(kinds: readonly string[] | undefined, at: MarkContext, drawings: MarkDrawings = MARKS): { under: MarkShape[]; over: MarkShape[] } {
  const under: MarkShape[] = [];
  const over: MarkShape[] = [];
  if (!kinds?.length) return { under, over };
  for (const [kind, drawing] of Object.entries(drawings)) {
    if (!kinds.includes(kind)) continue;
    (drawing.under ? under : over).push(...drawing.shapes(at));
  }
  return { under, over };
}

/** Builds a marker map from (point, kind) pairs, keeping each kind once per point. */
export function markerMap(entries: Iterable<readonly [number, MarkerKind]>): Map<number, MarkerKind[]> {
  const map = new Map<number, MarkerKind[]>();
  for (const [point, kind] of entries) {
    const list = map.get(point) ?? [];
    if (!list.includes(kind)) list.push(kind);
    map.set(point, list);
  }
  return map;
}
