import { z } from 'zod';
import { APPROVER_ROLES } from '../approvalPolicy/approvalPolicy.js';
import {
  bulkResolutionBody,
  cancelPayoutBody,
  createPayoutBody,
  payoutResolutionBody,
  rejectPayoutBody,
  sendAgainBody,
} from '../api/payoutBodies.js';
import { payoutExportQuery, payoutListQuery, payoutTotalsQuery } from '../api/payoutListQuery.js';
import { PAYOUT_ATTENTION_REASONS, PAYOUT_METHOD_TYPES, PAYOUT_STATUSES } from '../types.js';
import { policyDryRunBody } from '../api/approvalPolicyBodies.js';
import { bulkItemProblem } from './approvals.endpoints.js';
import {
  decimal,
  emptyBody,
  instant,
  metadataValue,
  noQuery,
  payoutActor,
  timelineEvent,
} from './common.js';
import { csvFile, endpoint, json } from './endpoint.js';
import { payoutRoutes as routes } from './payouts.routes.js';

/** The approval rule that applied, frozen on the payout when it was created. */
export const payoutApprovalRule = z.strictObject({
  id: z.string(),
  name: z.string(),
  /** Distinct approvers needed, none of them the creator (0: none). */
  approvals_required: z.number().int(),
  /** Roles whose members may approve it. */
  roles: z.array(z.enum(APPROVER_ROLES)),
});

/**
 * `POST /api/payouts/approval-preview`: the facts of a payout about to be made (a saved
 * beneficiary's id for one paid to it), for the rule the approval policy in force gives it.
 */
export const payoutApprovalPreviewBody = policyDryRunBody.shape.payout
  .omit({ beneficiary_changed_days_ago: true, in_batch: true })
  .extend({ beneficiary_id: z.uuid('Expected a beneficiary id').optional() });

/** One approval of a payout, in the order given (a rule may ask for up to three). */
export const payoutApproval = z.strictObject({
  by: payoutActor,
  at: instant,
  /** 1-based: the first, second or third approval. */
  step: z.number().int(),
});

/**
 * A payout as the API shows it (`GET /api/payouts/:id`, list items, every payout action's reply).
 * Names follow the orchestrator's body; every key is always sent, null when it has no value.
 */
export const payoutDto = z
  .strictObject({
    id: z.string(),
    order_id: z.string(),
    provider: z.string(),
    /** The PSP's name for people; null when the PSP is not configured. */
    provider_title: z.string().nullable(),
    country: z.string(),
    currency: z.string(),
    state: z.string().nullable(),
    /** Decimal string, exactly as stored. */
    amount: decimal,
    payout_method_type: z.enum(PAYOUT_METHOD_TYPES),
    /** Masked: card numbers as first 6 + last 4, account numbers as their last 4. */
    metadata: z.record(z.string(), metadataValue),
    /** Who is paid, as the BFF read it from the metadata. */
    recipient: z.strictObject({ name: z.string().nullable(), email: z.string().nullable() }),
    status: z.enum(PAYOUT_STATUSES),
    /** The orchestrator's status exactly as it last reported it. */
    orchestrator_status: z.string().nullable(),
    orchestrator_id: z.string().nullable(),
    psp_transaction_id: z.string().nullable(),
    decline_code: z.string().nullable(),
    decline_reason: z.string().nullable(),
    /** Why the orchestrator refused it (status `failed`). */
    failure_reason: z.string().nullable(),
    is_test: z.boolean(),
    /** Made by the demo's first-start history (DEMO_SEED), not by a person. */
    is_demo: z.boolean(),
    /** When it reached a final status; null while it is not final. */
    final_at: instant.nullable(),
    /** Paid to a saved beneficiary (its approved details at the time); null otherwise. */
    beneficiary_id: z.string().nullable(),
    /** A row of a batch payout file: the batch and the 1-based data row; null otherwise. */
    batch: z.strictObject({ id: z.string(), row: z.number().int() }).nullable(),
    created_by: payoutActor,
    created_at: instant,
    updated_at: instant,
    /** Four eyes: its approval rule asks for a second person. */
    requires_approval: z.boolean(),
    /** The decimal threshold that applied, in the payout's currency. */
    approval_threshold: decimal.nullable(),
    /** The rule that applied at creation; null for payouts from before approval policies. */
    approval_rule: payoutApprovalRule.nullable(),
    /** Approvals given so far, in order; the last one sent it. */
    approvals: z.array(payoutApproval),
    approved_by: payoutActor.nullable(),
    approved_at: instant.nullable(),
    /** Who rejected it (or its creator, who cancelled it: `cancelled`), when and why. */
    rejected_by: payoutActor.nullable(),
    rejected_at: instant.nullable(),
    rejection_reason: z.string().nullable(),
    /** The creator withdrew it before approval (status `rejected`). */
    cancelled: z.boolean(),
    /**
     * Unknown or not final for longer than the configured age, or `attention_reason`: a human
     * should look.
     */
    needs_attention: z.boolean(),
    /** Why the reconciler handed it to a person (null: it has not). */
    attention_reason: z.enum(PAYOUT_ATTENTION_REASONS).nullable(),
    /**
     * "Not sent: mark failed" for an unknown payout: proposed by one person with a reason,
     * confirmed by a second (`confirmed_by`, then the payout is `failed`); null when never
     * proposed.
     */
    mark_failed: z
      .strictObject({
        reason: z.string(),
        requested_by: payoutActor,
        requested_at: instant,
        confirmed_by: payoutActor.nullable(),
      })
      .nullable(),
    /** The failed payout this one sends again (a new order id); null otherwise. */
    resent_from: z.string().nullable(),
  })
  .meta({ id: 'Payout' });

