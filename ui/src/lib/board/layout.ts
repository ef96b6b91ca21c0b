/**
 * Reading the engine's board layout: point names and keyboard focus moves. The layout says
 * where every point is and which point each arrow key reaches, so nothing here knows the
 * board's shape (a square grid, or a surface's charts whose neighbours cross seams).
 */
import type { BoardLayout } from '../bindings/BoardLayout';
import type { Neighbours } from '../bindings/Neighbours';

export type { BoardLayout };

/** The engine's name of `point` (such as C3), or its number when the layout has no such point. */
export function nameOf(layout: BoardLayout | null | undefined, point: number): string {
  return layout?.points[point]?.name ?? String(point);
}

/** The arrow keys and Home/End understood by the board's keyboard focus. */
export type FocusKey = 'ArrowUp' | 'ArrowDown' | 'ArrowLeft' | 'ArrowRight' | 'Home' | 'End';

const DIRECTION: Record<string, keyof Neighbours> = { ArrowUp: 'n', ArrowRight: 'e', ArrowDown: 's', ArrowLeft: 'w' };

/** Where focus goes from `point` on a key: the layout's neighbour that way; where the board ends, focus stays. */
export function moveFocus(layout: BoardLayout, point: number, key: FocusKey): number {
  if (key === 'Home') return 0;
  if (key === 'End') return Math.max(0, layout.points.length - 1);
  return layout.points[point]?.neighbours[DIRECTION[key]] ?? point;
}

/** Whether a keyboard key is one the board moves focus with. */
export function isFocusKey(key: string): key is FocusKey {
  return ['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(key);
}
