import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { LinkPurpose } from '@payouts/contracts';
import type { Database } from '../../db/database.js';
import { sessions, userInvitations, users } from '../../db/schema.js';
import { insertAuditRows, type NewAuditRow } from '../audit/index.js';
import type { UserRow } from './usersRepository.js';

export type InvitationRow = typeof userInvitations.$inferSelect;

export type AcceptResult =
  | { kind: 'accepted'; user: UserRow }
  | { kind: 'unknown' | 'used' | 'revoked' | 'expired' | 'disabled' };

export interface InvitationsRepository {
  /** Stores a new invitation and revokes the account's earlier ones, in one transaction. */
  issue(row: InvitationRow, audit: readonly NewAuditRow[]): Promise<void>;
  /** Revokes one invitation (its e-mail could not be sent). */
  revoke(id: string, at: Date): Promise<void>;
  findByTokenHash(
    tokenHash: string,
  ): Promise<{ invitation: InvitationRow; user: UserRow } | undefined>;
  /**
   * Sets the password with the invitation, once: locks it, checks it still works at `at`, sets
   * the hash, marks it accepted, ends any session of the account and records `audit`.
   */
  accept(
    tokenHash: string,
    passwordHash: string,
    at: Date,
    audit: (user: UserRow) => readonly NewAuditRow[],
  ): Promise<AcceptResult>;
  /** Each account's link of `purpose` that still counts (none revoked), else its newest. */
  latestFor(userIds: readonly string[], purpose: LinkPurpose): Promise<Map<string, InvitationRow>>;
}

export function createInvitationsRepository(db: Database): InvitationsRepository {
  return {
    async issue(row, audit) {
      await db.transaction(async (tx) => {
        await tx
          .update(userInvitations)
          .set({ revokedAt: row.createdAt })
          .where(
            and(
              eq(userInvitations.userId, row.userId),
              isNull(userInvitations.acceptedAt),
              isNull(userInvitations.revokedAt),
            ),
          );
        await tx.insert(userInvitations).values(row);
        await insertAuditRows(tx, audit);
      });
    },
    async revoke(id, at) {
      await db
        .update(userInvitations)
        .set({ revokedAt: at })
        .where(and(eq(userInvitations.id, id), isNull(userInvitations.revokedAt)));
    },
    async findByTokenHash(tokenHash) {
      const [row] = await db
        .select({ invitation: userInvitations, user: users })
        .from(userInvitations)
        .innerJoin(users, eq(users.id, userInvitations.userId))
        .where(eq(userInvitations.tokenHash, tokenHash));
      return row;
    },
    async accept(tokenHash, passwordHash, at, audit) {
      return db.transaction(async (tx): Promise<AcceptResult> => {
        const [invitation] = await tx
          .select()
          .from(userInvitations)
          .where(eq(userInvitations.tokenHash, tokenHash))
          .for('update');
        if (!invitation) return { kind: 'unknown' };
        const [user] = await tx
          .select()
          .from(users)
          .where(eq(users.id, invitation.userId))
          .for('update');
        const refusal = whyNot(invitation, user, at);
        if (refusal) return { kind: refusal };
        await tx
          .update(userInvitations)
          .set({ acceptedAt: at })
          .where(eq(userInvitations.id, invitation.id));
        const [updated] = await tx
          .update(users)
          .set({ passwordHash, updatedAt: at })
          .where(eq(users.id, invitation.userId))
          .returning();
        await tx.delete(sessions).where(eq(sessions.userId, invitation.userId));
        await insertAuditRows(tx, audit(updated!));
        return { kind: 'accepted', user: updated! };
      });
    },
    async latestFor(userIds, purpose) {
      const latest = new Map<string, InvitationRow>();
      if (userIds.length === 0) return latest;
      const rows = await db
        .selectDistinctOn([userInvitations.userId])
        .from(userInvitations)
        .where(
          and(inArray(userInvitations.userId, [...userIds]), eq(userInvitations.purpose, purpose)),
        )
        // Issuing one revokes the others, so at most one is not revoked; several made in the
        // same instant (a failed mail, then another try) cannot be ordered by time.
        .orderBy(
          userInvitations.userId,
          sql`${userInvitations.revokedAt} is null desc`,
          desc(userInvitations.createdAt),
        );
      for (const row of rows) latest.set(row.userId, row);
      return latest;
    },
  };
}

/** Why an invitation no longer sets a password at `at` (undefined: it does). */
export function whyNot(
  invitation: InvitationRow,
  user: Pick<UserRow, 'disabledAt'> | undefined,
  at: Date,
): Exclude<AcceptResult['kind'], 'accepted'> | undefined {
  if (invitation.acceptedAt) return 'used';
  if (invitation.revokedAt) return 'revoked';
  if (invitation.expiresAt.getTime() <= at.getTime()) return 'expired';
  if (!user || user.disabledAt) return 'disabled';
  return undefined;
}
