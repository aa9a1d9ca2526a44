import { z } from 'zod';
import { dateOrInstantQuery, dateOrInstantUntil } from '../api/payoutListQuery.js';
import { instant } from './common.js';
import { auditRoutes as routes } from './audit.routes.js';
import { csvFile, endpoint, json } from './endpoint.js';

export const auditItem = z
  .strictObject({
    id: z.string(),
    at: instant,
    /** Null for the system's own entries. */
    actor: z.strictObject({ id: z.string(), email: z.string() }).nullable(),
    /** `session.sign_in`, `payout.create`, `user.updated`, `lab.deposit`, ... */
    action: z.string(),
    target: z.strictObject({ type: z.string(), id: z.string() }).nullable(),
    /** Never a secret, a password or card data. */
    data: z.record(z.string(), z.unknown()),
    ip: z.string().nullable(),
    request_id: z.string().nullable(),
  })
  .meta({ id: 'AuditItem' });

export const auditPage = z
  .strictObject({ items: z.array(auditItem), next_cursor: z.string().nullable() })
  .meta({ id: 'AuditPage' });

/** Filters (who, what, from, to: `to` exclusive), the cursor of the next page, the page size. */
export const auditQuery = z
  .object({
    who: z.string().trim().min(1).max(320).optional(),
    what: z.string().trim().min(1).max(100).optional(),
    from: dateOrInstantQuery.optional(),
    to: dateOrInstantUntil.optional(),
    cursor: z.string().min(1).max(500).optional(),
    limit: z.coerce.number().int().min(1).max(100).default(50),
  })
  .strict();

export const auditEndpoints = {
  listAudit: endpoint(routes.listAudit, {
    summary: 'The audit log, newest first',
    tag: 'Users',
    query: auditQuery,
    reply: json(auditPage),
  }),
  exportAudit: endpoint(routes.exportAudit, {
    summary: 'The audit log as CSV: every entry the filters select, newest first',
    tag: 'Users',
    query: auditQuery.omit({ cursor: true, limit: true }),
    reply: csvFile,
  }),
};
