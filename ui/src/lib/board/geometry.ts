/** Column letters as Go players write them; I is skipped so it is never read as 1. */
const COLUMN_LETTERS = 'ABCDEFGHJKLMNOPQRST';

/** A point's row and column, both from 0 at A1 (bottom-left). */
export interface Coord {
  row: number;
  column: number;
}

/** Row and column of `point` on a `size` board (`point = row * size + column`). */
export function coordOf(point: number, size: number): Coord {
  return { row: Math.floor(point / size), column: point % size };
}

/** The point index of a row and column. */
export function pointOf(row: number, column: number, size: number): number {
  return row * size + column;
}

/** The letter of a column, A at the left. */
export function columnLetter(column: number): string {
  return COLUMN_LETTERS[column] ?? '?';
}

/** The name players say for a point, such as C3 (A1 is bottom-left). */
export function pointName(point: number, size: number): string {
  const { row, column } = coordOf(point, size);
  return `${columnLetter(column)}${row + 1}`;
}

/** The arrow keys and Home/End understood by the board's keyboard focus. */
export type FocusKey = 'ArrowUp' | 'ArrowDown' | 'ArrowLeft' | 'ArrowRight' | 'Home' | 'End';

/** Where focus goes from `point` on a key; up means towards higher rows since A1 is bottom-left, edges stop. */
export function moveFocus(point: number, size: number, key: FocusKey): number {
  const { row, column } = coordOf(point, size);
  switch (key) {
    case 'ArrowUp':
      return pointOf(Math.min(size - 1, row + 1), column, size);
    case 'ArrowDown':
      return pointOf(Math.max(0, row - 1), column, size);
    case 'ArrowLeft':
      return pointOf(row, Math.max(0, column - 1), size);
    case 'ArrowRight':
      return pointOf(row, Math.min(size - 1, column + 1), size);
    case 'Home':
      return 0;
    case 'End':
      return size * size - 1;
  }
}

/** Whether a keyboard key is one the board moves focus with. */
export function isFocusKey(key: string): key is FocusKey {
  return ['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(key);
}
