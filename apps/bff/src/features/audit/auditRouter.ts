import { Router } from 'express';
import { z } from 'zod';
import { dateOrInstantQuery, dateOrInstantUntil } from '@payouts/contracts';
import { parseInput } from '../../http/parseInput.js';
import { requirePermission } from '../../http/requirePermission.js';
import type { AuditService } from './auditService.js';

const listQuery = z
  .object({
    who: z.string().trim().min(1).max(320).optional(),
    what: z.string().trim().min(1).max(100).optional(),
    from: dateOrInstantQuery.optional(),
    to: dateOrInstantUntil.optional(),
    cursor: z.string().min(1).max(500).optional(),
    limit: z.coerce.number().int().min(1).max(100).default(50),
  })
  .strict();

export function createAuditRouter({ auditService }: { auditService: AuditService }): Router {
  const router = Router();
  router.get('/audit', requirePermission('audit:read'), async (req, res) => {
    const query = parseInput(listQuery, req.query);
    res.json(await auditService.list(query));
  });
  return router;
}
