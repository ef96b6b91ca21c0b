import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { render } from 'svelte/server';
import Board from './Board.svelte';
import { squareLayout } from './fixtures';
import { nameOf } from './layout';
import { rectPolygon, seamColour, seamDrawing, SEAM_COLOURS } from './seams';
import type { LayoutSeam } from '../bindings/LayoutSeam';

const side = (over: Partial<LayoutSeam> = {}): LayoutSeam => ({
  number: 1,
  colour: 0,
  flips: false,
  inward_x: 1,
  inward_y: 0,
  x1: -50,
  y1: 250,
  x2: -50,
  y2: -50,
  ...over,
});

describe('seam geometry', () => {
  it('moves a side a little towards its own points, so both sides of a slit show', () => {
    const left = seamDrawing(side(), 100);
    expect([left.x1, left.y1, left.x2, left.y2]).toEqual([-43, 250, -43, -50]);
    const right = seamDrawing(side({ inward_x: -1 }), 100);
    expect(right.x1).toBe(-57);
  });

  it('puts the number on a grid corner near the middle, inside, clear of the stones', () => {
    // Three units long: corners at y 250, 150, 50, -50; the middle one down from the start is 150.
    const drawn = seamDrawing(side(), 100);
    expect(drawn.label).toEqual({ x: -33, y: 150 });
    const one = seamDrawing(side({ y1: 50, y2: -50, inward_x: 0, inward_y: -1, x1: 0, x2: 0 }), 100);
    // One unit long: in its middle, moved inwards (up the screen here).
    expect(one.label).toEqual({ x: 0, y: -17 });
  });

  it('marks only a flipping gluing, with two chevrons pointing from the start to the end', () => {
    expect(seamDrawing(side(), 100).chevrons).toBeNull();
    const flipped = seamDrawing(side({ flips: true }), 100);
    expect(flipped.chevrons).toHaveLength(2);
    // Pointing down the screen (y decreasing from 250 to -50): each tip lies below its arms.
    for (const d of flipped.chevrons ?? []) {
      const numbers = d.match(/-?\d+(\.\d+)?/g)?.map(Number) ?? [];
      const [, armY, , tipY] = numbers;
      expect(tipY).toBeLessThan(armY);
    }
  });

  it('wraps colour indices around the palette', () => {
    expect(seamColour(0)).toBe('var(--seam-0)');
    expect(seamColour(SEAM_COLOURS + 2)).toBe('var(--seam-2)');
  });

  it('outlines a rectangle', () => {
    expect(rectPolygon({ x: 0, y: 10, width: 5, height: 20 })).toBe('0,10 5,10 5,30 0,30');
  });
});

describe('Board on a surface chart', () => {
  it('draws seam sides instead of seam lines, a heavy boundary and empty regions', () => {
    const layout = squareLayout(3);
    layout.lines.push({ kind: 'seam', x1: -50, y1: 250, x2: -50, y2: -50 });
    layout.lines.push({ kind: 'boundary', x1: -50, y1: 250, x2: 250, y2: 250 });
    layout.seams = [side({ flips: true }), side({ number: 2, colour: 1, inward_x: -1, x1: 250, x2: 250 })];
    layout.regions = [{ number: 1, around: [0, 1, 4, 3], pieces: [{ x: 20, y: 20, width: 60, height: 60 }] }];
    const { body } = render(Board, {
      props: { layout, board: layout.points.map(() => 0), label: 'Chart', labelFor: (p: number) => nameOf(layout, p) },
    });
    expect(body.match(/class="seam-side[ "]/g)).toHaveLength(2);
    expect(body.match(/<line class="seam[ "]/g)).toBeNull();
    expect(body.match(/<line class="boundary[ "]/g)).toHaveLength(1);
    expect(body.match(/class="flip[ "]/g)).toHaveLength(2);
    expect(body.match(/<polygon class="region[^"]*" data-region="1"/g)).toHaveLength(1);
    expect(body).toContain('--seam: var(--seam-1)');
    expect(body.match(/data-point="/g)).toHaveLength(9);
  });
});

describe('the seam palette', () => {
  const css = readFileSync(new URL('../../app.css', import.meta.url), 'utf8');
  const variable = (block: string, name: string): string | undefined => block.match(new RegExp(`--${name}:\\s*(#[0-9a-f]{6})`, 'i'))?.[1];
  const light = css.slice(css.indexOf(':root {'), css.indexOf(":root[data-scheme='dark']"));
  const dark = css.slice(css.indexOf(":root[data-scheme='dark']"));
  const rgb = (hex: string) => [1, 3, 5].map((k) => parseInt(hex.slice(k, k + 2), 16) / 255);
  const luminance = (hex: string) => {
    const [r, g, b] = rgb(hex).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const contrast = (a: string, b: string) => {
    const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
    return (hi! + 0.05) / (lo! + 0.05);
  };
  /** Hue in degrees and saturation (HSL) of a colour. */
  const hueOf = (hex: string) => {
    const [r, g, b] = rgb(hex) as [number, number, number];
    const max = Math.max(r, g, b);
    const min = Math.min(r, g, b);
    const d = max - min;
    const l = (max + min) / 2;
    const saturation = d === 0 ? 0 : d / (1 - Math.abs(2 * l - 1));
    let hue = 0;
    if (d !== 0) hue = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
    return { hue: (hue * 60 + 360) % 360, saturation };
  };
  const seams = Array.from({ length: SEAM_COLOURS }, (_, k) => variable(light, `seam-${k}`));

  it('has no green a player could take for the liberty marks', () => {
    for (const colour of seams) {
      expect(colour).toBeDefined();
      const { hue, saturation } = hueOf(colour!);
      expect(saturation < 0.25 || hue < 60 || hue > 185, `${colour} is green`).toBe(true);
    }
  });

  it('stands out on the wood of both themes and under its white number', () => {
    const woods = [variable(light, 'board-bg')!, variable(dark, 'board-bg')!];
    for (const colour of seams) {
      expect(contrast(colour!, woods[0]!)).toBeGreaterThanOrEqual(2.5);
      expect(contrast(colour!, woods[1]!)).toBeGreaterThanOrEqual(1.55);
      expect(contrast(colour!, variable(light, 'seam-text')!)).toBeGreaterThanOrEqual(4.5);
    }
    expect(new Set(seams).size).toBe(SEAM_COLOURS);
  });
});
