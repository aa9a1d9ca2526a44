import { createApprovalsApi, type ApprovalsApi } from '../features/approvals/approvalsApi.js';
import {
  createApprovalPoliciesApi,
  type ApprovalPoliciesApi,
} from '../features/approvalPolicies/approvalPoliciesApi.js';
import { createBatchesApi, type BatchesApi } from '../features/batches/batchesApi.js';
import { createAuditApi, type AuditApi } from '../features/audit/auditApi.js';
import {
  createBeneficiariesApi,
  type BeneficiariesApi,
} from '../features/beneficiaries/beneficiariesApi.js';
import { createLabApi, type LabApi } from '../features/lab/labApi.js';
import { createPayoutsApi, type PayoutsApi } from '../features/payouts/payoutsApi.js';
import { createProvidersApi, type ProvidersApi } from '../features/providers/providersApi.js';
import { createSessionApi, type SessionApi } from '../features/session/sessionApi.js';
import {
  createStaffSessionsApi,
  type StaffSessionsApi,
} from '../features/staffSessions/staffSessionsApi.js';
import {
  createStaffNotificationsApi,
  type StaffNotificationsApi,
} from '../features/staffNotifications/staffNotificationsApi.js';
import type { SecurityApi } from '../features/secondFactor/securityApi.js';
import { createUsersApi, type UsersApi } from '../features/users/usersApi.js';
// The overview.
import { createOverviewApi, type OverviewApi } from '../features/overview/overviewApi.js';
import type { HttpClient } from './createHttpClient.js';
// Saved views of the payouts list.
import {
  createPayoutViewsApi,
  type PayoutViewsApi,
} from '../features/payoutViews/payoutViewsApi.js';

/**
 * Everything the SPA asks the BFF, one object per feature. Components reach it through
 * `useApi()`, so tests hand in a fake instead of a server.
 */
export interface Api {
  session: SessionApi;
  payouts: PayoutsApi;
  approvals: ApprovalsApi;
  beneficiaries: BeneficiariesApi;
  providers: ProvidersApi;
  users: UsersApi;
  audit: AuditApi;
  lab: LabApi;
  staffNotifications: StaffNotificationsApi;
  approvalPolicies: ApprovalPoliciesApi;
  batches: BatchesApi;
  staffSessions: StaffSessionsApi;
  /** Second factors and sign-in options, loaded on first use (the entry chunk is on a budget). */
  security(): Promise<SecurityApi>;
  // Saved views of the payouts list.
  payoutViews: PayoutViewsApi;
  // The overview.
  overview: OverviewApi;
}

export function createApi(http: HttpClient): Api {
  return {
    session: createSessionApi(http),
    payouts: createPayoutsApi(http),
    approvals: createApprovalsApi(http),
    beneficiaries: createBeneficiariesApi(http),
    providers: createProvidersApi(http),
    users: createUsersApi(http),
    audit: createAuditApi(http),
    lab: createLabApi(http),
    staffNotifications: createStaffNotificationsApi(http),
    approvalPolicies: createApprovalPoliciesApi(http),
    batches: createBatchesApi(http),
    staffSessions: createStaffSessionsApi(http),
    security: () =>
      import('../features/secondFactor/securityApi.js').then((m) => m.createSecurityApi(http)),
    // Saved views of the payouts list.
    payoutViews: createPayoutViewsApi(http),
    // The overview.
    overview: createOverviewApi(http),
  };
}
