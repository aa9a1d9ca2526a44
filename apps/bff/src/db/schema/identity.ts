/** Staff identity: users, their sessions, second factors, single sign-on and user changes. */
import { USER_CHANGE_STATUSES } from '@payouts/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  type AnyPgColumn,
  boolean,
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
import { payoutViews } from './payouts.js';

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

/**
 * An e-mailed link with which an account's owner sets their own password: a new account's first
 * (an invitation; the admin who made it never knows it) or a forgotten one's replacement. Only
 * the token's SHA-256 is kept; the link works once, until `expires_at`, and a newer link of the
 * same account revokes it.
 */
export const userInvitations = pgTable(
  'user_invitations',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the link's token (base64url): a leaked table opens no account. */
    tokenHash: text('token_hash').notNull(),
    /** A new account's first password, or a new one for a forgotten password. */
    purpose: text('purpose', { enum: ['invitation', 'password_reset'] })
      .notNull()
      .default('invitation'),
    /** Who sent it; null when an approval made the account (the approver is in the audit log). */
    invitedBy: uuid('invited_by').references(() => users.id),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    /** When the password was set with it; when a newer one (or a disabling) revoked it. */
    acceptedAt: at('accepted_at'),
    revokedAt: at('revoked_at'),
  },
  (t) => [
    uniqueIndex('user_invitations_token_key').on(t.tokenHash),
    index('user_invitations_user_idx').on(t.userId, t.createdAt.desc()),
    check('user_invitations_purpose_check', sql`${t.purpose} in ('invitation', 'password_reset')`),
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
    status: text('status', { enum: USER_CHANGE_STATUSES }).notNull(),
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
