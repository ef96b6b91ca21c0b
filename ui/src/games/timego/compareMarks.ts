/**
 * The marks of the two boards of a comparison, from what the engine computed: its groups
 * (halo on stones, dots on empty liberties), the stones an event removed (faded ghosts), a
 * cancelled placement (cross), restored stones (diamond) and the placement's point.
 * Pure and rule-free: it only turns the engine's point lists into marks.
 */
import { markerMap, type MarkerKind } from '../../lib/board/markers';
import { codeOf, type ComparedBoard, type ReplayFrame, type TimePreview } from './model';

/** One board of the comparison as the board component draws it. */
export interface ComparedSide {
  board: number[];
  markers: Map<number, MarkerKind[]>;
  ghosts: Map<number, number>;
}

function side(compared: ComparedBoard, extra: [number, MarkerKind][]): ComparedSide {
  const entries: [number, MarkerKind][] = [...extra];
  for (const group of compared.groups) {
    for (const p of group.stones) entries.push([p, 'group']);
    for (const p of group.liberties) entries.push([p, 'liberty']);
  }
  // The engine names the colour of what an event removed.
  const color = compared.capturedColor ? codeOf(compared.capturedColor) : 0;
  const ghosts = new Map<number, number>(color ? compared.captured.map((p) => [p, color]) : []);
  return { board: compared.board, markers: markerMap(entries), ghosts };
}

/**
 * The two boards of a replay frame: before and after the insertion for the arrival, the
 * original version and the replayed board for a later placement.
 */
export function frameSides(frame: ReplayFrame): { earlier: ComparedSide; later: ComparedSide } {
  const { earlier, later } = frame.compare;
  if (frame.arrival) {
    return {
      earlier: side(earlier, []),
      later: side(later, [[frame.point, 'selected']]),
    };
  }
  const placedMark: [number, MarkerKind] = frame.newIndex === null ? [frame.point, 'cross'] : [frame.point, 'last'];
  const restored = frame.compare.restored.map((p): [number, MarkerKind] => [p, 'restored']);
  return {
    earlier: side(earlier, [[frame.point, 'last']]),
    later: side(later, [placedMark, ...restored]),
  };
}

/**
 * The final outcome: the actual board before travel beside the possible present, with the
 * traveller, restored stones, cancelled placements and captured stones marked.
 */
export function outcomeSides(actual: number[], preview: TimePreview, travellerPoint: number | null): { earlier: ComparedSide; later: ComparedSide } {
  const before: [number, MarkerKind][] = travellerPoint === null ? [] : [[travellerPoint, 'selected']];
  const after: [number, MarkerKind][] = [];
  for (const c of preview.cancelled) after.push([c.point, 'cross']);
  for (const p of preview.restored) after.push([p, 'restored']);
  if (travellerPoint !== null && preview.board[travellerPoint]) after.push([travellerPoint, 'selected']);
  return {
    earlier: { board: actual, markers: markerMap(before), ghosts: new Map() },
    later: {
      board: preview.board,
      markers: markerMap(after),
      ghosts: new Map(preview.captured.filter((p) => actual[p]).map((p) => [p, actual[p]])),
    },
  };
}
