import { sql, type SQL } from 'drizzle-orm';
import type {
  ApprovalPolicy,
  ApproverRole,
  PayoutViewState,
  PolicyChange,
} from '@payouts/contracts';
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
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

// Every timestamp is written from the injected clock (never `now()` in SQL) so that tests can
// move time and keyset cursors compare exactly what the code wrote.
const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** The approval rule frozen on a payout: which rule, how many approvers, which roles. */
export interface FrozenApprovalRule {
  id: string;
  name: string;
  count: number;
  roles: ApproverRole[];
}

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stored lower-cased: sign-in compares case-insensitively. */
    email: text('email').notNull(),
    name: text('name').notNull(),
    role: text('role', { enum: ['finance', 'support', 'admin'] }).notNull(),
    /** `scrypt$N$r$p$salt$hash`: parameters travel with the hash so they can be raised later. */
    passwordHash: text('password_hash').notNull(),
    disabledAt: at('disabled_at'),
    /** How notifications are e-mailed: one mail each, or one digest per hour. */
    notificationDigest: text('notification_digest', { enum: ['immediate', 'hourly'] })
      .notNull()
      .default('immediate'),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
    /** The OpenID provider's issuer and subject of an account that signs in with it. */
    oidcIssuer: text('oidc_issuer'),
    oidcSubject: text('oidc_subject'),
    /** An admin reset this user's factors: they must enrol one before anything else. */
    mfaEnrolmentRequired: boolean('mfa_enrolment_required').notNull().default(false),
    /** The saved view of the payouts list this user opens by default. */
    defaultPayoutViewId: uuid('default_payout_view_id').references(
      (): AnyPgColumn => payoutViews.id,
      { onDelete: 'set null' },
    ),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_oidc_key')
      .on(t.oidcIssuer, t.oidcSubject)
      .where(sql`${t.oidcSubject} is not null`),
    check('users_role_check', sql`${t.role} in ('finance', 'support', 'admin')`),
    check(
      'users_notification_digest_check',
      sql`${t.notificationDigest} in ('immediate', 'hourly')`,
    ),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    /** HMAC of the session id: a leaked table cannot be replayed as cookies. */
    idHash: text('id_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: at('created_at').notNull(),
    lastSeenAt: at('last_seen_at').notNull(),
    /** Absolute expiry; the idle expiry is derived from `last_seen_at`. */
    expiresAt: at('expires_at').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    /** How the session signed in. */
    authMethod: text('auth_method', { enum: ['password', 'oidc', 'break_glass'] })
      .notNull()
      .default('password'),
    /** The last second factor verified in this session: sign-in completion and step-up. */
    secondFactorAt: at('second_factor_at'),
    secondFactorMethod: text('second_factor_method', {
      enum: ['totp', 'passkey', 'recovery_code', 'provider'],
    }),
    /**
     * When a factor was last enrolled in this session: for STEP_UP_MINUTES from then no step-up
     * of this session counts (decision 042), so a stolen session cannot mint its own.
     */
    factorEnrolledAt: at('factor_enrolled_at'),
    /** The WebAuthn challenge this session was last given, single use, and until when. */
    webauthnChallenge: text('webauthn_challenge'),
    webauthnChallengeExpiresAt: at('webauthn_challenge_expires_at'),
    /** OIDC sessions: the provider's refresh token (sealed) and when the user was last rechecked. */
    oidcRefreshToken: text('oidc_refresh_token'),
    oidcCheckedAt: at('oidc_checked_at'),
  },
  (t) => [
    index('sessions_user_id_idx').on(t.userId),
    check(
      'sessions_auth_method_check',
      sql`${t.authMethod} in ('password', 'oidc', 'break_glass')`,
    ),
    index('sessions_expires_at_idx').on(t.expiresAt),
  ],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: at('at').notNull(),
    /** No foreign key: the log outlives the users it names. */
    actorId: uuid('actor_id'),
    actorEmail: text('actor_email'),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    ip: text('ip'),
    requestId: text('request_id'),
  },
  (t) => [
    index('audit_log_at_id_idx').on(t.at.desc(), t.id.desc()),
    index('audit_log_actor_idx').on(t.actorEmail, t.at.desc()),
    index('audit_log_action_idx').on(t.action, t.at.desc()),
    // What was done to one user or payout, and by whom (the approval cooldown asks it).
    index('audit_log_target_idx').on(t.targetType, t.targetId, t.at.desc()),
  ],
);

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
    status: text('status').notNull(),
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
 * The payee book (docs/decisions/014). Payment details are sealed (AES-256-GCM, the
 * beneficiary id as associated data); only the masked view and a keyed fingerprint are clear.
 */
