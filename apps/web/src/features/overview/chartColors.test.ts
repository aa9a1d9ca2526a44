import { describe, expect, it } from 'vitest';
import { CHART_COLORS } from './chartKit.js';

/** WCAG relative luminance of `#rrggbb`. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

describe('chart colours', () => {
  it('give every series its own colour, the first four at 3:1 against the page (WCAG 1.4.11)', () => {
    for (const [mode, page] of [
      ['light', '#ffffff'],
      ['dark', '#121212'],
    ] as const) {
      const colors = CHART_COLORS[mode];
      expect(new Set(colors).size).toBe(colors.length);
      for (const color of colors.slice(0, 4)) {
        expect(contrast(color, page), `${mode} ${color}`).toBeGreaterThanOrEqual(3);
      }
    }
  });
});
