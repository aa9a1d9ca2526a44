import { render, screen } from '@testing-library/react';
import { PAYOUT_STATUSES } from '@payouts/contracts';
import { describe, expect, it } from 'vitest';
import { PAYOUT_STATUS_STYLES } from './payoutStatusStyles.js';
import { StatusChip } from './StatusChip.js';

/** WCAG relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

describe('StatusChip', () => {
  it('gives every status its own colour', () => {
    const colours = PAYOUT_STATUSES.map((s) => PAYOUT_STATUS_STYLES[s].color.toLowerCase());
    expect(new Set(colours).size).toBe(PAYOUT_STATUSES.length);
  });

  it('keeps white text readable on every colour (contrast 4.5:1 or more)', () => {
    for (const status of PAYOUT_STATUSES) {
      const contrast = 1.05 / (luminance(PAYOUT_STATUS_STYLES[status].color) + 0.05);
      expect(contrast, status).toBeGreaterThanOrEqual(4.5);
    }
  });

  it.each(PAYOUT_STATUSES.map((s) => [s, PAYOUT_STATUS_STYLES[s]] as const))(
    'shows %s with its label, in words as well as colour',
    (status, style) => {
      render(<StatusChip status={status} />);
      const chip = screen.getByText(style.label);
      expect(chip).toHaveAttribute('data-status', status);
      expect(chip).toHaveAttribute('title', `${style.label}: ${style.description}`);
      expect(chip).toHaveStyle({ backgroundColor: style.color });
    },
  );
});
