import type { z } from 'zod';
import type { auditItem, auditPage } from '../endpoints/audit.endpoints.js';

/** One audit log entry (`GET /api/audit`); its schema is the endpoint's. */
export type AuditItem = z.output<typeof auditItem>;
export type AuditPage = z.output<typeof auditPage>;
