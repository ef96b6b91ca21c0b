/**
 * Test fixtures only (imported by `*.test.ts`, never by the app): the engine's square
 * layout written out, so unit tests can give screens a layout without a backend.
 * `engine/src/go/layout.rs` is the real one; `layout.test.ts` checks a few of its answers.
 */
import type { BoardLayout } from '../bindings/BoardLayout';

const LETTERS = 'ABCDEFGHJKLMNOPQRST';

/** The layout the engine sends for a square board of `size`. */
export function squareLayout(size: number): BoardLayout {
  const far = (size - 1) * 100;
  const span = 96 + 66 + far;
  const at = (row: number, column: number) => (row >= 0 && row < size && column >= 0 && column < size ? row * size + column : null);
  return {
    unit: 100,
    view: { x: -96, y: -66, width: span, height: span },
    areas: [{ x: -94, y: -64, width: span - 4, height: span - 4 }],
    points: Array.from({ length: size * size }, (_, p) => {
      const row = Math.floor(p / size);
      const column = p % size;
      return {
        name: `${LETTERS[column]}${row + 1}`,
        x: column * 100,
        y: (size - 1 - row) * 100,
        neighbours: { n: at(row + 1, column), e: at(row, column + 1), s: at(row - 1, column), w: at(row, column - 1) },
      };
    }),
    lines: Array.from({ length: size }, (_, i) => [
      { kind: 'grid' as const, x1: 0, y1: i * 100, x2: far, y2: i * 100 },
      { kind: 'grid' as const, x1: i * 100, y1: 0, x2: i * 100, y2: far },
    ]).flat(),
    labels: Array.from({ length: size }, (_, i) => [
      { text: LETTERS[i], x: i * 100, y: far + 69 },
      { text: String(i + 1), x: -66, y: far - i * 100 },
    ]).flat(),
    marks: size === 5 ? [{ kind: 'star', x: 200, y: 200 }] : [],
  };
}