/** One page, newest first unless sorted otherwise. */
export const payoutPage = z
  .strictObject({ items: z.array(payoutDto), next_cursor: z.string().nullable() })
  .meta({ id: 'PayoutPage' });

/**
 * A payout and its timeline: created, approved, submitted, notification, status_check, … (`actor`:
 * a user's e-mail, `orchestrator` or `system`).
 */
export const payoutDetail = z
  .strictObject({ payout: payoutDto, events: z.array(timelineEvent) })
  .meta({ id: 'PayoutDetail' });

/** The counts behind the menu's badge. */
export const payoutSummary = z
  .strictObject({
    /** Payouts awaiting approval that someone else created (0 for support). */
    awaiting_my_approval: z.number().int(),
    /**
     * Batches awaiting approval that someone else uploaded, under a rule that names the caller's
     * role, not yet approved by the caller (0 for support). The menu counts both.
     */
    batches_awaiting_my_approval: z.number().int(),
    needs_attention: z.number().int(),
  })
  .meta({ id: 'PayoutSummary' });

/**
 * What the list's filters and search select, however many: how many payouts, and per currency
 * how many and their exact sum (never converted, never rounded).
 */
export const payoutTotals = z
  .strictObject({
    count: z.number().int(),
    /** The most payouts first. */
    by_currency: z.array(
      z.strictObject({ currency: z.string(), count: z.number().int(), amount: decimal }),
    ),
  })
  .meta({ id: 'PayoutTotals' });

/** The values the list's PSP and decline-code filters offer, with their payouts in the ledger. */
export const payoutFilterOptions = z
  .strictObject({
    /** Every configured PSP and every PSP in the ledger, by name. */
    providers: z.array(
      z.strictObject({ id: z.string(), title: z.string().nullable(), count: z.number().int() }),
    ),
    /** The decline codes in the ledger, the most frequent first (at most 200). */
    decline_codes: z.array(
      z.strictObject({
        code: z.string(),
        reason: z.string().nullable(),
        count: z.number().int(),
      }),
    ),
  })
  .meta({ id: 'PayoutFilterOptions' });

/** One result per payout, in the order asked. */
export const payoutResolutionResults = z
  .strictObject({
    results: z.array(
      z.strictObject({
        payout_id: z.string(),
        outcome: z.enum(['done', 'refused']),
        /** With `done`: the payout's status now. */
        status: z.enum(PAYOUT_STATUSES).optional(),
        /** With `refused`: why, as the single-payout route would answer. */
        problem: bulkItemProblem.optional(),
      }),
    ),
  })
  .meta({ id: 'PayoutResolutionResults' });

