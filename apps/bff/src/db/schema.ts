/**
 * The database schema, one file per feature under `schema/`. Drizzle's migrations are generated
 * from it (drizzle.config.ts); `schema` is what the query builder is given.
 */
export * from './schema/identity.js';
export * from './schema/payouts.js';
export * from './schema/beneficiaries.js';
export * from './schema/platform.js';
export * from './schema/approvalPolicies.js';
export * from './schema/batches.js';
export * from './schema/stats.js';

import { approvalPolicyProposals, approvalPolicyVersions } from './schema/approvalPolicies.js';
import {
  auditLog,
  idempotencyKeys,
  rateLimitHits,
  staffNotificationMails,
  staffNotifications,
} from './schema/platform.js';
import { batchApprovals, batchRows, batches } from './schema/batches.js';
import { beneficiaries, beneficiaryChanges, beneficiaryEvents } from './schema/beneficiaries.js';
import { payoutApprovals, payoutEvents, payouts } from './schema/payouts.js';
import { sessions, users } from './schema/identity.js';

export const schema = {
  batches,
  batchRows,
  batchApprovals,
  users,
  approvalPolicyVersions,
  approvalPolicyProposals,
  payoutApprovals,
  beneficiaries,
  beneficiaryChanges,
  beneficiaryEvents,
  sessions,
  auditLog,
  payouts,
  payoutEvents,
  idempotencyKeys,
  rateLimitHits,
  staffNotificationMails,
  staffNotifications,
};
export type Schema = typeof schema;
