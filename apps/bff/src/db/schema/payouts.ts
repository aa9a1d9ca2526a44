/** Payouts, their approvals and timeline, and saved payout views. */
import { sql, type SQL } from 'drizzle-orm';
import { PAYOUT_STATUSES, type ApproverRole, type PayoutViewState } from '@payouts/contracts';
import {
  bigint,
  type AnyPgColumn,
  boolean,
  check,
  type ExtraConfigColumn,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { at } from './columns.js';
import { users } from './identity.js';
import { beneficiaries } from './beneficiaries.js';
import { batches } from './batches.js';

/** The approval rule frozen on a payout: which rule, how many approvers, which roles. */
export interface FrozenApprovalRule {
  id: string;
  name: string;
  count: number;
  roles: ApproverRole[];
}

/**
 * A search index of `payouts` (decision 037): `value LIKE 'term%'` as one range
 * (`text_pattern_ops`: the collation is C.UTF-8, not C), newest first within a value, as the
 * list walks. The migrations add `INCLUDE` of the column under `value` (drizzle cannot express
 * it), which PostgreSQL needs before it reads a `lower(…)` index alone.
 */
function searchIndex(
  name: string,
  value: SQL,
  t: { createdAt: ExtraConfigColumn; id: ExtraConfigColumn },
) {
  return index(name).using(
    'btree',
    sql`${value} text_pattern_ops`,
    t.createdAt.desc(),
    t.id.desc(),
  );
}

export const payouts = pgTable(
  'payouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: text('order_id').notNull(),
    provider: text('provider').notNull(),
    country: text('country').notNull(),
    currency: text('currency').notNull(),
    state: text('state'),
    amount: numeric('amount').notNull(),
    payoutMethodType: text('payout_method_type', {
      enum: ['credit_card', 'bank_account', 'crypto'],
    }).notNull(),
    /** What was sent, with the card number masked 6+4 and nothing CVV-like. */
    metadata: jsonb('metadata').$type<Record<string, string | number>>().notNull(),
    /** Copied out of metadata for search (`q`). */
    recipientName: text('recipient_name'),
    recipientEmail: text('recipient_email'),
    /**
     * The last 4 characters of the card or account number, upper case: what the masked value
     * shows, copied out for search by last digits (`q`). Null when the payout has none.
     */
    accountLast4: text('account_last4'),
    /**
     * The keyed fingerprint of the account it pays (card, bank account or wallet; the
     * beneficiaries' key): a later payout of the same amount to it is a possible duplicate.
     * Null for payouts from before it, and when the request names no account.
     */
    accountFingerprint: text('account_fingerprint'),
    status: text('status', { enum: PAYOUT_STATUSES }).notNull(),
    orchestratorStatusRaw: text('orchestrator_status_raw'),
    orchestratorId: text('orchestrator_id'),
    pspTransactionId: text('psp_transaction_id'),
    declineCode: text('decline_code'),
    declineReason: text('decline_reason'),
    /** Why we marked it failed (orchestrator refusal), never an upstream message verbatim. */
    failureReason: text('failure_reason'),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
    isTest: boolean('is_test').notNull().default(false),
    /** Paid to a saved beneficiary (its approved details at the time). */
    beneficiaryId: uuid('beneficiary_id').references((): AnyPgColumn => beneficiaries.id),
    /**
     * The request as it will be sent (full card number included), sealed with AES-256-GCM
     * (shared/sealedBox.ts). Kept only while it may still have to be sent: awaiting approval,
     * or unknown at the orchestrator; erased once the orchestrator has it or it is final.
     */
    submission: text('submission'),
    /** Four eyes: the threshold that applied (null: below it, no approval needed). */
    approvalThreshold: numeric('approval_threshold'),
    /**
     * The approval rule that matched at creation, frozen: a later policy change does not move a
     * payout already waiting. Null for payouts from before policies.
     */
    approvalRule: jsonb('approval_rule').$type<FrozenApprovalRule>(),
    approvedBy: uuid('approved_by').references(() => users.id),
    approvedAt: at('approved_at'),
    /** Who rejected it, or its creator when they cancelled it (`cancelled`). */
    rejectedBy: uuid('rejected_by').references(() => users.id),
    rejectedAt: at('rejected_at'),
    rejectionReason: text('rejection_reason'),
    cancelled: boolean('cancelled').notNull().default(false),
    /** When its outcome became unknown: the grace period and the lookups count from it. */
    unknownSince: at('unknown_since'),
    /**
     * Why the reconciler handed it to a person (PayoutAttentionReason; null: it has not):
     * cleared when evidence or a person settles it (decision 039).
     */
    attentionReason: text('attention_reason'),
    /**
     * "Not sent: mark failed", proposed by one person for an unknown payout and waiting for a
     * second (decision 040): who, when, why. Cleared when decided or when evidence settles it.
     */
    markFailedRequestedBy: uuid('mark_failed_requested_by').references(() => users.id),
    markFailedRequestedAt: at('mark_failed_requested_at'),
    markFailedReason: text('mark_failed_reason'),
    /**
     * The second person who confirmed "not sent: mark failed": a failed payout that may still
     * exist at the orchestrator, so its order id stays taken.
     */
    markedFailedBy: uuid('marked_failed_by').references(() => users.id),
    /** Sent again as a new payout (a new order id) from this failed one: one per payout. */
    resentFrom: uuid('resent_from').references((): AnyPgColumn => payouts.id),
    /** When the reconciler next looks at it; null: nothing to reconcile (final or awaiting). */
    nextCheckAt: at('next_check_at'),
    checkAttempts: integer('check_attempts').notNull().default(0),
    /**
     * Status checks that orchestrator notifications made in the window that began at
     * `notificationWindowAt`: a burst asks a few times per window, the reconciler the rest.
     */
    notificationChecks: integer('notification_checks').notNull().default(0),
    notificationWindowAt: at('notification_window_at'),
    /** Row lease: the process reconciling it now, until when (several BFFs share one DB). */
    leaseOwner: text('lease_owner'),
    leaseUntil: at('lease_until'),
    /** A row of a batch payout file: the batch and the 1-based data row. */
    batchId: uuid('batch_id').references((): AnyPgColumn => batches.id),
    batchRow: integer('batch_row'),
    /** When it reached a final status (from the clock, like every timestamp). */
    finalAt: at('final_at'),
    /** Made by the demo's first-start history (DEMO_SEED), not by a person. */
    isDemo: boolean('is_demo').notNull().default(false),
  },
  (t) => [
    // A failed payout never reached the orchestrator, so its order id may be used again.
    // A payout a person marked failed (decision 040) may exist there after all: its order id
    // stays taken.
    uniqueIndex('payouts_order_id_key')
      .on(t.orderId)
      .where(sql`${t.status} <> 'failed' or ${t.markedFailedBy} is not null`),
    uniqueIndex('payouts_resent_from_key')
      .on(t.resentFrom)
      .where(sql`${t.resentFrom} is not null`),
    uniqueIndex('payouts_orchestrator_id_key').on(t.orchestratorId),
    // Migration 0022 adds INCLUDE (order_id, recipient_email, recipient_name), which drizzle
    // cannot express: a common search term walks this index alone (decision 037).
    index('payouts_created_at_id_idx').on(t.createdAt.desc(), t.id.desc()),
    index('payouts_amount_id_idx').on(t.amount, t.id),
    index('payouts_status_created_idx').on(t.status, t.createdAt.desc()),
    index('payouts_provider_created_idx').on(t.provider, t.createdAt.desc()),
    index('payouts_currency_created_idx').on(t.currency, t.createdAt.desc()),
    index('payouts_country_created_idx').on(t.country, t.createdAt.desc()),
    index('payouts_method_created_idx').on(t.payoutMethodType, t.createdAt.desc()),
    index('payouts_beneficiary_created_idx')
      .on(t.beneficiaryId, t.createdAt.desc())
      .where(sql`${t.beneficiaryId} is not null`),
    // Search (`q`, decision 037) matches an order id, e-mail, name or surname by its beginning
    // in any case: a common term's thousands of matches never touch the table.
    searchIndex('payouts_order_id_search_idx', sql`lower(${t.orderId})`, t),
    searchIndex('payouts_recipient_email_search_idx', sql`lower(${t.recipientEmail})`, t),
    searchIndex('payouts_recipient_name_search_idx', sql`lower(${t.recipientName})`, t),
    // The end of an order id (its numbers, as a customer reads them out): `reverse(lower(…))`
    // begins with the reversed term (migration 0037).
    searchIndex('payouts_order_id_suffix_search_idx', sql`reverse(lower(${t.orderId}))`, t),
    // The PSP's own id of the payout, as a PSP's report or a customer's bank statement gives it.
    searchIndex('payouts_psp_transaction_id_search_idx', sql`lower(${t.pspTransactionId})`, t),
    // Possible duplicates: the same account's payouts of the last days (DUPLICATE_WINDOW_DAYS).
    index('payouts_account_fingerprint_created_idx')
      .on(t.accountFingerprint, t.createdAt.desc())
      .where(sql`${t.accountFingerprint} is not null`),
    // "The card ending 4242": one value in 10,000, newest first.
    index('payouts_account_last4_search_idx')
      .on(t.accountLast4, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.accountLast4} is not null`),
    // The name after its first word (the surname of "Nora Okafor", "van Dijk" of "Jan van
    // Dijk"): people look a recipient up by surname as often as by first name (migration 0023).
    searchIndex(
      'payouts_recipient_surname_search_idx',
      sql`lower(substr(${t.recipientName}, strpos(${t.recipientName}, ' ') + 1))`,
      t,
    ),
    // "Needs attention" counts open payouts older than a cut-off on every page (the menu's
    // counter): only the open ones are in it, however long the ledger grows.
    // Newest first, as the list walks it (migration 0017): built ascending, a list filtered to
    // these rows sorted all of them first (PGlite chose it: 1.7 s at a million payouts).
    index('payouts_open_created_idx')
      .on(t.createdAt.desc(), t.id.desc())
      .where(sql`${t.status} in ('submitting', 'unknown', 'pending', 'in_process', 'authorized')`),
    // Migrations 0015 and 0017 add INCLUDE (created_by, approval_rule), which drizzle cannot
    // express: "awaiting my approval" is then an index-only scan.
    index('payouts_awaiting_created_idx')
      .on(t.createdAt.desc(), t.id.desc())
      .where(sql`${t.status} = 'awaiting_approval'`),
    // The few payouts handed to a person, whatever their age (the menu's counter adds them).
    index('payouts_attention_created_idx')
      .on(t.createdAt.desc(), t.id.desc())
      .where(sql`${t.attentionReason} is not null`),
    index('payouts_next_check_idx')
      .on(t.nextCheckAt)
      .where(sql`${t.nextCheckAt} is not null`),
    check('payouts_amount_positive', sql`${t.amount} > 0`),
    // One payout per batch row, whatever retries, crashes or second processes do.
    uniqueIndex('payouts_batch_row_key')
      .on(t.batchId, t.batchRow)
      .where(sql`${t.batchId} is not null`),
  ],
);

/** One approval of a payout, one row per approver (a rule may ask for up to three). */
export const payoutApprovals = pgTable(
  'payout_approvals',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    payoutId: uuid('payout_id')
      .notNull()
      .references(() => payouts.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** 1-based order of the approval. */
    step: integer('step').notNull(),
    at: at('at').notNull(),
  },
  (t) => [
    // The same person never counts twice, and no two approvals share a step.
    uniqueIndex('payout_approvals_payout_user_key').on(t.payoutId, t.userId),
    uniqueIndex('payout_approvals_payout_step_key').on(t.payoutId, t.step),
  ],
);

export const payoutEvents = pgTable(
  'payout_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    payoutId: uuid('payout_id')
      .notNull()
      .references(() => payouts.id),
    type: text('type').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    /** A user email, `orchestrator` or `system`. */
    actor: text('actor').notNull(),
    at: at('at').notNull(),
    /** Set for notifications: a redelivered notification is recorded once. */
    dedupeKey: text('dedupe_key'),
  },
  (t) => [
    index('payout_events_payout_idx').on(t.payoutId, t.at, t.id),
    uniqueIndex('payout_events_dedupe_key').on(t.dedupeKey),
  ],
);

/**
 * A saved view of the payouts list: filters, sort, columns and density under a name.
 * Private to its owner unless an admin shared it.
 */
export const payoutViews = pgTable(
  'payout_views',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references((): AnyPgColumn => users.id),
    name: text('name').notNull(),
    state: jsonb('state').$type<PayoutViewState>().notNull(),
    shared: boolean('shared').notNull().default(false),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('payout_views_owner_name_key').on(t.ownerId, sql`lower(${t.name})`),
    index('payout_views_shared_idx')
      .on(t.shared)
      .where(sql`${t.shared}`),
  ],
);
