import type { Route } from './route.js';

export const auditRoutes = {
  listAudit: {
    method: 'get',
    path: '/api/audit',
    access: 'audit:read',
  },
  exportAudit: {
    method: 'get',
    path: '/api/audit/export.csv',
    access: 'audit:read',
  },
} as const satisfies Record<string, Route>;
