import { auditEndpoints } from '@payouts/contracts/endpoints';
import { Router } from 'express';
import { mountEndpoints } from '../../http/mountEndpoints.js';
import type { AuditService } from './auditService.js';

export function createAuditRouter({ auditService }: { auditService: AuditService }): Router {
  const router = Router();
  mountEndpoints(router, auditEndpoints, { listAudit: ({ query }) => auditService.list(query) });
  return router;
}
