import { auditEndpoints } from '@payouts/contracts/endpoints';
import { Router } from 'express';
import { mountEndpoints } from '../../http/mountEndpoints.js';
import { mapRows, streamCsv } from '../../http/streamCsv.js';
import { AUDIT_CSV_COLUMNS, auditCsvRow, type AuditService } from './auditService.js';

export function createAuditRouter({ auditService }: { auditService: AuditService }): Router {
  const router = Router();
  mountEndpoints(router, auditEndpoints, {
    listAudit: ({ query }) => auditService.list(query),
    exportAudit: ({ query, res }) =>
      streamCsv(res, {
        name: 'audit',
        columns: AUDIT_CSV_COLUMNS,
        rows: mapRows(auditService.listAll(query), auditCsvRow),
      }),
  });
  return router;
}