export const beneficiaries = pgTable(
  'beneficiaries',
  {
    id: uuid('id').primaryKey(),
    displayName: text('display_name').notNull(),
    /** The merchant's own id for the payee: unique, editable. */
    reference: text('reference').notNull(),
    email: text('email'),
    country: text('country').notNull(),
    currency: text('currency').notNull(),
    state: text('state'),
    payoutMethodType: text('payout_method_type').notNull(),
    provider: text('provider').notNull(),
    /** The approved payment details (the PSP section), sealed; never a full card number. */
    detailsSealed: text('details_sealed').notNull(),
    /** The same, masked, for lists, search and diffs. */
    detailsMasked: jsonb('details_masked').$type<Record<string, string | number>>().notNull(),
    /**
     * Keyed digest (HMAC) of the normalized account identity (IBAN/account + bank code, card
     * token or wallet address): duplicate detection without a clear or brute-forceable value.
     */
    fingerprint: text('fingerprint'),
    /** A card beneficiary without a PSP token: the card is typed again for each payout. */
    cardFieldsRequired: boolean('card_fields_required').notNull().default(false),
    /** Lower-cased name, reference, e-mail and masked fragments: what `q` searches. */
    searchText: text('search_text').notNull(),
    status: text('status', { enum: ['active', 'pending_change', 'archived'] }).notNull(),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: at('created_at').notNull(),
    updatedBy: uuid('updated_by')
      .notNull()
      .references(() => users.id),
    updatedAt: at('updated_at').notNull(),
    payoutsCount: integer('payouts_count').notNull().default(0),
    lastPaidAt: at('last_paid_at'),
  },
  (t) => [
    uniqueIndex('beneficiaries_reference_key').on(t.reference),
    // Pages by display name (case-insensitive), then id.
    index('beneficiaries_name_id_idx').on(sql`lower(${t.displayName})`, t.id),
    index('beneficiaries_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    index('beneficiaries_fingerprint_idx')
      .on(t.fingerprint)
      .where(sql`${t.status} <> 'archived'`),
    index('beneficiaries_corridor_idx').on(t.country, t.currency),
    index('beneficiaries_provider_idx').on(t.provider),
    index('beneficiaries_status_idx').on(t.status),
  ],
);

/** A proposed change of a beneficiary's payment details, decided by a second person. */
export const beneficiaryChanges = pgTable(
  'beneficiary_changes',
  {
    id: uuid('id').primaryKey(),
    beneficiaryId: uuid('beneficiary_id')
      .notNull()
      .references(() => beneficiaries.id),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] }).notNull(),
    /**
     * The proposed name and reference, the keys people and batch files pay by; null: unchanged.
     * A reference proposed here is held for this change while it waits (unique below).
     */
    displayName: text('display_name'),
    reference: text('reference'),
    /** False for a change of name or reference alone: the payment details stay. */
    detailsChanged: boolean('details_changed').notNull().default(true),
    /** The proposed details, sealed (the change id as associated data); erased once decided. */
    detailsSealed: text('details_sealed'),
    detailsMasked: jsonb('details_masked').$type<Record<string, string | number>>().notNull(),
    /** Masked before and after of each changed field. */
    diff: jsonb('diff')
      .$type<{ field: string; from: string | number | null; to: string | number | null }[]>()
      .notNull(),
    fingerprint: text('fingerprint'),
    cardFieldsRequired: boolean('card_fields_required').notNull().default(false),
    proposedBy: uuid('proposed_by')
      .notNull()
      .references(() => users.id),
    proposedAt: at('proposed_at').notNull(),
    decidedBy: uuid('decided_by').references(() => users.id),
    decidedAt: at('decided_at'),
    reason: text('reason'),
  },
  (t) => [
    // At most one change awaits a decision per beneficiary.
    uniqueIndex('beneficiary_changes_one_pending')
      .on(t.beneficiaryId)
      .where(sql`${t.status} = 'pending'`),
    // Two waiting changes never ask for the same reference.
    uniqueIndex('beneficiary_changes_pending_reference_key')
      .on(t.reference)
      .where(sql`${t.status} = 'pending' and ${t.reference} is not null`),
    index('beneficiary_changes_beneficiary_idx').on(t.beneficiaryId, t.proposedAt.desc()),
  ],
);

