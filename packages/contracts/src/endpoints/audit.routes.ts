import type { Route } from './route.js';

export const auditRoutes = {
  listAudit: {
    method: 'get',
    path: '/api/audit',
    summary: 'The audit log, newest first',
    tag: 'Users',
    access: 'audit:read',
  },
} as const satisfies Record<string, Route>;
