import { z } from 'zod';
import { APPROVER_ROLES } from '../approvalPolicy/approvalPolicy.js';
import { NOT_ACTIONABLE_REASONS } from '../api/approvals.js';
import { approvalDecisionsBody, approvalInboxQuery } from '../api/approvalsQuery.js';
import { PAYOUT_METHOD_TYPES } from '../types.js';
import { approvalRoutes as routes } from './approvals.routes.js';
import { decimal, instant, noQuery, payoutActor } from './common.js';
import { endpoint, json } from './endpoint.js';

/** The frozen rule a payout waits under. */
export const approvalInboxRule = z.strictObject({
  name: z.string(),
  /** Distinct approvers the rule asks for. */
  count: z.number().int(),
  roles: z.array(z.enum(APPROVER_ROLES)),
});

/** One payout awaiting approval, as the caller's inbox shows it. */
export const approvalInboxItem = z.strictObject({
  id: z.string(),
  order_id: z.string(),
  /** Decimal string, exactly as stored. */
  amount: decimal,
  currency: z.string(),
  country: z.string(),
  provider: z.string(),
  provider_title: z.string().nullable(),
  payout_method_type: z.enum(PAYOUT_METHOD_TYPES),
  is_test: z.boolean(),
  /** Who is paid; `account` is the card or account number masked (6 + 4, or last 4), if any. */
  recipient: z.strictObject({
    name: z.string().nullable(),
    email: z.string().nullable(),
    account: z.string().nullable(),
  }),
  created_by: payoutActor,
  created_at: instant,
  /** Seconds since it was created, when the inbox was read. */
  age_seconds: z.number(),
  rule: approvalInboxRule,
  /** Approvals so far, in order. */
  approvals: z.array(z.strictObject({ by: payoutActor, at: instant })),
  /** Approvals still needed before it is sent. */
  waiting_for: z.number().int(),
  /** The caller may approve or reject it now. */
  actionable: z.boolean(),
  not_actionable_reason: z.enum(NOT_ACTIONABLE_REASONS).nullable(),
  /** The reason in words, for the person at the screen; null when actionable. */
  not_actionable_message: z.string().nullable(),
});

/** Every payout awaiting approval, oldest first, a keyset page at a time. */
export const approvalInbox = z
  .strictObject({ items: z.array(approvalInboxItem), next_cursor: z.string().nullable() })
  .meta({ id: 'ApprovalInbox' });

export const approvalCount = z
  .strictObject({
    /** Payouts awaiting approval that the caller may decide on now. */
    actionable: z.number().int(),
  })
  .meta({ id: 'ApprovalCount' });

/** The problem a refused payout met: the body `POST /api/payouts/:id/approve` would answer. */
export const bulkItemProblem = z.strictObject({
  /** `urn:payouts:problem:<code>`. */
  type: z.string(),
  code: z.string(),
  status: z.number().int(),
  title: z.string(),
  detail: z.string(),
});

/**
 * What became of one payout: `sent` (the last approval it needed), `waiting` (approval recorded,
 * `waiting_for` more needed), `rejected`, or `refused` (nothing changed; `problem` says why).
 */
export const approvalDecisionResult = z.strictObject({
  payout_id: z.string(),
  outcome: z.enum(['sent', 'waiting', 'rejected', 'refused']),
  /** With `waiting`: approvals still needed. */
  waiting_for: z.number().int().optional(),
  /** With `refused`. */
  problem: bulkItemProblem.optional(),
});

/** One result per payout, in the order given. */
export const approvalDecisions = z
  .strictObject({ results: z.array(approvalDecisionResult) })
  .meta({ id: 'ApprovalDecisions' });

export const approvalEndpoints = {
  listApprovals: endpoint(routes.listApprovals, {
    summary: 'The approvals inbox',
    tag: 'Payouts',
    query: approvalInboxQuery,
    reply: json(approvalInbox),
  }),
  countApprovals: endpoint(routes.countApprovals, {
    summary: 'How many wait for my approval',
    tag: 'Payouts',
    query: noQuery,
    reply: json(approvalCount),
  }),
  decideApprovals: endpoint(routes.decideApprovals, {
    summary: 'Approve or reject several payouts',
    tag: 'Payouts',
    body: approvalDecisionsBody,
    reply: json(approvalDecisions),
  }),
};
