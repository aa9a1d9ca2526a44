import type { Corridor } from '@payouts/contracts';
import { referenceEndpoints } from '@payouts/contracts/endpoints';
import { Router } from 'express';
import { mountEndpoints } from '../../http/mountEndpoints.js';

const { listCorridors } = referenceEndpoints;

/** The merchant's configured corridors (config CORRIDORS, or the embedded sandbox's). */
export function createCorridorsRouter({ corridors }: { corridors: readonly Corridor[] }): Router {
  const router = Router();
  mountEndpoints(
    router,
    { listCorridors },
    { listCorridors: () => ({ corridors: [...corridors] }) },
  );
  return router;
}
