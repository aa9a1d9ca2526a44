import { orchestratorNotificationRoutes } from './orchestratorNotifications.routes.js';
import { userRoutes } from './users.routes.js';
import { sessionRoutes } from './session.routes.js';
import { batchRoutes } from './batches.routes.js';
import { labRoutes } from './lab.routes.js';
import { payoutRoutes } from './payouts.routes.js';
import { beneficiaryRoutes } from './beneficiaries.routes.js';
import { approvalPolicyRoutes } from './approvalPolicies.routes.js';
import { payoutViewRoutes } from './payoutViews.routes.js';
import { staffNotificationRoutes } from './staffNotifications.routes.js';
import { auditRoutes } from './audit.routes.js';
import { staffSessionRoutes } from './staffSessions.routes.js';
import { referenceRoutes } from './reference.routes.js';
import { overviewRoutes } from './overview.routes.js';
import { approvalRoutes } from './approvals.routes.js';
import type { Route } from './route.js';

/**
 * Every endpoint's route, by name: zod-free, for the SPA's client and the tests' tables. Each
 * feature's schemas are in `<feature>.endpoints.ts` under the same names (`ENDPOINTS`).
 */
export const ROUTES = {
  ...payoutViewRoutes,
  ...staffNotificationRoutes,
  ...staffSessionRoutes,
  ...auditRoutes,
  ...referenceRoutes,
  ...overviewRoutes,
  ...approvalRoutes,
  ...approvalPolicyRoutes,
  ...beneficiaryRoutes,
  ...payoutRoutes,
  ...labRoutes,
  ...batchRoutes,
  ...userRoutes,
  ...sessionRoutes,
  ...orchestratorNotificationRoutes,
} as const satisfies Record<string, Route>;

export type RouteName = keyof typeof ROUTES;
