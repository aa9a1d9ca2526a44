import type { BeneficiaryStatus } from '@payouts/contracts';
import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  ilike,
  inArray,
  ne,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { beneficiaries, beneficiaryChanges, beneficiaryEvents, users } from '../../db/schema.js';
import { isUniqueViolation } from '../../db/uniqueViolation.js';
import { insertAuditRows, type NewAuditRow } from '../audit/index.js';
import { afterKeyset, escapeLike } from '../../db/keyset.js';

export type BeneficiaryRow = typeof beneficiaries.$inferSelect;
export type NewBeneficiaryRow = typeof beneficiaries.$inferInsert;
export type BeneficiaryChangeRow = typeof beneficiaryChanges.$inferSelect;
export type NewBeneficiaryChangeRow = typeof beneficiaryChanges.$inferInsert;
export type BeneficiaryEventRow = typeof beneficiaryEvents.$inferSelect;

export interface NewBeneficiaryEvent {
  type: string;
  /** A user email or `system`. */
  actor: string;
  at: Date;
  /** Masked values only. */
  data?: Record<string, unknown>;
}

export interface Actor {
  id: string;
  email: string;
  name: string;
}

export interface BeneficiaryListQuery {
  q?: string | undefined;
  country?: string | undefined;
  currency?: string | undefined;
  payoutMethodType?: string | undefined;
  provider?: string | undefined;
  statuses: BeneficiaryStatus[];
  /** The last row of the previous page: lower(display_name) and id. */
  after?: { name: string; id: string } | undefined;
  limit: number;
}

/**
 * What a locked, current beneficiary (and its pending change, locked too) turns into. Throwing
 * (an AppError) rolls everything back. `audit` commits with the change or not at all.
 */
export type BeneficiaryMutation = (
  current: BeneficiaryRow,
  pending: BeneficiaryChangeRow | undefined,
) => {
  patch: Partial<Omit<NewBeneficiaryRow, 'id'>>;
  insertChange?: NewBeneficiaryChangeRow;
  updateChange?: { id: string; patch: Partial<Omit<NewBeneficiaryChangeRow, 'id'>> };
  events: NewBeneficiaryEvent[];
  audit: NewAuditRow[];
};

export type MutateResult =
  | { kind: 'changed'; row: BeneficiaryRow }
  | { kind: 'not_found' }
  | { kind: 'reference_taken' }
  | { kind: 'change_pending' };

export interface BeneficiariesRepository {
  /** Inserts the beneficiary, its events and audit rows in one transaction. */
  insert(input: {
    row: NewBeneficiaryRow;
    events: NewBeneficiaryEvent[];
    audit: NewAuditRow[];
  }): Promise<{ kind: 'created'; row: BeneficiaryRow } | { kind: 'reference_taken' }>;
  /**
   * Locks the beneficiary (FOR UPDATE) and its pending change, applies `mutation` with its
   * events and audit rows in one transaction: concurrent approvals and edits take turns.
   */
  mutate(id: string, mutation: BeneficiaryMutation): Promise<MutateResult>;
  findById(id: string): Promise<BeneficiaryRow | undefined>;
  /**
   * Whether `reference` is another beneficiary's (not `except`), or asked for by a change that
   * waits: a reference is held from the moment a change asks for it until that change is decided,
   * and the old one stays its beneficiary's until then.
   */
  referenceHeld(reference: string, except: string | undefined): Promise<boolean>;
  findChange(beneficiaryId: string, changeId: string): Promise<BeneficiaryChangeRow | undefined>;
  /** Beneficiaries (not archived) paying the account with this fingerprint. */
  findByFingerprint(fingerprint: string): Promise<BeneficiaryRow[]>;
  /** A page by lower(display_name), id; `sortName` is that lower() as the database computes it. */
  list(query: BeneficiaryListQuery): Promise<(BeneficiaryRow & { sortName: string })[]>;
  /** The changes of these beneficiaries (only those awaiting a decision: `pendingOnly`), newest first. */
  changes(
    beneficiaryIds: string[],
    options?: { pendingOnly?: boolean },
  ): Promise<BeneficiaryChangeRow[]>;
  events(beneficiaryId: string): Promise<BeneficiaryEventRow[]>;
  /** When its latest approved change of payment details was approved; undefined: never. */
  lastApprovedChangeAt(beneficiaryId: string): Promise<Date | undefined>;
  actors(ids: string[]): Promise<Map<string, Actor>>;
}

