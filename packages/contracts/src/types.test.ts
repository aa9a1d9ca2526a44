import { describe, expect, it } from 'vitest';
import { FINAL_PAYOUT_STATUSES, PAYOUT_STATUSES } from './types.js';

describe('payout statuses', () => {
  it('lists every final status among the statuses', () => {
    for (const s of FINAL_PAYOUT_STATUSES) expect(PAYOUT_STATUSES).toContain(s);
  });
});