/** A beneficiary's own timeline: every create, change, decision, archive and payout. */
export const beneficiaryEvents = pgTable(
  'beneficiary_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    beneficiaryId: uuid('beneficiary_id')
      .notNull()
      .references(() => beneficiaries.id),
    type: text('type').notNull(),
    /** A user email or `system`. */
    actor: text('actor').notNull(),
    at: at('at').notNull(),
    /** Masked values only. */
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [index('beneficiary_events_beneficiary_idx').on(t.beneficiaryId, t.at, t.id)],
);

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    /** Keys are scoped per user: two staff members cannot collide. */
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    state: text('state', { enum: ['in_flight', 'completed'] }).notNull(),
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body'),
    payoutId: uuid('payout_id').references(() => payouts.id),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

/**
 * Hits per key per window, shared by every BFF process (express-rate-limit's store, see
 * features/session/databaseRateLimitStore.ts): today the failed sign-ins per address and per
 * account. Keys are SHA-256 digests: no email or address is kept here.
 */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    /** When this window ends; the next hit after it starts a new one. */
    resetAt: at('reset_at').notNull(),
    /** The latest hit: growing sign-in delays count from it. */
    lastHitAt: at('last_hit_at'),
  },
  (t) => [index('rate_limit_hits_reset_at_idx').on(t.resetAt)],
);

/**
 * The e-mail outbox of staff notifications (docs/decisions/017): one row is one e-mail (one
 * notification, or an hourly digest of several), sent by a leased worker outside the request
 * and retried with backoff. It holds no address and no text: both are read when it is sent.
 */
export const staffNotificationMails = pgTable(
  'staff_notification_mails',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['single', 'digest'] }).notNull(),
    state: text('state', { enum: ['pending', 'sent', 'failed', 'dropped'] }).notNull(),
    /** Sent at or after this: now for a single mail, the end of the hour for a digest. */
    dueAt: at('due_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    leaseOwner: text('lease_owner'),
    leaseUntil: at('lease_until'),
    /** The SMTP answer of the last failure (code and text, never the server URL). */
    lastError: text('last_error'),
    createdAt: at('created_at').notNull(),
    sentAt: at('sent_at'),
  },
  (t) => [
    index('staff_notification_mails_due_idx')
      .on(t.dueAt)
      .where(sql`${t.state} = 'pending'`),
    // One open digest per user and hour: notifications of that hour join it.
    uniqueIndex('staff_notification_mails_digest_key')
      .on(t.userId, t.dueAt)
      .where(sql`${t.kind} = 'digest'`),
    check('staff_notification_mails_kind_check', sql`${t.kind} in ('single', 'digest')`),
    check(
      'staff_notification_mails_state_check',
      sql`${t.state} in ('pending', 'sent', 'failed', 'dropped')`,
    ),
  ],
);

/** The bell: what waits for one staff member. */
export const staffNotifications = pgTable(
  'staff_notifications',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', {
      enum: [
        'payout_awaiting_approval',
        'policy_change_proposed',
        'batch_awaiting_approval',
        'metadata_changed',
        'user_change_proposed',
        'factor_enrolled',
        'policy_change_scheduled',
      ],
    }).notNull(),
    /** The payout or the policy proposal that waits; the user, for `factor_enrolled`. */
    targetId: text('target_id').notNull(),
    title: text('title').notNull(),
    /** Masked: never a full card or account number. */
    body: text('body').notNull(),
    linkPath: text('link_path').notNull(),
    createdAt: at('created_at').notNull(),
    readAt: at('read_at'),
    /** The e-mail that carries it; null when e-mail is off. */
    mailId: uuid('mail_id').references(() => staffNotificationMails.id, { onDelete: 'set null' }),
    /** When that e-mail was accepted by the SMTP server. */
    emailedAt: at('emailed_at'),
  },
  (t) => [
    index('staff_notifications_user_created_idx').on(t.userId, t.createdAt),
    index('staff_notifications_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
    index('staff_notifications_mail_idx').on(t.mailId),
    check(
      'staff_notifications_kind_check',
      sql`${t.kind} in ('payout_awaiting_approval', 'policy_change_proposed', 'batch_awaiting_approval', 'metadata_changed', 'user_change_proposed', 'factor_enrolled', 'policy_change_scheduled')`,
    ),
  ],
);

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
    status: text('status', { enum: ['pending', 'scheduled', 'approved', 'rejected'] }).notNull(),
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