export const payoutEndpoints = {
  createPayout: endpoint(routes.createPayout, {
    summary:
      'Create a payout (a corridor’s form, or a saved beneficiary): 201, or 202 when its outcome is unknown',
    tag: 'Payouts',
    query: z.strictObject({
      pay_again: z
        .enum(['0', '1'])
        .describe(
          '1: made even though a payout of the same amount and currency went to the same account (or beneficiary) recently; without it such a payout is refused with 409 possible_duplicate naming the earlier ones',
        )
        .optional(),
    }),
    body: createPayoutBody,
    handlerChecksBody: true,
    reply: json(payoutDto, 201, [202]),
  }),
  listPayouts: endpoint(routes.listPayouts, {
    summary: 'List payouts',
    tag: 'Payouts',
    query: payoutListQuery,
    reply: json(payoutPage),
  }),
  payoutTotals: endpoint(routes.payoutTotals, {
    summary:
      'Count and per-currency sums of the payouts the list’s filters and search select (422 query_too_broad when a search or amount range matches too many to sum in time)',
    tag: 'Payouts',
    query: payoutTotalsQuery,
    reply: json(payoutTotals),
  }),
  payoutFilterOptions: endpoint(routes.payoutFilterOptions, {
    summary: 'The PSPs and decline codes the list can be filtered by, with their payout counts',
    tag: 'Payouts',
    query: noQuery,
    reply: json(payoutFilterOptions),
  }),
  previewPayoutApproval: endpoint(routes.previewPayoutApproval, {
    summary:
      'The approval rule a payout would get if it were made now (how many approvers, which roles): the wizard’s review step',
    tag: 'Payouts',
    body: payoutApprovalPreviewBody,
    reply: json(payoutApprovalRule),
  }),
  payoutSummary: endpoint(routes.payoutSummary, {
    summary: 'Counts for the navigation badges',
    tag: 'Payouts',
    query: noQuery,
    reply: json(payoutSummary),
  }),
  exportPayouts: endpoint(routes.exportPayouts, {
    summary: 'Export payouts as CSV (what the list’s filters select, however many)',
    tag: 'Payouts',
    query: payoutExportQuery,
    reply: csvFile,
  }),
  getPayout: endpoint(routes.getPayout, {
    summary: 'A payout and its history',
    tag: 'Payouts',
    reply: json(payoutDetail),
  }),
  checkPayoutStatus: endpoint(routes.checkPayoutStatus, {
    summary: 'Ask the orchestrator for a payout’s status now',
    tag: 'Payouts',
    reply: json(payoutDto),
  }),
  approvePayout: endpoint(routes.approvePayout, {
    summary: 'Approve a payout (step-up)',
    tag: 'Payouts',
    body: emptyBody,
    reply: json(payoutDto),
  }),
  rejectPayout: endpoint(routes.rejectPayout, {
    summary: 'Reject a payout',
    tag: 'Payouts',
    body: rejectPayoutBody,
    reply: json(payoutDto),
  }),
  cancelPayout: endpoint(routes.cancelPayout, {
    summary: 'Cancel a payout waiting for approval (its creator)',
    tag: 'Payouts',
    body: cancelPayoutBody,
    reply: json(payoutDto),
  }),
  resolvePayout: endpoint(routes.resolvePayout, {
    summary:
      'Settle an unknown payout by hand: found at the PSP, or mark it failed under four eyes',
    tag: 'Payouts',
    body: payoutResolutionBody,
    reply: json(payoutDto),
  }),
  resolvePayouts: endpoint(routes.resolvePayouts, {
    summary: 'Propose or confirm “not sent: mark failed” for several unknown payouts',
    tag: 'Payouts',
    body: bulkResolutionBody,
    reply: json(payoutResolutionResults),
  }),
  sendPayoutAgain: endpoint(routes.sendPayoutAgain, {
    summary: 'Send a payout marked failed again, as a new payout with a new order id',
    tag: 'Payouts',
    body: sendAgainBody,
    reply: json(payoutDto, 201, [202]),
  }),
};
