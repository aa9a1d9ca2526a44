/** Beneficiaries, their proposed changes and their timeline. */
import { BENEFICIARY_CHANGE_STATUSES, BENEFICIARY_STATUSES } from '@payouts/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
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
    status: text('status', { enum: BENEFICIARY_STATUSES }).notNull(),
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
    status: text('status', { enum: BENEFICIARY_CHANGE_STATUSES }).notNull(),
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
