import { describe, expect, it } from 'vitest';
import { render } from 'svelte/server';
import Board from './Board.svelte';
import TwoBoards from './TwoBoards.fixture.svelte';
import { squareLayout } from './fixtures';
import { moveFocus, nameOf } from './layout';
import { markerMap } from './markers';

describe('board layout', () => {
  it('names points as the engine does, A1 bottom-left and the last point top-right', () => {
    const five = squareLayout(5);
    expect(nameOf(five, 0)).toBe('A1');
    expect(nameOf(five, 4)).toBe('E1');
    expect(nameOf(five, 20)).toBe('A5');
    expect(nameOf(five, 24)).toBe('E5');
    expect(nameOf(five, 12)).toBe('C3');
    // Off the board, or without a layout, the number stays.
    expect(nameOf(five, 25)).toBe('25');
    expect(nameOf(null, 3)).toBe('3');
  });

  it('skips the letter I in columns', () => {
    const nine = squareLayout(9);
    expect(nameOf(nine, 7)).toBe('H1');
    expect(nameOf(nine, 8)).toBe('J1');
  });

  it('moves focus along the layout: up towards higher rows, stopping at edges', () => {
    const four = squareLayout(4);
    expect(moveFocus(four, 0, 'ArrowUp')).toBe(4);
    expect(moveFocus(four, 0, 'ArrowDown')).toBe(0);
    expect(moveFocus(four, 0, 'ArrowLeft')).toBe(0);
    expect(moveFocus(four, 3, 'ArrowRight')).toBe(3);
    expect(moveFocus(four, 5, 'ArrowRight')).toBe(6);
    expect(moveFocus(four, 15, 'ArrowUp')).toBe(15);
    expect(moveFocus(four, 9, 'Home')).toBe(0);
    expect(moveFocus(four, 9, 'End')).toBe(15);
  });

  it('follows neighbours that are not grid neighbours (a seam)', () => {
    const strip = squareLayout(3);
    // Glue the right edge of row 1 to the left edge of row 3, as a surface's seam would.
    strip.points[5].neighbours.e = 6;
    expect(moveFocus(strip, 5, 'ArrowRight')).toBe(6);
  });
});

describe('Board', () => {
  const props = (layout = squareLayout(5)) => ({
    layout,
    board: layout.points.map((_, p) => (p === 12 ? 1 : p === 13 ? 2 : 0)),
    label: 'Board',
    labelFor: (p: number) => nameOf(layout, p),
  });

  it('draws every point, line, label and star point of the layout where the layout puts it', () => {
    const { body } = render(Board, { props: props() });
    expect(body.match(/data-point="/g)).toHaveLength(25);
    expect(body.match(/<line class="grid[ "]/g)).toHaveLength(10);
    expect(body).toContain('viewBox="-96 -66 562 562"');
    expect(body).toMatch(/<circle class="star[^"]*" cx="200" cy="200" r="7"/);
    expect(body).toContain('aria-label="C3"');
    expect(body).toMatch(/>A<\/text>/);
    expect(body).toMatch(/>5<\/text>/);
  });

  it('draws no star point where the layout has none', () => {
    const { body } = render(Board, { props: props(squareLayout(4)) });
    expect(body).not.toMatch(/class="star[ "]/);
    expect(body.match(/data-point="/g)).toHaveLength(16);
  });

  it('gives each board its own ids', () => {
    const { body } = render(TwoBoards, { props: props() });
    const ids = [...body.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]);
    expect(ids.length).toBe(4);
    expect(new Set(ids).size).toBe(4);
  });

  it('draws marks from data, and kinds a screen adds', () => {
    const markers = markerMap([
      [12, 'last'],
      [0, 'liberty'],
      [13, 'ring'],
    ]);
    const { body } = render(Board, { props: { ...props(), markers } });
    expect(body).toMatch(/<path[^>]* class="last[ "]/);
    expect(body).toMatch(/<circle[^>]* class="liberty[ "]/);
    expect(body).toMatch(/<circle[^>]* class="ring[ "]/);
    const custom = render(Board, {
      props: {
        ...props(),
        markers: new Map([[6, ['seam-end']]]),
        drawings: { 'seam-end': { shapes: (at) => [{ tag: 'rect' as const, attrs: { class: 'seam-end', x: at.x, y: at.y, width: 1, height: 1 } }] } },
      },
    }).body;
    expect(custom).toMatch(/<rect[^>]* class="seam-end[^"]*" x="100" y="300"/);
  });
});
