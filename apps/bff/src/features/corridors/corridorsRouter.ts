import type { Corridor } from '@payouts/contracts';
import { Router } from 'express';
import { requireRole } from '../../http/requireRole.js';
import { ROLES } from '../users/roles.js';

/** The merchant's configured corridors (config CORRIDORS, or the embedded sandbox's). */
export function createCorridorsRouter({ corridors }: { corridors: readonly Corridor[] }): Router {
  const router = Router();
  router.get('/corridors', requireRole(...ROLES), (_req, res) => {
    res.json({ corridors });
  });
  return router;
}
