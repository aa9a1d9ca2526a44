import { describe, expect, it } from 'vitest';
import { causeOfMissing } from './providersMatrix.js';

describe('causeOfMissing', () => {
  it.each([
    [{ listedHere: true, unusableHere: false, listedAnywhere: true }, 'type_not_enabled'],
    [{ listedHere: true, unusableHere: true, listedAnywhere: true }, 'type_not_enabled'],
    [{ listedHere: false, unusableHere: true, listedAnywhere: true }, 'type_not_supported'],
    [{ listedHere: false, unusableHere: false, listedAnywhere: true }, 'corridor_not_served'],
    [{ listedHere: false, unusableHere: false, listedAnywhere: false }, 'payouts_off'],
  ] as const)('%o: %s', (seen, cause) => {
    expect(causeOfMissing(seen)).toBe(cause);
  });
});
