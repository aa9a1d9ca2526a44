// What the audit feature offers the other features; they import nothing else of it (lint).
export { insertAuditRows } from './auditRepository.js';
export type { NewAuditRow } from './auditRepository.js';
export type { AuditAction, AuditContext, AuditEntry, AuditService } from './auditService.js';