/**
 * A privileged change of a staff account, waiting for a second admin (decision 042): a finance
 * or admin account made, a role raised, an account re-enabled, another user's password or
 * factors reset. Applied when approved; the pending password hash is dropped once decided.
 */
export const userChanges = pgTable(
  'user_changes',
  {
    id: uuid('id').primaryKey(),
    kind: text('kind', {
      enum: ['create', 'role', 'enable', 'password_reset', 'factor_reset'],
    }).notNull(),
    status: text('status', {
      enum: ['pending', 'approved', 'rejected', 'withdrawn', 'failed'],
    }).notNull(),
    /** The account changed; for `create`, set when it is made. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The account's email (for `create`, the one it will have). */
    email: text('email').notNull(),
    /** `create`: the new account's name. */
    name: text('name'),
    /** `create` and `role`: the role it gets; `role`: the one it had in `fromRole`. */
    role: text('role', { enum: ['finance', 'support', 'admin'] }),
    fromRole: text('from_role', { enum: ['finance', 'support', 'admin'] }),
    /** `create` and `password_reset`: the new password's hash until decided, then null. */
    passwordHash: text('password_hash'),
    proposedBy: uuid('proposed_by')
      .notNull()
      .references(() => users.id),
    proposedAt: at('proposed_at').notNull(),
    decidedBy: uuid('decided_by').references(() => users.id),
    decidedAt: at('decided_at'),
    /** Why it was rejected, or why applying it failed. */
    reason: text('reason'),
  },
  (t) => [
    // One pending change of each kind per account, and one per email for a new account.
    uniqueIndex('user_changes_one_pending_per_user')
      .on(t.userId, t.kind)
      .where(sql`${t.status} = 'pending' and ${t.userId} is not null`),
    uniqueIndex('user_changes_one_pending_per_email')
      .on(t.email)
      .where(sql`${t.status} = 'pending' and ${t.kind} = 'create'`),
    index('user_changes_proposed_idx').on(t.proposedAt.desc(), t.id.desc()),
    check(
      'user_changes_kind_check',
      sql`${t.kind} in ('create', 'role', 'enable', 'password_reset', 'factor_reset')`,
    ),
    check(
      'user_changes_status_check',
      sql`${t.status} in ('pending', 'approved', 'rejected', 'withdrawn', 'failed')`,
    ),
  ],
);

/** What a batch summary keeps (the API's `BatchSummaryDto`, without PSP titles). */
export interface StoredBatchSummary {
  included: number;
  excluded: number;
  totals: { currency: string; amount: string }[];
  perProvider: { provider: string; rows: number; amount: string }[];
  rowsNeedingApproval: number;
  rowsWaitingIndividually: number;
}

/** What changed under a draft batch (the API's `BatchDto.form_changed`). */
export interface BatchFormChange {
  /** The corridor's metadata version the rows were checked against. */
  version: number;
  at: string;
  /** Rows that passed before and no longer do. */
  rows: number;
  /** The PSP no longer offers this corridor and payout method type at all. */
  withdrawn: boolean;
}

/** A cell change by someone other than the uploader (an admin), masked (`BatchDto.changed_by_others`). */
export interface BatchOthersChange {
  by: string;
  at: string;
  row: number;
  cells: { column: string; from: string; to: string }[];
}

/**
 * A batch payout file (docs/decisions/019): one corridor, payout method type and PSP.
 * Its rows are `batch_rows`; each row sent becomes an ordinary payout (`payouts.batch_id`).
 */
