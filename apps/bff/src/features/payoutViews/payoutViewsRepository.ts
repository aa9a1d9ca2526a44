import type { PayoutViewState } from '@payouts/contracts';
import { and, asc, count, eq, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { payoutViews, users } from '../../db/schema.js';
import { isUniqueViolation } from '../../db/uniqueViolation.js';
import { insertAuditRows, type NewAuditRow } from '../audit/index.js';

export type PayoutViewRow = typeof payoutViews.$inferSelect;

/** A view with the owner's name and e-mail, as every reply shows it. */
export interface PayoutViewWithOwner {
  view: PayoutViewRow;
  owner: { id: string; name: string; email: string };
}

export type CreateViewResult =
  | { kind: 'created'; row: PayoutViewWithOwner }
  | { kind: 'limit_reached' }
  | { kind: 'name_taken' }
  | { kind: 'no_owner' };

export type ChangeViewResult =
  { kind: 'changed'; row: PayoutViewWithOwner } | { kind: 'not_found' } | { kind: 'name_taken' };

/**
 * What a locked, current view turns into. May throw (an `AppError`): the transaction then ends
 * and nothing is written.
 */
export type ViewChange = (current: PayoutViewRow) => {
  patch: Partial<Pick<PayoutViewRow, 'name' | 'state' | 'shared' | 'updatedAt'>>;
  audit: NewAuditRow[];
};

export interface PayoutViewsRepository {
  /** The viewer's own views and every shared one, by name (case-insensitive), then id. */
  listVisible(viewerId: string): Promise<PayoutViewWithOwner[]>;
  /** The view if `viewerId` may see it (their own, or shared). */
  findVisible(viewerId: string, id: string): Promise<PayoutViewWithOwner | undefined>;
  /** The user's default view id (null: none; undefined: no such user). */
  defaultOf(userId: string): Promise<string | null | undefined>;
  /**
   * Inserts a view under its owner's locked user row, so two concurrent creates count each
   * other: at most `max` per owner, and a name the owner already uses (case-insensitive) is
   * refused.
   */
  create(input: {
    ownerId: string;
    name: string;
    state: PayoutViewState;
    shared: boolean;
    at: Date;
    max: number;
    audit: (row: PayoutViewRow) => NewAuditRow[];
  }): Promise<CreateViewResult>;
  /**
   * Locks the owner's view and applies `change` (not theirs or no such view: `not_found`); an
   * unshared view stops being anyone else's default.
   */
  change(ownerId: string, id: string, change: ViewChange): Promise<ChangeViewResult>;
  /**
   * Deletes the owner's view (users who had it as default lose it: the foreign key's
   * `on delete set null`). `audit` is asked for the rows of the view deleted.
   */
  remove(
    ownerId: string,
    id: string,
    audit: (row: PayoutViewRow) => NewAuditRow[],
  ): Promise<PayoutViewRow | undefined>;
  /**
   * Sets (or, with null, clears) the user's default view; a view id must be one the user may
   * see, checked in the same statement. False: no such visible view.
   */
  setDefault(userId: string, viewId: string | null): Promise<boolean>;
}

const NAME_KEY = 'payout_views_owner_name_key';

const ownerColumns = { id: users.id, name: users.name, email: users.email };

export function createPayoutViewsRepository(db: Database): PayoutViewsRepository {
  const visibleTo = (viewerId: string) =>
    or(eq(payoutViews.ownerId, viewerId), eq(payoutViews.shared, true));

  const withOwner = (tx: Database, id: string) =>
    tx
      .select({ view: payoutViews, owner: ownerColumns })
      .from(payoutViews)
      .innerJoin(users, eq(users.id, payoutViews.ownerId))
      .where(eq(payoutViews.id, id))
      .then((rows) => rows[0]);

  return {
    async listVisible(viewerId) {
      return db
        .select({ view: payoutViews, owner: ownerColumns })
        .from(payoutViews)
        .innerJoin(users, eq(users.id, payoutViews.ownerId))
        .where(visibleTo(viewerId))
        .orderBy(asc(sql`lower(${payoutViews.name})`), asc(payoutViews.name), asc(payoutViews.id));
    },

    async findVisible(viewerId, id) {
      const [row] = await db
        .select({ view: payoutViews, owner: ownerColumns })
        .from(payoutViews)
        .innerJoin(users, eq(users.id, payoutViews.ownerId))
        .where(and(eq(payoutViews.id, id), visibleTo(viewerId)));
      return row;
    },

    async defaultOf(userId) {
      const [row] = await db
        .select({ id: users.defaultPayoutViewId })
        .from(users)
        .where(eq(users.id, userId));
      return row === undefined ? undefined : row.id;
    },

    async create({ ownerId, name, state, shared, at, max, audit }) {
      try {
        return await db.transaction(async (tx): Promise<CreateViewResult> => {
          // The owner's row is the lock every create of theirs queues on: the count below then
          // sees every view committed before it, and none can slip in until this one commits.
          const [owner] = await tx
            .select({ id: users.id })
            .from(users)
            .where(eq(users.id, ownerId))
            .for('update');
          if (!owner) return { kind: 'no_owner' };
          const [counted] = await tx
            .select({ n: count() })
            .from(payoutViews)
            .where(eq(payoutViews.ownerId, ownerId));
          if (Number(counted?.n ?? 0) >= max) return { kind: 'limit_reached' };
          const [taken] = await tx
            .select({ id: payoutViews.id })
            .from(payoutViews)
            .where(
              and(
                eq(payoutViews.ownerId, ownerId),
                sql`lower(${payoutViews.name}) = lower(${name})`,
              ),
            );
          if (taken) return { kind: 'name_taken' };
          const [inserted] = await tx
            .insert(payoutViews)
            .values({ ownerId, name, state, shared, createdAt: at, updatedAt: at })
            .returning({ id: payoutViews.id });
          if (!inserted) throw new Error('insert returned no row');
          const row = await withOwner(tx, inserted.id);
          if (!row) throw new Error('the inserted view is gone');
          await insertAuditRows(tx, audit(row.view));
          return { kind: 'created', row };
        });
      } catch (error) {
        // The unique index decides in the end (the lock makes this rare, not impossible).
        if (isUniqueViolation(error, NAME_KEY)) return { kind: 'name_taken' };
        throw error;
      }
    },

    async change(ownerId, id, change) {
      try {
        return await db.transaction(async (tx): Promise<ChangeViewResult> => {
          const [current] = await tx
            .select()
            .from(payoutViews)
            .where(and(eq(payoutViews.id, id), eq(payoutViews.ownerId, ownerId)))
            .for('update');
          if (!current) return { kind: 'not_found' };
          const { patch, audit } = change(current);
          if (patch.name !== undefined && patch.name.toLowerCase() !== current.name.toLowerCase()) {
            const [taken] = await tx
              .select({ id: payoutViews.id })
              .from(payoutViews)
              .where(
                and(
                  eq(payoutViews.ownerId, ownerId),
                  sql`lower(${payoutViews.name}) = lower(${patch.name})`,
                ),
              );
            if (taken) return { kind: 'name_taken' };
          }
          if (Object.keys(patch).length > 0) {
            await tx.update(payoutViews).set(patch).where(eq(payoutViews.id, id));
          }
          if (current.shared && patch.shared === false) {
            // Unshared: the others cannot open it any more, so it is no longer their default.
            await tx
              .update(users)
              .set({ defaultPayoutViewId: null })
              .where(and(eq(users.defaultPayoutViewId, id), ne(users.id, ownerId)));
          }
          await insertAuditRows(tx, audit);
          const row = await withOwner(tx, id);
          if (!row) throw new Error('the changed view is gone');
          return { kind: 'changed', row };
        });
      } catch (error) {
        if (isUniqueViolation(error, NAME_KEY)) return { kind: 'name_taken' };
        throw error;
      }
    },

    async remove(ownerId, id, audit) {
      return db.transaction(async (tx) => {
        const [deleted] = await tx
          .delete(payoutViews)
          .where(and(eq(payoutViews.id, id), eq(payoutViews.ownerId, ownerId)))
          .returning();
        if (!deleted) return undefined;
        await insertAuditRows(tx, audit(deleted));
        return deleted;
      });
    },

    async setDefault(userId, viewId) {
      if (viewId === null) {
        const updated = await db
          .update(users)
          .set({ defaultPayoutViewId: null })
          .where(eq(users.id, userId))
          .returning({ id: users.id });
        return updated.length > 0;
      }
      // One statement: a view deleted or unshared before it cannot become the default; one
      // deleted while it runs fails the foreign key, which is the same answer.
      const updated = await db
        .update(users)
        .set({ defaultPayoutViewId: viewId })
        .where(
          and(
            eq(users.id, userId),
            sql`exists (select 1 from ${payoutViews} where ${payoutViews.id} = ${viewId} and (${payoutViews.ownerId} = ${userId} or ${payoutViews.shared}))`,
          ),
        )
        .returning({ id: users.id })
        .catch((error: unknown) => {
          if (isForeignKeyViolation(error)) return [];
          throw error;
        });
      return updated.length > 0;
    },
  };
}

/** PostgreSQL's foreign key violation, from either driver (along Drizzle's `cause` chain). */
function isForeignKeyViolation(error: unknown): boolean {
  for (
    let e: unknown = error;
    typeof e === 'object' && e !== null;
    e = (e as { cause?: unknown }).cause
  ) {
    if ((e as { code?: unknown }).code === '23503') return true;
  }
  return false;
}
