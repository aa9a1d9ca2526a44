import { and, count, eq, isNotNull, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import {
  sessions,
  staffFactorFailures,
  staffFactors,
  staffRecoveryCodes,
  users,
} from '../../db/schema.js';
import { insertAuditRows, type NewAuditRow } from '../audit/index.js';
import type { FailureState, GuessableMethod } from './factorLockout.js';

export type FactorRow = typeof staffFactors.$inferSelect;
export type NewFactorRow = typeof staffFactors.$inferInsert;
export type FailureRow = typeof staffFactorFailures.$inferSelect;

/** What the factor rules read of a session (by its stored key). */
export interface FactorSessionRow {
  userId: string;
  secondFactorAt: Date | null;
}

/**
 * Second factors, recovery codes, wrong-code counts, and the session columns they use (the
 * WebAuthn challenge). Writes that are audited take their audit rows into the same transaction.
 */
export interface FactorsRepository {
  listForUser(userId: string): Promise<FactorRow[]>;
  find(userId: string, id: string): Promise<FactorRow | undefined>;
  findByCredentialId(userId: string, credentialId: string): Promise<FactorRow | undefined>;
  /** A new TOTP factor, unconfirmed; the user's other unconfirmed ones go (abandoned tries). */
  insertUnconfirmedTotp(row: NewFactorRow): Promise<void>;
  /**
   * Confirms a TOTP factor at `step`, or inserts a passkey; when the user had no confirmed
   * factor, `firstRecoveryCodeHashes` replace their codes. Clears `mfa_enrolment_required`.
   * Undefined when the TOTP factor was confirmed or deleted meanwhile.
   */
  enrol(
    input:
      | { kind: 'totp'; userId: string; id: string; step: number; at: Date }
      | { kind: 'passkey'; row: NewFactorRow },
    firstRecoveryCodeHashes: readonly string[],
    audit: (isFirst: boolean) => readonly NewAuditRow[],
  ): Promise<{ isFirst: boolean } | undefined>;
  /**
   * Deletes the factor; the recovery codes and wrong-code counts go too when no confirmed
   * factor is left. Undefined when it was not there.
   */
  remove(
    userId: string,
    id: string,
    audit: (row: FactorRow) => readonly NewAuditRow[],
  ): Promise<FactorRow | undefined>;
  /** A TOTP code used: only when `step` is newer than the stored one (a code works once). */
  useTotpStep(id: string, step: number, at: Date): Promise<boolean>;
  usePasskey(id: string, signCount: number, at: Date): Promise<void>;

  unusedRecoveryCodes(userId: string): Promise<{ id: string; codeHash: string }[]>;
  /** Marks the code used, unless it was meanwhile (false then). */
  useRecoveryCode(id: string, at: Date): Promise<boolean>;
  replaceRecoveryCodes(
    userId: string,
    hashes: readonly string[],
    at: Date,
    audit: readonly NewAuditRow[],
  ): Promise<void>;

  /** The user's counts and locks for one scope (a session from an address). */
  failures(userId: string, scope: string): Promise<FailureRow[]>;
  /**
   * Runs `attempt` with the user's count for `method` in `scope` locked (a row made if missing), then
   * stores what it decided (`next`: a new state; null: clear it; undefined: leave it) with its
   * audit rows, in one transaction. Concurrent guesses queue here, so each sees the count the
   * previous one left and a burst of parallel guesses cannot pass the limit. `attempt` must not
   * use the database (the transaction holds PGlite's one connection).
   */
  withFailureLock<T>(
    userId: string,
    method: GuessableMethod,
    scope: string,
    at: Date,
    attempt: (previous: FailureState) => Promise<{
      result: T;
      next?: FailureState | null;
      audit: readonly NewAuditRow[];
    }>,
  ): Promise<T>;

  /**
   * An admin's reset: every factor, code and count of the user goes, they must enrol again,
   * and their sessions end. Undefined when there is no such user.
   */
  resetUser(
    userId: string,
    audit: (counts: { factors: number; sessions: number }) => readonly NewAuditRow[],
  ): Promise<{ factors: number; sessions: number } | undefined>;
  userEnrolmentRequired(userId: string): Promise<boolean | undefined>;

  session(idHash: string): Promise<FactorSessionRow | undefined>;
  setChallenge(idHash: string, challenge: string, expiresAt: Date): Promise<void>;
  /**
   * The session's challenge, cleared in the same statement (single use); undefined when there
   * was none or it had expired by `now`.
   */
  takeChallenge(idHash: string, now: Date): Promise<string | undefined>;
}

export function createFactorsRepository(db: Database): FactorsRepository {
  const confirmedCount = async (tx: Database, userId: string, exceptId?: string) => {
    const [row] = await tx
      .select({ n: count() })
      .from(staffFactors)
      .where(
        and(
          eq(staffFactors.userId, userId),
          isNotNull(staffFactors.confirmedAt),
          ...(exceptId ? [ne(staffFactors.id, exceptId)] : []),
        ),
      );
    return row?.n ?? 0;
  };
  // Serialises a user's factor changes (two first enrolments at once both thinking they are first).
  const lockUser = (tx: Database, userId: string) =>
    tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');

  return {
    async listForUser(userId) {
      return db
        .select()
        .from(staffFactors)
        .where(eq(staffFactors.userId, userId))
        .orderBy(staffFactors.createdAt, staffFactors.id);
    },
    async find(userId, id) {
      const [row] = await db
        .select()
        .from(staffFactors)
        .where(and(eq(staffFactors.userId, userId), eq(staffFactors.id, id)));
      return row;
    },
    async findByCredentialId(userId, credentialId) {
      const [row] = await db
        .select()
        .from(staffFactors)
        .where(
          and(
            eq(staffFactors.userId, userId),
            eq(staffFactors.credentialId, credentialId),
            isNotNull(staffFactors.confirmedAt),
          ),
        );
      return row;
    },
    async insertUnconfirmedTotp(row) {
      await db.transaction(async (tx) => {
        await tx
          .delete(staffFactors)
          .where(and(eq(staffFactors.userId, row.userId), isNull(staffFactors.confirmedAt)));
        await tx.insert(staffFactors).values(row);
      });
    },
    async enrol(input, firstRecoveryCodeHashes, audit) {
      return db.transaction(async (tx) => {
        const userId = input.kind === 'totp' ? input.userId : input.row.userId;
        const at = input.kind === 'totp' ? input.at : input.row.createdAt;
        await lockUser(tx, userId);
        const isFirst = (await confirmedCount(tx, userId)) === 0;
        if (input.kind === 'totp') {
          const done = await tx
            .update(staffFactors)
            .set({ confirmedAt: at, totpLastStep: input.step, lastUsedAt: at })
            .where(
              and(
                eq(staffFactors.id, input.id),
                eq(staffFactors.userId, userId),
                isNull(staffFactors.confirmedAt),
              ),
            )
            .returning({ id: staffFactors.id });
          if (done.length === 0) return undefined;
        } else {
          await tx.insert(staffFactors).values(input.row);
        }
        const hashes = isFirst ? firstRecoveryCodeHashes : [];
        if (hashes.length > 0) {
          await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.userId, userId));
          await tx.insert(staffRecoveryCodes).values(
            hashes.map((codeHash) => ({
              id: crypto.randomUUID(),
              userId,
              codeHash,
              createdAt: at,
            })),
          );
        }
        await tx
          .update(users)
          .set({ mfaEnrolmentRequired: false })
          .where(and(eq(users.id, userId), eq(users.mfaEnrolmentRequired, true)));
        await insertAuditRows(tx, audit(isFirst));
        return { isFirst };
      });
    },
    async remove(userId, id, audit) {
      return db.transaction(async (tx) => {
        await lockUser(tx, userId);
        const [gone] = await tx
          .delete(staffFactors)
          .where(and(eq(staffFactors.userId, userId), eq(staffFactors.id, id)))
          .returning();
        if (!gone) return undefined;
        if ((await confirmedCount(tx, userId)) === 0) {
          await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.userId, userId));
          await tx.delete(staffFactorFailures).where(eq(staffFactorFailures.userId, userId));
        }
        await insertAuditRows(tx, audit(gone));
        return gone;
      });
    },
    async useTotpStep(id, step, at) {
      const done = await db
        .update(staffFactors)
        .set({ totpLastStep: step, lastUsedAt: at })
        .where(
          and(eq(staffFactors.id, id), sql`coalesce(${staffFactors.totpLastStep}, -1) < ${step}`),
        )
        .returning({ id: staffFactors.id });
      return done.length > 0;
    },
    async usePasskey(id, signCount, at) {
      await db
        .update(staffFactors)
        .set({ signCount, lastUsedAt: at })
        .where(eq(staffFactors.id, id));
    },
    async unusedRecoveryCodes(userId) {
      return db
        .select({ id: staffRecoveryCodes.id, codeHash: staffRecoveryCodes.codeHash })
        .from(staffRecoveryCodes)
        .where(and(eq(staffRecoveryCodes.userId, userId), isNull(staffRecoveryCodes.usedAt)));
    },
    async useRecoveryCode(id, at) {
      const done = await db
        .update(staffRecoveryCodes)
        .set({ usedAt: at })
        .where(and(eq(staffRecoveryCodes.id, id), isNull(staffRecoveryCodes.usedAt)))
        .returning({ id: staffRecoveryCodes.id });
      return done.length > 0;
    },
    async replaceRecoveryCodes(userId, hashes, at, audit) {
      await db.transaction(async (tx) => {
        await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.userId, userId));
        await tx.insert(staffRecoveryCodes).values(
          hashes.map((codeHash) => ({
            id: crypto.randomUUID(),
            userId,
            codeHash,
            createdAt: at,
          })),
        );
        await insertAuditRows(tx, audit);
      });
    },
    async failures(userId, scope) {
      return db
        .select()
        .from(staffFactorFailures)
        .where(and(eq(staffFactorFailures.userId, userId), eq(staffFactorFailures.scope, scope)));
    },
    async withFailureLock(userId, method, scope, at, attempt) {
      const row = and(
        eq(staffFactorFailures.userId, userId),
        eq(staffFactorFailures.method, method),
        eq(staffFactorFailures.scope, scope),
      );
      return db.transaction(async (tx) => {
        // Sessions end and addresses change: counts a day old are forgotten.
        await tx
          .delete(staffFactorFailures)
          .where(
            and(
              eq(staffFactorFailures.userId, userId),
              lt(staffFactorFailures.updatedAt, new Date(at.getTime() - 24 * 3_600_000)),
            ),
          );
        await tx
          .insert(staffFactorFailures)
          .values({ userId, method, scope, failures: 0, lockedUntil: null, updatedAt: at })
          .onConflictDoNothing();
        const [previous] = await tx.select().from(staffFactorFailures).where(row).for('update');
        const decided = await attempt(previous ?? { failures: 0, lockedUntil: null });
        if (decided.next === null) {
          await tx.delete(staffFactorFailures).where(row);
        } else if (decided.next !== undefined) {
          await tx
            .update(staffFactorFailures)
            .set({ ...decided.next, updatedAt: at })
            .where(row);
        }
        await insertAuditRows(tx, decided.audit);
        return decided.result;
      });
    },
    async resetUser(userId, audit) {
      return db.transaction(async (tx) => {
        const [user] = await lockUser(tx, userId);
        if (!user) return undefined;
        const factors = await tx
          .delete(staffFactors)
          .where(eq(staffFactors.userId, userId))
          .returning({ id: staffFactors.id });
        await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.userId, userId));
        await tx.delete(staffFactorFailures).where(eq(staffFactorFailures.userId, userId));
        await tx.update(users).set({ mfaEnrolmentRequired: true }).where(eq(users.id, userId));
        const ended = await tx
          .delete(sessions)
          .where(eq(sessions.userId, userId))
          .returning({ idHash: sessions.idHash });
        const counts = { factors: factors.length, sessions: ended.length };
        await insertAuditRows(tx, audit(counts));
        return counts;
      });
    },
    async userEnrolmentRequired(userId) {
      const [row] = await db
        .select({ required: users.mfaEnrolmentRequired })
        .from(users)
        .where(eq(users.id, userId));
      return row?.required;
    },
    async session(idHash) {
      const [row] = await db
        .select({ userId: sessions.userId, secondFactorAt: sessions.secondFactorAt })
        .from(sessions)
        .where(eq(sessions.idHash, idHash));
      return row;
    },
    async setChallenge(idHash, challenge, expiresAt) {
      await db
        .update(sessions)
        .set({ webauthnChallenge: challenge, webauthnChallengeExpiresAt: expiresAt })
        .where(eq(sessions.idHash, idHash));
    },
    async takeChallenge(idHash, now) {
      // One statement, the row locked: of two requests racing with one challenge, one gets it.
      const result: unknown = await db.execute(sql`
        update sessions s set webauthn_challenge = null, webauthn_challenge_expires_at = null
        from (
          select id_hash, webauthn_challenge, webauthn_challenge_expires_at from sessions
          where id_hash = ${idHash} and webauthn_challenge is not null for update
        ) old
        where s.id_hash = old.id_hash
        returning old.webauthn_challenge as challenge,
          old.webauthn_challenge_expires_at > ${now.toISOString()}::timestamptz as live`);
      // Both drivers answer `{ rows }`.
      const [row] = (result as { rows: { challenge: string; live: boolean }[] }).rows;
      return row?.live === true ? row.challenge : undefined;
    },
  };
}
