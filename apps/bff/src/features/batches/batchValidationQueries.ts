import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { and, asc, eq, gte, inArray, isNull, lt, ne, notInArray, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { batchRows, batches, beneficiaries, payouts } from '../../db/schema.js';

/** What validating a batch asks of the database: its claim, its rows, the order ids and beneficiaries its rows name. */
export interface BatchValidationQueries {
  /**
   * Takes the batch's validation lease until `until` when no other validation holds it (or its
   * holder died and the lease ran out); false when one runs.
   */
  claimValidation(id: string, now: Date, until: Date): Promise<boolean>;
  releaseValidation(id: string): Promise<void>;
  /**
   * What validation reads of every row (no cells), 1,000 rows per query with the event loop
   * running between them.
   */
  validationRows(id: string): Promise<
    {
      row: number;
      state: string;
      orderId: string | null;
      amount: string | null;
      beneficiaryReference: string | null;
    }[]
  >;
  /** Order ids among `orderIds` that a payout (not failed) or another live batch's row holds. */
  takenOrderIds(orderIds: readonly string[], exceptBatchId: string): Promise<Set<string>>;
  /** Active beneficiaries by reference (for validation). */
  beneficiariesByReference(references: readonly string[]): Promise<
    Map<
      string,
      {
        id: string;
        reference: string;
        country: string;
        currency: string;
        payoutMethodType: string;
        provider: string;
        status: string;
        /** The keyed fingerprint of the account it pays (possible duplicates). */
        fingerprint: string | null;
      }
    >
  >;
  /** Sets the possible-duplicate flags of these rows (100 a statement). */
  setWarnings(
    batchId: string,
    updates: readonly { row: number; warnings: { column: string | null; message: string }[] }[],
  ): Promise<void>;
  /** What the possible-duplicate flags read of every row of a batch. */
  duplicateCandidates(batchId: string): Promise<
    {
      row: number;
      state: string;
      accountFingerprint: string | null;
      amount: string | null;
      warnings: { column: string | null; message: string }[];
    }[]
  >;
}

/** Rows `from` to `until - 1` of a batch. */
function rowsOf(batchId: string, from: number, until: number) {
  return and(eq(batchRows.batchId, batchId), gte(batchRows.row, from), lt(batchRows.row, until));
}

/**
 * Every row of a batch as `read` gives a range of them: 1,000 a query, the event loop running
 * between queries (PGlite runs each on the event loop's thread).
 */
async function inParts<T>(read: (from: number, until: number) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  for (let from = 1; ; from += 1000) {
    if (from > 1) await yieldToLoop();
    const part = await read(from, from + 1000);
    if (part.length === 0) return out;
    out.push(...part);
  }
}

export function createBatchValidationQueries(db: Database): BatchValidationQueries {
  return {
    async claimValidation(id, now, until) {
      const claimed = await db
        .update(batches)
        .set({ validatingUntil: until })
        .where(
          and(
            eq(batches.id, id),
            or(isNull(batches.validatingUntil), lt(batches.validatingUntil, now)),
          ),
        )
        .returning({ id: batches.id });
      return claimed.length > 0;
    },

    async releaseValidation(id) {
      await db.update(batches).set({ validatingUntil: null }).where(eq(batches.id, id));
    },

    validationRows: (id) =>
      inParts((from, until) =>
        db
          .select({
            row: batchRows.row,
            state: batchRows.state,
            orderId: batchRows.orderId,
            amount: batchRows.amount,
            beneficiaryReference: batchRows.beneficiaryReference,
          })
          .from(batchRows)
          .where(rowsOf(id, from, until))
          .orderBy(asc(batchRows.row)),
      ),

    async takenOrderIds(orderIds, exceptBatchId) {
      const taken = new Set<string>();
      for (let i = 0; i < orderIds.length; i += 1000) {
        // The event loop runs between parts (PGlite runs each query on its thread).
        if (i > 0) await yieldToLoop();
        const chunk = [...orderIds.slice(i, i + 1000)];
        const [fromPayouts, fromRows] = await Promise.all([
          db
            .select({ orderId: payouts.orderId })
            .from(payouts)
            .where(and(inArray(payouts.orderId, chunk), ne(payouts.status, 'failed'))),
          db
            .select({ orderId: batchRows.orderId })
            .from(batchRows)
            .innerJoin(batches, eq(batches.id, batchRows.batchId))
            .where(
              and(
                inArray(batchRows.orderId, chunk),
                ne(batchRows.batchId, exceptBatchId),
                notInArray(batches.status, ['draft', 'cancelled']),
                notInArray(batchRows.state, ['invalid', 'excluded', 'cancelled']),
              ),
            ),
        ]);
        for (const r of fromPayouts) taken.add(r.orderId);
        for (const r of fromRows) if (r.orderId) taken.add(r.orderId);
      }
      return taken;
    },

    async beneficiariesByReference(references) {
      if (references.length === 0) return new Map();
      const rows = await db
        .select({
          id: beneficiaries.id,
          reference: beneficiaries.reference,
          country: beneficiaries.country,
          currency: beneficiaries.currency,
          payoutMethodType: beneficiaries.payoutMethodType,
          provider: beneficiaries.provider,
          status: beneficiaries.status,
          fingerprint: beneficiaries.fingerprint,
        })
        .from(beneficiaries)
        .where(inArray(beneficiaries.reference, [...new Set(references)]));
      return new Map(rows.map((r) => [r.reference, r]));
    },

    duplicateCandidates: (batchId) =>
      inParts((from, until) =>
        db
          .select({
            row: batchRows.row,
            state: batchRows.state,
            accountFingerprint: batchRows.accountFingerprint,
            amount: batchRows.amount,
            warnings: batchRows.warnings,
          })
          .from(batchRows)
          .where(rowsOf(batchId, from, until))
          .orderBy(asc(batchRows.row)),
      ),

    async setWarnings(batchId, updates) {
      // 100 rows a statement, the event loop running between them (PGlite runs a statement on
      // its thread: 500 rows of flags held it some 80 ms).
      for (let i = 0; i < updates.length; i += 100) {
        if (i > 0) await yieldToLoop();
        const values = sql.join(
          updates
            .slice(i, i + 100)
            .map((u) => sql`(${u.row}::int, ${JSON.stringify(u.warnings)}::jsonb)`),
          sql`, `,
        );
        await db.execute(
          sql`update ${batchRows} set warnings = v.w from (values ${values}) as v(r, w) where ${batchRows.batchId} = ${batchId}::uuid and ${batchRows.row} = v.r`,
        );
      }
    },
  };
}