function likePattern(text: string): string {
  return `%${escapeLike(text)}%`;
}

export function createBeneficiariesRepository(db: Database): BeneficiariesRepository {
  const eventValues = (beneficiaryId: string, event: NewBeneficiaryEvent) => ({
    beneficiaryId,
    type: event.type,
    actor: event.actor,
    at: event.at,
    data: event.data ?? {},
  });

  return {
    async insert({ row, events, audit }) {
      try {
        return await db.transaction(async (tx) => {
          const [inserted] = await tx.insert(beneficiaries).values(row).returning();
          if (!inserted) throw new Error('insert returned no row');
          if (events.length > 0) {
            await tx
              .insert(beneficiaryEvents)
              .values(events.map((e) => eventValues(inserted.id, e)));
          }
          await insertAuditRows(tx, audit);
          return { kind: 'created' as const, row: inserted };
        });
      } catch (error) {
        // The unique index decides, not an earlier lookup: two creates can both find it free.
        if (isUniqueViolation(error, 'beneficiaries_reference_key')) {
          return { kind: 'reference_taken' };
        }
        throw error;
      }
    },

    async mutate(id, mutation) {
      try {
        return await db.transaction(async (tx): Promise<MutateResult> => {
          const [current] = await tx
            .select()
            .from(beneficiaries)
            .where(eq(beneficiaries.id, id))
            .for('update');
          if (!current) return { kind: 'not_found' };
          const [pending] = await tx
            .select()
            .from(beneficiaryChanges)
            .where(
              and(
                eq(beneficiaryChanges.beneficiaryId, id),
                eq(beneficiaryChanges.status, 'pending'),
              ),
            )
            .for('update');
          const result = mutation(current, pending);
          const [row] =
            Object.keys(result.patch).length === 0
              ? [current]
              : await tx
                  .update(beneficiaries)
                  .set(result.patch)
                  .where(eq(beneficiaries.id, id))
                  .returning();
          if (result.updateChange) {
            await tx
              .update(beneficiaryChanges)
              .set(result.updateChange.patch)
              .where(
                and(
                  eq(beneficiaryChanges.id, result.updateChange.id),
                  eq(beneficiaryChanges.beneficiaryId, id),
                ),
              );
          }
          if (result.insertChange) {
            await tx.insert(beneficiaryChanges).values(result.insertChange);
          }
          if (result.events.length > 0) {
            await tx.insert(beneficiaryEvents).values(result.events.map((e) => eventValues(id, e)));
          }
          await insertAuditRows(tx, result.audit);
          return { kind: 'changed', row: row! };
        });
      } catch (error) {
        if (
          isUniqueViolation(error, 'beneficiaries_reference_key') ||
          isUniqueViolation(error, 'beneficiary_changes_pending_reference_key')
        ) {
          return { kind: 'reference_taken' };
        }
        if (isUniqueViolation(error, 'beneficiary_changes_one_pending')) {
          return { kind: 'change_pending' };
        }
        throw error;
      }
    },

    async referenceHeld(reference, except) {
      const [owner] = await db
        .select({ id: beneficiaries.id })
        .from(beneficiaries)
        .where(
          and(
            eq(beneficiaries.reference, reference),
            except === undefined ? undefined : ne(beneficiaries.id, except),
          ),
        )
        .limit(1);
      if (owner) return true;
      const [asked] = await db
        .select({ id: beneficiaryChanges.id })
        .from(beneficiaryChanges)
        .where(
          and(
            eq(beneficiaryChanges.reference, reference),
            eq(beneficiaryChanges.status, 'pending'),
          ),
        )
        .limit(1);
      return asked !== undefined;
    },

    async findById(id) {
      const [row] = await db.select().from(beneficiaries).where(eq(beneficiaries.id, id));
      return row;
    },

    async findChange(beneficiaryId, changeId) {
      const [row] = await db
        .select()
        .from(beneficiaryChanges)
        .where(
          and(
            eq(beneficiaryChanges.id, changeId),
            eq(beneficiaryChanges.beneficiaryId, beneficiaryId),
          ),
        );
      return row;
    },

    async findByFingerprint(fingerprint) {
      return db
        .select()
        .from(beneficiaries)
        .where(
          and(eq(beneficiaries.fingerprint, fingerprint), ne(beneficiaries.status, 'archived')),
        )
        .orderBy(asc(beneficiaries.createdAt))
        .limit(20);
    },

    async list(query) {
      const conditions: (SQL | undefined)[] = [];
      if (query.statuses.length > 0) conditions.push(inArray(beneficiaries.status, query.statuses));
      if (query.country) conditions.push(eq(beneficiaries.country, query.country));
      if (query.currency) conditions.push(eq(beneficiaries.currency, query.currency));
      if (query.provider) conditions.push(eq(beneficiaries.provider, query.provider));
      if (query.payoutMethodType) {
        conditions.push(eq(beneficiaries.payoutMethodType, query.payoutMethodType));
      }
      // search_text is lower-cased and has a trigram index: ILIKE '%q%' walks it.
      if (query.q) conditions.push(ilike(beneficiaries.searchText, likePattern(query.q)));
      const name = sql`lower(${beneficiaries.displayName})`;
      if (query.after) {
        conditions.push(
          afterKeyset(
            'asc',
            [name, beneficiaries.id],
            [sql`${query.after.name}`, sql`${query.after.id}::uuid`],
          ),
        );
      }
      return db
        .select({ ...getTableColumns(beneficiaries), sortName: sql<string>`${name}` })
        .from(beneficiaries)
        .where(and(...conditions))
        .orderBy(asc(name), asc(beneficiaries.id))
        .limit(query.limit);
    },

    async changes(beneficiaryIds, options = {}) {
      if (beneficiaryIds.length === 0) return [];
      return db
        .select()
        .from(beneficiaryChanges)
        .where(
          and(
            inArray(beneficiaryChanges.beneficiaryId, beneficiaryIds),
            options.pendingOnly ? eq(beneficiaryChanges.status, 'pending') : undefined,
          ),
        )
        .orderBy(desc(beneficiaryChanges.proposedAt), desc(beneficiaryChanges.id));
    },

    async events(beneficiaryId) {
      return db
        .select()
        .from(beneficiaryEvents)
        .where(eq(beneficiaryEvents.beneficiaryId, beneficiaryId))
        .orderBy(asc(beneficiaryEvents.at), asc(beneficiaryEvents.id));
    },

    async lastApprovedChangeAt(beneficiaryId) {
      const [row] = await db
        .select({
          at: sql<Date | null>`max(${beneficiaryChanges.decidedAt})`.mapWith(
            beneficiaryChanges.decidedAt,
          ),
        })
        .from(beneficiaryChanges)
        .where(
          and(
            eq(beneficiaryChanges.beneficiaryId, beneficiaryId),
            eq(beneficiaryChanges.status, 'approved'),
            // A new name or reference is no new account to pay.
            eq(beneficiaryChanges.detailsChanged, true),
          ),
        );
      return row?.at ?? undefined;
    },

    async actors(ids) {
      const unique = [...new Set(ids)];
      const out = new Map<string, Actor>();
      if (unique.length === 0) return out;
      const rows = await db
        .select({ id: users.id, email: users.email, name: users.name })
        .from(users)
        .where(inArray(users.id, unique));
      for (const row of rows) out.set(row.id, row);
      return out;
    },
  };
}
