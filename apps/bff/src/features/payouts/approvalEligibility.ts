import type { Role } from '@payouts/contracts';
import { sql, type SQL } from 'drizzle-orm';
import { payoutApprovals, payouts, type FrozenApprovalRule } from '../../db/schema.js';

/** The rule of a payout created before approval policies: one approver, as four eyes was. */
export const LEGACY_RULE = {
  id: 'legacy',
  name: 'Above the threshold',
  count: 1,
  roles: ['finance', 'admin'],
} as const satisfies FrozenApprovalRule;

/**
 * The payouts `user` may decide on now, as SQL: awaiting approval, not theirs, not approved by
 * them already, and their role among the frozen rule's (the legacy rule's for older payouts).
 * One definition for the inbox's badge and the "Needs my approval" filter, so that they never
 * disagree; `PayoutApprovals` enforces the same on each decision. The menu's counter reads the
 * same set's size from `payout_awaiting_counts` (migration 0024, whose `payout_awaiting_roles`
 * repeats LEGACY_RULE's roles): awaitingCounts.integration.test.ts compares it with this.
 */
export function decidableBy(user: { id: string; role: Role }): SQL {
  const legacyRoles = JSON.stringify(LEGACY_RULE.roles);
  return sql`(${payouts.status} = 'awaiting_approval'
    and ${payouts.createdBy} <> ${user.id}::uuid
    and coalesce(${payouts.approvalRule} -> 'roles', ${legacyRoles}::jsonb) @> jsonb_build_array(${user.role}::text)
    and not exists (select 1 from ${payoutApprovals} where ${payoutApprovals.payoutId} = ${payouts.id} and ${payoutApprovals.userId} = ${user.id}::uuid))`;
}