export const batches = pgTable(
  'batches',
  {
    id: uuid('id').primaryKey(),
    status: text('status').notNull(),
    fileName: text('file_name').notNull(),
    /** SHA-256 of the uploaded bytes: the same file is not taken twice while a batch of it lives. */
    fileSha256: text('file_sha256').notNull(),
    country: text('country').notNull(),
    currency: text('currency').notNull(),
    payoutMethodType: text('payout_method_type').notNull(),
    provider: text('provider').notNull(),
    /** The file model's column names, in template order. */
    columns: jsonb('columns').$type<string[]>().notNull(),
    rowCount: integer('row_count').notNull(),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
    submittedAt: at('submitted_at'),
    completedAt: at('completed_at'),
    summary: jsonb('summary').$type<StoredBatchSummary>(),
    /** The batch-level rule (matched by the batch's total, as a batch); count 0: none needed. */
    approvalRule: jsonb('approval_rule').$type<FrozenApprovalRule>(),
    rejectedBy: uuid('rejected_by').references(() => users.id),
    rejectedAt: at('rejected_at'),
    rejectionReason: text('rejection_reason'),
    cancelledBy: uuid('cancelled_by').references(() => users.id),
    cancelledAt: at('cancelled_at'),
    cancelReason: text('cancel_reason'),
    retryOf: uuid('retry_of').references((): AnyPgColumn => batches.id),
    /**
     * Set when the PSP's form changed at the orchestrator while the batch was a draft or
     * validated (decision 041) and rows no longer pass; cleared when it is validated again.
     */
    formChanged: jsonb('form_changed').$type<BatchFormChange>(),
    /** Cells someone other than the uploader changed, for the uploader to see (decision 042). */
    othersChanges: jsonb('others_changes').$type<BatchOthersChange[]>().notNull().default([]),
    /** A validation of this batch runs until then (a lease): one at a time, in any process. */
    validatingUntil: at('validating_until'),
  },
  (t) => [
    index('batches_created_at_id_idx').on(t.createdAt.desc(), t.id.desc()),
    index('batches_status_idx').on(t.status),
    uniqueIndex('batches_live_file_key')
      .on(t.fileSha256)
      .where(sql`${t.status} <> 'cancelled'`),
  ],
);

/**
 * One data row of a batch file. Its cells are sealed (they hold card numbers until sent) and
 * kept masked for the grid; `state` says where it is (the API's `BatchRowState`).
 */
export const batchRows = pgTable(
  'batch_rows',
  {
    batchId: uuid('batch_id')
      .notNull()
      .references(() => batches.id),
    row: integer('row').notNull(),
    state: text('state').notNull(),
    /** The cells by column name, sealed (AES-256-GCM, bound to batch id + row). */
    cellsSealed: text('cells_sealed'),
    /** The same, masked (card numbers 6 + 4, no security code): what the API shows. */
    cellsMasked: jsonb('cells_masked').$type<Record<string, string>>().notNull(),
    errors: jsonb('errors')
      .$type<{ column: string | null; message: string }[]>()
      .notNull()
      .default([]),
    /** Given in the file, or generated at validation (derived from the batch id and row). */
    orderId: text('order_id'),
    amount: text('amount'),
    beneficiaryReference: text('beneficiary_reference'),
    /** The sender holding the row (`sending`) and since when: a dead one's claim goes stale. */
    claimedBy: text('claimed_by'),
    claimedAt: at('claimed_at'),
    attempts: integer('attempts').notNull().default(0),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.batchId, t.row] }),
    index('batch_rows_batch_state_idx').on(t.batchId, t.state),
    index('batch_rows_order_id_idx')
      .on(t.orderId)
      .where(sql`${t.orderId} is not null`),
  ],
);

/** One approval of a batch as a whole, one row per approver. */
export const batchApprovals = pgTable(
  'batch_approvals',
  {
    batchId: uuid('batch_id')
      .notNull()
      .references(() => batches.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** The approver's role when approving: which rows' rules it counts for. */
    role: text('role').notNull(),
    step: integer('step').notNull(),
    at: at('at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.batchId, t.userId] }),
    uniqueIndex('batch_approvals_batch_step_key').on(t.batchId, t.step),
  ],
);

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

/**
 * A staff member's second factors (docs/decisions/020): TOTP authenticators and
 * passkeys. A TOTP factor counts once a first code confirmed it; its secret is sealed.
 */
export const staffFactors = pgTable(
  'staff_factors',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['totp', 'passkey'] }).notNull(),
    label: text('label').notNull(),
    /** TOTP: the sealed base32 secret, and the last time step used (a code works once). */
    totpSecret: text('totp_secret'),
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    /** Passkey: the credential id and COSE public key (base64url), its counter and transports. */
    credentialId: text('credential_id'),
    publicKey: text('public_key'),
    signCount: bigint('sign_count', { mode: 'number' }),
    transports: jsonb('transports').$type<string[]>(),
    confirmedAt: at('confirmed_at'),
    createdAt: at('created_at').notNull(),
    lastUsedAt: at('last_used_at'),
  },
  (t) => [
    index('staff_factors_user_idx').on(t.userId),
    uniqueIndex('staff_factors_credential_key')
      .on(t.credentialId)
      .where(sql`${t.credentialId} is not null`),
    check('staff_factors_kind_check', sql`${t.kind} in ('totp', 'passkey')`),
  ],
);

