/**
 * Marks the board can draw on a point. Every kind has its own shape so none depends on colour alone:
 * last = triangle, ring = circle around a stone, selected = thick double ring, cross = X,
 * liberty = dot, locked = small square, restored = diamond, group = underline bar.
 */
export type MarkerKind = 'last' | 'ring' | 'selected' | 'cross' | 'liberty' | 'locked' | 'restored' | 'group';

/** Marks keyed by point. */
export type MarkerMap = ReadonlyMap<number, readonly MarkerKind[]>;

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
