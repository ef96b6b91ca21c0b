import { describe, expect, it } from 'vitest';
import { PALETTES } from './scene';

/** WCAG relative luminance of a `#rrggbb` colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two colours (1 to 21). */
function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

describe('arrows across time', () => {
  for (const scheme of ['light', 'dark'] as const) {
    it(`stand out in the ${scheme} theme: each arrow's casing against the wood and the background, and the arrow against its casing`, () => {
      const p = PALETTES[scheme];
      for (const [arrow, casing] of [
        [p.white, p.arrowCasingWhite],
        [p.black, p.arrowCasingBlack],
      ]) {
        // WCAG's 3:1 for graphics: the arrow inside its casing, and the casing on whichever
        // of the light squares, dark squares or background is behind it, for at least one
        // of arrow and casing.
        expect(contrast(arrow, casing)).toBeGreaterThanOrEqual(3);
        for (const behind of [p.light, p.dark, p.background]) {
          expect(Math.max(contrast(casing, behind), contrast(arrow, behind))).toBeGreaterThanOrEqual(3);
        }
      }
    });
  }
});
