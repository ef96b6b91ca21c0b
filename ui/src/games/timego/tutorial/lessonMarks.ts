import type { LessonView } from '../../../lib/bindings/LessonView';
import { markerMap, type MarkerKind, type MarkerMap } from '../../../lib/board/markers';

/**
 * The board marks of a lesson, all computed by the engine: rings, liberty dots, crosses,
 * locked births and the last placement, plus the traveller the player has chosen.
 */
export function lessonMarkers(view: LessonView, traveller: number | null): MarkerMap {
  const entries: [number, MarkerKind][] = [];
  for (const p of view.marks.rings) entries.push([p, 'ring']);
  for (const p of view.marks.liberties) entries.push([p, 'liberty']);
  for (const p of view.marks.crosses) entries.push([p, 'cross']);
  for (const p of view.marks.locked) entries.push([p, 'locked']);
  if (view.last_placement !== null) entries.push([view.last_placement, 'last']);
  if (traveller !== null) {
    const chosen = view.travels.find((travel) => travel.source === traveller);
    if (chosen) entries.push([chosen.point, 'selected']);
  }
  return markerMap(entries);
}
