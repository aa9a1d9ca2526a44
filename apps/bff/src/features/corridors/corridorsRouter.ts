import type { Corridor } from '@payouts/contracts';
import { Router } from 'express';
import { requirePermission } from '../../http/requirePermission.js';

/** The merchant's configured corridors (config CORRIDORS, or the embedded sandbox's). */
export function createCorridorsRouter({ corridors }: { corridors: readonly Corridor[] }): Router {
  const router = Router();
  router.get('/corridors', requirePermission('corridors:read'), (_req, res) => {
    res.json({ corridors });
  });
  return router;
}
