/** What every feature leans on: the audit log, idempotency keys, rate limits, staff notifications and the corridor metadata versions. */
import { STAFF_NOTIFICATION_KINDS } from '@payouts/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { at } from './columns.js';
import { users } from './identity.js';
import { payouts } from './payouts.js';

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
    kind: text('kind', { enum: STAFF_NOTIFICATION_KINDS }).notNull(),
    /**
     * The payout, batch or policy proposal that waits or was decided; the user, for
     * `factor_enrolled`.
     */
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
      sql`${t.kind} in ${sql.raw(`(${STAFF_NOTIFICATION_KINDS.map((k) => `'${k}'`).join(', ')})`)}`,
    ),
  ],
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
