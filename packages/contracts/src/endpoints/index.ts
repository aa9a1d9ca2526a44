import { orchestratorNotificationEndpoints } from './orchestratorNotifications.endpoints.js';
import { userEndpoints } from './users.endpoints.js';
import { sessionEndpoints } from './session.endpoints.js';
import { batchEndpoints } from './batches.endpoints.js';
import { labEndpoints } from './lab.endpoints.js';
import { payoutEndpoints } from './payouts.endpoints.js';
import { beneficiaryEndpoints } from './beneficiaries.endpoints.js';
import { approvalPolicyEndpoints } from './approvalPolicies.endpoints.js';
import { approvalEndpoints } from './approvals.endpoints.js';
import { auditEndpoints } from './audit.endpoints.js';
import type { Endpoint } from './endpoint.js';
import { payoutViewEndpoints } from './payoutViews.endpoints.js';
import { overviewEndpoints } from './overview.endpoints.js';
import { referenceEndpoints } from './reference.endpoints.js';
import type { ROUTES, RouteName } from './routes.js';
import { staffNotificationEndpoints } from './staffNotifications.endpoints.js';
import { staffSessionEndpoints } from './staffSessions.endpoints.js';

export * from './common.js';
export * from './endpoint.js';
export * from './route.js';
export * from './routes.js';
export * from './payoutViews.endpoints.js';
export * from './staffNotifications.endpoints.js';
export * from './staffSessions.endpoints.js';
export * from './audit.endpoints.js';
export * from './reference.endpoints.js';
export * from './overview.endpoints.js';
export * from './approvals.endpoints.js';
export * from './approvalPolicies.endpoints.js';
export * from './beneficiaries.endpoints.js';
export * from './payouts.endpoints.js';
export * from './lab.endpoints.js';
export * from './batches.endpoints.js';
export * from './users.endpoints.js';
export * from './session.endpoints.js';
export * from './orchestratorNotifications.endpoints.js';
export * from './problem.js';

/**
 * Every endpoint, defined once: its route (`ROUTES`) and the schemas of its query, body and
 * reply. The BFF mounts from it, the OpenAPI document and the test tables are built from it,
 * and the SPA's client takes its types (only its types: zod stays out of the SPA).
 */
export const ENDPOINTS = {
  ...payoutViewEndpoints,
  ...staffNotificationEndpoints,
  ...staffSessionEndpoints,
  ...auditEndpoints,
  ...referenceEndpoints,
  ...overviewEndpoints,
  ...approvalEndpoints,
  ...approvalPolicyEndpoints,
  ...beneficiaryEndpoints,
  ...payoutEndpoints,
  ...labEndpoints,
  ...batchEndpoints,
  ...userEndpoints,
  ...sessionEndpoints,
  ...orchestratorNotificationEndpoints,
} satisfies Record<RouteName, Endpoint>;

export type Endpoints = typeof ENDPOINTS;
export type EndpointName = keyof Endpoints;

// Every route has its schemas, and nothing else is an endpoint.
type SameKeys<A, B> = [keyof A] extends [keyof B]
  ? [keyof B] extends [keyof A]
    ? true
    : false
  : false;
const sameNames: SameKeys<Endpoints, typeof ROUTES> = true;
void sameNames;
