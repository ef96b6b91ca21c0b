import { describe, expect, it } from 'vitest';
import { columnLetter, coordOf, moveFocus, pointName, pointOf } from './geometry';

describe('board geometry', () => {
  it('names A1 bottom-left and the last point top-right', () => {
    expect(pointName(0, 5)).toBe('A1');
    expect(pointName(4, 5)).toBe('E1');
    expect(pointName(20, 5)).toBe('A5');
    expect(pointName(24, 5)).toBe('E5');
    expect(pointName(12, 5)).toBe('C3');
  });

  it('skips the letter I in columns', () => {
    expect(columnLetter(7)).toBe('H');
    expect(columnLetter(8)).toBe('J');
  });

  it('round-trips points through coordinates', () => {
    for (let p = 0; p < 25; p++) {
      const { row, column } = coordOf(p, 5);
      expect(pointOf(row, column, 5)).toBe(p);
    }
  });

  it('moves focus up towards higher rows and stops at edges', () => {
    expect(moveFocus(0, 4, 'ArrowUp')).toBe(4);
    expect(moveFocus(0, 4, 'ArrowDown')).toBe(0);
    expect(moveFocus(0, 4, 'ArrowLeft')).toBe(0);
    expect(moveFocus(3, 4, 'ArrowRight')).toBe(3);
    expect(moveFocus(5, 4, 'ArrowRight')).toBe(6);
    expect(moveFocus(15, 4, 'ArrowUp')).toBe(15);
    expect(moveFocus(9, 4, 'Home')).toBe(0);
    expect(moveFocus(9, 4, 'End')).toBe(15);
  });
});
