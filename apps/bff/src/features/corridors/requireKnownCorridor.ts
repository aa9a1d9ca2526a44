import type { Corridor } from '@payouts/contracts';
import { AppError } from '../../shared/AppError.js';

/**
 * Only the merchant's corridors reach the orchestrator: any other country/currency pair is a
 * 422 on `/currency`, before a metadata call (and before a cache entry per made-up corridor).
 */
export function requireKnownCorridor(corridors: readonly Corridor[], corridor: Corridor): void {
  if (corridors.some((c) => c.country === corridor.country && c.currency === corridor.currency)) {
    return;
  }
  throw new AppError('validation_failed', 'This corridor is not one of the merchant’s.', {
    errors: [
      {
        pointer: '/currency',
        message: `${corridor.country} / ${corridor.currency} is not a configured corridor`,
      },
    ],
  });
}
