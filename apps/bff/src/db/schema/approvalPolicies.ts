/** Approval policy versions and the proposals that change them. */
import { sql } from 'drizzle-orm';
import {
  POLICY_PROPOSAL_STATUSES,
  type ApprovalPolicy,
  type PolicyChange,
} from '@payouts/contracts';
import {
  type AnyPgColumn,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { at } from './columns.js';
import { users } from './identity.js';

/**
 * Every version of the approval policy (docs/decisions/016): the highest is the one in
 * force. Version 1 comes from configuration at first start; each approved proposal adds one.
 */
export const approvalPolicyVersions = pgTable(
  'approval_policy_versions',
  {
    version: integer('version').primaryKey(),
    policy: jsonb('policy').$type<ApprovalPolicy>().notNull(),
    /** The approved proposal it came from; null for version 1. */
    proposalId: uuid('proposal_id').references((): AnyPgColumn => approvalPolicyProposals.id),
    proposedBy: uuid('proposed_by').references(() => users.id),
    approvedBy: uuid('approved_by').references(() => users.id),
    activeSince: at('active_since').notNull(),
  },
  (t) => [
    uniqueIndex('approval_policy_versions_proposal_key').on(t.proposalId),
    check('approval_policy_versions_version_positive', sql`${t.version} > 0`),
  ],
);

/** A proposed policy, decided by a second admin; kept once decided (the history). */
export const approvalPolicyProposals = pgTable(
  'approval_policy_proposals',
  {
    id: uuid('id').primaryKey(),
    /**
     * `scheduled`: approved, but it weakens the policy, so it takes effect at `effective_at`
     * unless an admin cancels it first (then `rejected`); `approved` once in force.
     */
    status: text('status', { enum: POLICY_PROPOSAL_STATUSES }).notNull(),
    /** The version in force when it was proposed: approved only while that one still is. */
    baseVersion: integer('base_version')
      .notNull()
      .references((): AnyPgColumn => approvalPolicyVersions.version),
    policy: jsonb('policy').$type<ApprovalPolicy>().notNull(),
    /** `describePolicyDiff(base, policy)`, worded once when proposed. */
    changes: jsonb('changes').$type<PolicyChange[]>().notNull(),
    note: text('note'),
    proposedBy: uuid('proposed_by')
      .notNull()
      .references(() => users.id),
    proposedAt: at('proposed_at').notNull(),
    decidedBy: uuid('decided_by').references(() => users.id),
    decidedAt: at('decided_at'),
    reason: text('reason'),
    /** For a weakening change: when it takes effect (decided_at + POLICY_WEAKENING_DELAY_HOURS). */
    effectiveAt: at('effective_at'),
    /** Why it weakens: a payout that would need less approval (`policyWeakening`). */
    weakening: text('weakening'),
    /** The admin who cancelled a scheduled change before it took effect, and when. */
    cancelledBy: uuid('cancelled_by').references(() => users.id),
    cancelledAt: at('cancelled_at'),
  },
  (t) => [
    // At most one proposal awaits a decision.
    uniqueIndex('approval_policy_proposals_one_pending')
      .on(t.status)
      .where(sql`${t.status} = 'pending'`),
    // At most one weakening change waits to take effect.
    uniqueIndex('approval_policy_proposals_one_scheduled')
      .on(t.status)
      .where(sql`${t.status} = 'scheduled'`),
    index('approval_policy_proposals_decided_idx').on(t.decidedAt.desc(), t.id.desc()),
    check(
      'approval_policy_proposals_status_check',
      sql`${t.status} in ('pending', 'scheduled', 'approved', 'rejected')`,
    ),
  ],
);