/** Single-use recovery codes: stored as HMACs, shown once. */
export const staffRecoveryCodes = pgTable(
  'staff_recovery_codes',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdAt: at('created_at').notNull(),
    usedAt: at('used_at'),
  },
  (t) => [index('staff_recovery_codes_user_idx').on(t.userId)],
);

/**
 * Wrong codes per user, method and scope (a digest of the session and the address guessing), and
 * the lock they earned (5 wrong: 5 or 15 minutes). A lock holds back that session from that
 * address only; the account as a whole slows down with growing delays instead (decision 042).
 */
export const staffFactorFailures = pgTable(
  'staff_factor_failures',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    method: text('method', { enum: ['totp', 'recovery_code'] }).notNull(),
    scope: text('scope').notNull().default(''),
    failures: integer('failures').notNull(),
    lockedUntil: at('locked_until'),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.method, t.scope] }),
    check('staff_factor_failures_method_check', sql`${t.method} in ('totp', 'recovery_code')`),
  ],
);

/**
 * OpenID Connect sign-ins under way: the state's HMAC, the nonce and the sealed PKCE verifier,
 * used once (a replayed callback finds nothing) and dead after 10 minutes.
 */
export const oidcSignIns = pgTable(
  'oidc_sign_ins',
  {
    stateHash: text('state_hash').primaryKey(),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    returnTo: text('return_to').notNull(),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
  },
  (t) => [index('oidc_sign_ins_expires_at_idx').on(t.expiresAt)],
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

/**
 * The overview's rollup of the ledger: one row per hour of creation (UTC) and
 * corridor, PSP, payout method type, test flag, current status and decline code and reason
 * ('' when none). Kept by a trigger on `payouts` in the same transaction as every write, so it
 * is never behind; `final_hist` counts time-to-final per OVERVIEW_FINAL_HIST_BOUNDS bucket.
 */
export const payoutStatsHourly = pgTable(
  'payout_stats_hourly',
  {
    hour: at('hour').notNull(),
    country: text('country').notNull(),
    currency: text('currency').notNull(),
    provider: text('provider').notNull(),
    payoutMethodType: text('payout_method_type').notNull(),
    isTest: boolean('is_test').notNull(),
    status: text('status').notNull(),
    declineCode: text('decline_code').notNull().default(''),
    declineReason: text('decline_reason').notNull().default(''),
    count: bigint('count', { mode: 'number' }).notNull().default(0),
    amount: numeric('amount').notNull().default('0'),
    finalHist: bigint('final_hist', { mode: 'number' }).array().notNull(),
  },
  (t) => [
    primaryKey({
      name: 'payout_stats_hourly_pkey',
      columns: [
        t.hour,
        t.country,
        t.currency,
        t.provider,
        t.payoutMethodType,
        t.isTest,
        t.status,
        t.declineCode,
        t.declineReason,
      ],
    }),
  ],
);

/**
 * The same rollup by UTC day, kept by the same triggers (migration 0014): a year's
 * overview reads full days here and only the partial days at its ends from the hourly table.
 */
export const payoutStatsDaily = pgTable(
  'payout_stats_daily',
  {
    day: at('day').notNull(),
    country: text('country').notNull(),
    currency: text('currency').notNull(),
    provider: text('provider').notNull(),
    payoutMethodType: text('payout_method_type').notNull(),
    isTest: boolean('is_test').notNull(),
    status: text('status').notNull(),
    declineCode: text('decline_code').notNull().default(''),
    declineReason: text('decline_reason').notNull().default(''),
    count: bigint('count', { mode: 'number' }).notNull().default(0),
    amount: numeric('amount').notNull().default('0'),
    finalHist: bigint('final_hist', { mode: 'number' }).array().notNull(),
  },
  (t) => [
    primaryKey({
      name: 'payout_stats_daily_pkey',
      columns: [
        t.day,
        t.country,
        t.currency,
        t.provider,
        t.payoutMethodType,
        t.isTest,
        t.status,
        t.declineCode,
        t.declineReason,
      ],
    }),
    // "Needs attention" counts every open payout here; migration 0021 adds INCLUDE
    // (count), which drizzle cannot express, so the sum is an index-only scan.
    index('payout_stats_daily_open_idx')
      .on(t.status)
      .where(sql`${t.status} in ('submitting', 'unknown', 'pending', 'in_process', 'authorized')`),
  ],
);

/**
 * The overview's series rollup (decision 038): the hourly rollup without status,
 * decline code and reason, with the few per-status figures the day series and the providers
 * table read (a year read ~130,000 daily rows keyed by status and decline at ten million
 * payouts, ~14,500 here). Kept by the same triggers as payout_stats_hourly (migration 0024);
 * `psp_hist` is the time-to-final histogram of the payouts a PSP decided (approved, declined,
 * failed), the providers' median.
 */
function seriesRollup(name: string, grain: 'hour' | 'day') {
  return pgTable(
    name,
    {
      bucket: at(grain).notNull(),
      country: text('country').notNull(),
      currency: text('currency').notNull(),
      provider: text('provider').notNull(),
      payoutMethodType: text('payout_method_type').notNull(),
      isTest: boolean('is_test').notNull(),
      count: bigint('count', { mode: 'number' }).notNull().default(0),
      amount: numeric('amount').notNull().default('0'),
      approved: bigint('approved', { mode: 'number' }).notNull().default(0),
      declined: bigint('declined', { mode: 'number' }).notNull().default(0),
      failed: bigint('failed', { mode: 'number' }).notNull().default(0),
      unknown: bigint('unknown', { mode: 'number' }).notNull().default(0),
      pspHist: bigint('psp_hist', { mode: 'number' }).array().notNull(),
    },
    (t) => [
      primaryKey({
        name: `${name}_pkey`,
        columns: [t.bucket, t.country, t.currency, t.provider, t.payoutMethodType, t.isTest],
      }),
    ],
  );
}

export const payoutStatsSeriesHourly = seriesRollup('payout_stats_series_hourly', 'hour');
export const payoutStatsSeriesDaily = seriesRollup('payout_stats_series_daily', 'day');

/**
 * "Awaiting my approval" without reading the awaiting payouts (decision 038): per user
 * and approver roles (a payout's frozen rule's, the legacy rule's for older payouts), how many
 * awaiting payouts that user created (`created`), and how many awaiting payouts created by
 * someone else that user has already approved (`approved`). Kept by triggers on payouts and
 * payout_approvals (migration 0024). A user's count: the others' `created` whose roles include
 * theirs, less their own `approved` there.
 */
export const payoutAwaitingCounts = pgTable(
  'payout_awaiting_counts',
  {
    userId: uuid('user_id').notNull(),
    roles: jsonb('roles').$type<string[]>().notNull(),
    created: bigint('created', { mode: 'number' }).notNull().default(0),
    approved: bigint('approved', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ name: 'payout_awaiting_counts_pkey', columns: [t.userId, t.roles] })],
);

/**
 * Each corridor's payout metadata, as a new version whenever what the orchestrator lists
 * changes (decision 041): PSPs per payout type with their fields, the entries left out, and
 * what changed against the version before. The Providers page shows the latest changes.
 */
export const corridorMetadataVersions = pgTable(
  'corridor_metadata_versions',
  {
    country: text('country').notNull(),
    currency: text('currency').notNull(),
    version: integer('version').notNull(),
    /** sha256 of the canonical JSON of `providers` and `unsupported`. */
    digest: text('digest').notNull(),
    providers: jsonb('providers').$type<unknown[]>().notNull(),
    unsupported: jsonb('unsupported').$type<unknown[]>().notNull(),
    /** What changed against the version before (empty for a corridor's first version). */
    changes: jsonb('changes').$type<unknown[]>().notNull(),
    fetchedAt: at('fetched_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.country, t.currency, t.version] })],
);
