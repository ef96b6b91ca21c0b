/**
 * The analysis drawn on the flat and tiled boards as marks: ownership as a square on
 * each point (black or white, large when the playouts agree, small when they lean, hollow
 * and dashed when the reading is uncertain), and the top candidates as numbered discs
 * with their visit counts (a question mark when too few visits). Shape and size carry
 * the meaning, not colour alone.
 */
import { MARKS, type MarkContext, type MarkDrawings, type MarkerMap, type MarkShape } from '../../lib/board/markers';
import type { SurfaceReading } from '../../lib/bindings/SurfaceReading';

/** Below this share of playouts a point is nobody's. */
export const OWNED = 0.25;
/** From this share on a point is clearly somebody's. */
export const CLEARLY = 0.6;

/** The ownership mark kind of a point, or null when nobody owns it. */
export function ownershipKind(value: number, uncertain: boolean): string | null {
  const size = Math.abs(value);
  if (size < OWNED) return null;
  return `own-${value > 0 ? 'black' : 'white'}-${size >= CLEARLY ? 'clear' : 'lean'}${uncertain ? '-unsure' : ''}`;
}

const u = (at: MarkContext, hundredths: number): number => (at.unit * hundredths) / 100;

function square(colour: 'black' | 'white', clear: boolean, unsure: boolean): (at: MarkContext) => MarkShape[] {
  return (at) => {
    const half = u(at, clear ? 20 : 12);
    const fill = colour === 'black' ? 'var(--stone-black)' : 'var(--stone-white)';
    const edge = colour === 'black' ? 'var(--stone-white)' : 'var(--stone-black)';
    return [
      {
        tag: 'rect',
        attrs: {
          class: `own own-${colour}${unsure ? ' unsure' : ''}`,
          x: at.x - half,
          y: at.y - half,
          width: 2 * half,
          height: 2 * half,
          fill: unsure ? 'none' : fill,
          stroke: unsure ? fill : edge,
          'stroke-width': u(at, unsure ? 5 : 2),
          'stroke-dasharray': unsure ? `${u(at, 6)} ${u(at, 4)}` : undefined,
          'pointer-events': 'none',
        },
      },
    ];
  };
}

/** The drawings of every ownership kind. */
const OWNERSHIP: MarkDrawings = Object.fromEntries(
  (['black', 'white'] as const).flatMap((colour) =>
    [true, false].flatMap((clear) =>
      [false, true].map((unsure) => [`own-${colour}-${clear ? 'clear' : 'lean'}${unsure ? '-unsure' : ''}`, { shapes: square(colour, clear, unsure) }]),
    ),
  ),
);

/** The board's own drawings and the ownership kinds'. */
const WITH_OWNERSHIP: MarkDrawings = { ...MARKS, ...OWNERSHIP };

/** A compact visit count: 1234 → 1.2k. */
export function visitsText(visits: number): string {
  if (visits >= 10_000) return `${Math.round(visits / 1000)}k`;
  if (visits >= 1000) return `${(visits / 1000).toFixed(1)}k`;
  return String(visits);
}

/**
 * The marks and drawings of a reading: ownership (when shown) on the empty points and on
 * the stones the other side owns (dead), and the top candidates (when shown).
 */
export function analysisMarks(
  reading: SurfaceReading | null,
  board: readonly number[],
  show: { ownership: boolean; candidates: boolean },
): { entries: [number, string][]; drawings: MarkDrawings } {
  const entries: [number, string][] = [];
  // The same drawings object while they are the same: a new one would make the board draw
  // every point's marks again on every move.
  if (!reading) return { entries, drawings: MARKS };
  let drawings: MarkDrawings = show.ownership ? WITH_OWNERSHIP : MARKS;
  if (show.ownership) {
    reading.ownership.forEach((value, point) => {
      const stone = board[point] ?? 0;
      if (stone !== 0 && (stone === 1) === value > 0) return;
      const kind = ownershipKind(value, reading.uncertain);
      if (kind) entries.push([point, kind]);
    });
  }
  if (show.candidates && reading.candidates.length > 0) {
    const withCandidates: Record<string, MarkDrawings[string]> = { ...drawings };
    drawings = withCandidates;
    reading.candidates.forEach((candidate, rank) => {
      if (candidate.action.type !== 'place') return;
      const kind = `candidate-${rank + 1}`;
      const words = candidate.uncertain ? `${visitsText(candidate.visits)}?` : visitsText(candidate.visits);
      withCandidates[kind] = {
        shapes: (at) => [
          {
            tag: 'circle',
            attrs: {
              class: `candidate${candidate.uncertain ? ' unsure' : ''}`,
              cx: at.x,
              cy: at.y,
              r: u(at, 40),
              fill: rank === 0 ? 'var(--accent)' : 'var(--surface)',
              'fill-opacity': 0.92,
              stroke: 'var(--accent)',
              'stroke-width': u(at, 5),
              'stroke-dasharray': candidate.uncertain ? `${u(at, 8)} ${u(at, 5)}` : undefined,
              'pointer-events': 'none',
            },
          },
          {
            tag: 'text',
            text: words,
            attrs: {
              class: 'candidate-visits',
              x: at.x,
              y: at.y,
              'text-anchor': 'middle',
              'dominant-baseline': 'central',
              'font-size': u(at, words.length > 3 ? 30 : 36),
              'font-weight': 700,
              fill: rank === 0 ? 'var(--on-accent, #fff)' : 'var(--text)',
              'pointer-events': 'none',
            },
          },
        ],
      };
      entries.push([candidate.action.at, kind]);
    });
  }
  return { entries, drawings };
}

/** `markers` with the analysis's `entries` whose kind `keep` accepts added. */
export function withMarks(markers: MarkerMap, entries: readonly (readonly [number, string])[] | undefined, keep: (kind: string) => boolean): MarkerMap {
  if (!entries?.length) return markers;
  const map = new Map<number, string[]>([...markers].map(([p, kinds]) => [p, [...kinds]]));
  for (const [p, kind] of entries) if (keep(kind)) map.set(p, [...(map.get(p) ?? []), kind]);
  return map;
}
