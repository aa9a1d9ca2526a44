import { describe, expect, it } from 'vitest';
import { histogramMedian, hourRangeOf } from './overviewService.js';

const hist = (slots: Record<number, number>) => Array.from({ length: 18 }, (_, i) => slots[i] ?? 0);

describe('histogramMedian', () => {
  it('interpolates within the middle bucket', () => {
    // Slots 5 (≤30 s), 7 (≤120), 9 (≤600) twice, 12 (≤7200): the middle of 5 is 2.5, half-way
    // into the (300, 600] bucket of two.
    expect(histogramMedian(hist({ 4: 1, 6: 1, 8: 2, 11: 1 }))).toBe(375);
    expect(histogramMedian(hist({ 3: 1, 11: 1 }))).toBe(10);
    expect(histogramMedian(hist({ 0: 4 }))).toBe(0.5);
  });

  it('takes the overflow bucket at its lower bound, and nothing as null', () => {
    expect(histogramMedian(hist({ 17: 3 }))).toBe(604800);
    expect(histogramMedian(hist({}))).toBeNull();
  });
});

describe('hourRangeOf', () => {
  it('rounds from down and to up to whole hours', () => {
    expect(
      hourRangeOf({ from: new Date('2030-01-01T10:59:59Z'), to: new Date('2030-01-01T12:00:01Z') }),
    ).toEqual({ from: new Date('2030-01-01T10:00:00Z'), to: new Date('2030-01-01T13:00:00Z') });
  });
});
