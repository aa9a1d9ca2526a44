import { randomUUID } from 'node:crypto';
import {
  ASKING_NOTIFICATION_KINDS,
  type NotificationDigest,
  type StaffNotificationKind,
} from '@payouts/contracts';
import { and, asc, count, desc, eq, inArray, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { staffNotificationMails, staffNotifications, users } from '../../db/schema.js';

export type StaffNotificationRow = typeof staffNotifications.$inferSelect;
export type NotificationMailRow = typeof staffNotificationMails.$inferSelect;

export interface NotificationRecipient {
  id: string;
  email: string;
  name: string;
  digest: NotificationDigest;
}

export interface NewStaffNotification {
  kind: StaffNotificationKind;
  targetId: string;
  title: string;
  body: string;
  linkPath: string;
}

export interface MailContent {
  mail: NotificationMailRow;
  /** Undefined: the user was deleted or disabled since; the mail is dropped. */
  recipient: { email: string; name: string } | undefined;
  notifications: StaffNotificationRow[];
}

export interface StaffNotificationsRepository {
  /** Active (not disabled) users with one of these roles, but not `except`. */
  recipients(filter: {
    roles: readonly string[];
    except: string | undefined;
  }): Promise<NotificationRecipient[]>;
  /** The user as a recipient, when active (not disabled). */
  recipient(id: string): Promise<NotificationRecipient | undefined>;
  userName(id: string): Promise<string | undefined>;
  /**
   * One notification per recipient, in one transaction. With `mail`, each joins an e-mail of the
   * outbox: a single one due now (the recipient's choice, or `immediate` whatever they chose),
   * or the recipient's hourly digest due at `digestDueAt`.
   */
  add(input: {
    recipients: readonly NotificationRecipient[];
    notification: NewStaffNotification;
    at: Date;
    mail: { digestDueAt: Date; immediate?: boolean } | undefined;
  }): Promise<StaffNotificationRow[]>;
  list(userId: string, limit: number): Promise<StaffNotificationRow[]>;
  unreadCount(userId: string): Promise<number>;
  /** Marks one's own unread notifications read (`ids` undefined: all of them). */
  markRead(userId: string, ids: readonly string[] | undefined, at: Date): Promise<void>;
  /**
   * What `targetId` asked of everyone was done (the payout or proposal was decided): its unread
   * notifications are read for every recipient, so the bell stops asking and no e-mail that has
   * not left yet mentions it.
   */
  settle(targetId: string, at: Date): Promise<number>;
  digestOf(userId: string): Promise<NotificationDigest | undefined>;
  setDigest(userId: string, digest: NotificationDigest): Promise<void>;
  /** Leases due e-mails (`FOR UPDATE SKIP LOCKED`) and counts the attempt. */
  claimDueMails(input: {
    owner: string;
    now: Date;
    leaseUntil: Date;
    limit: number;
  }): Promise<NotificationMailRow[]>;
  mailContent(mail: NotificationMailRow): Promise<MailContent>;
  markMailSent(id: string, owner: string, at: Date): Promise<void>;
  /** `retryAt` undefined: no more attempts (`failed`). */
  markMailFailed(
    id: string,
    owner: string,
    error: string,
    retryAt: Date | undefined,
  ): Promise<void>;
  markMailDropped(id: string, owner: string): Promise<void>;
}

/** A user as a recipient: where to write and how often. */
const RECIPIENT_COLUMNS = {
  id: users.id,
  email: users.email,
  name: users.name,
  digest: users.notificationDigest,
};

export function createStaffNotificationsRepository(db: Database): StaffNotificationsRepository {
  const byLease = (id: string, owner: string) =>
    and(eq(staffNotificationMails.id, id), eq(staffNotificationMails.leaseOwner, owner));

  return {
    async recipients({ roles, except }) {
      if (roles.length === 0) return [];
      const rows = await db
        .select(RECIPIENT_COLUMNS)
        .from(users)
        .where(
          and(
            inArray(users.role, roles as ('finance' | 'support' | 'admin')[]),
            isNull(users.disabledAt),
            except === undefined ? undefined : ne(users.id, except),
          ),
        )
        .orderBy(asc(users.email));
      return rows;
    },

    async recipient(id) {
      const [row] = await db
        .select(RECIPIENT_COLUMNS)
        .from(users)
        .where(and(eq(users.id, id), isNull(users.disabledAt)));
      return row;
    },

    async userName(id) {
      const [row] = await db.select({ name: users.name }).from(users).where(eq(users.id, id));
      return row?.name;
    },

    async add({ recipients, notification, at, mail }) {
      if (recipients.length === 0) return [];
      return db.transaction(async (tx) => {
        const rows: (typeof staffNotifications.$inferInsert)[] = [];
        for (const recipient of recipients) {
          let mailId: string | null = null;
          if (mail && (mail.immediate === true || recipient.digest === 'immediate')) {
            mailId = randomUUID();
            await tx.insert(staffNotificationMails).values({
              id: mailId,
              userId: recipient.id,
              kind: 'single',
              state: 'pending',
              dueAt: at,
              createdAt: at,
            });
          } else if (mail) {
            // The recipient's digest of this hour: made by its first notification, joined after.
            const [digest] = await tx
              .insert(staffNotificationMails)
              .values({
                id: randomUUID(),
                userId: recipient.id,
                kind: 'digest',
                state: 'pending',
                dueAt: mail.digestDueAt,
                createdAt: at,
              })
              .onConflictDoUpdate({
                target: [staffNotificationMails.userId, staffNotificationMails.dueAt],
                targetWhere: sql`${staffNotificationMails.kind} = 'digest'`,
                set: { userId: sql`excluded.user_id` },
              })
              .returning({ id: staffNotificationMails.id });
            mailId = digest!.id;
          }
          rows.push({
            id: randomUUID(),
            userId: recipient.id,
            ...notification,
            createdAt: at,
            mailId,
          });
        }
        return tx.insert(staffNotifications).values(rows).returning();
      });
    },

    async list(userId, limit) {
      return db
        .select()
        .from(staffNotifications)
        .where(eq(staffNotifications.userId, userId))
        .orderBy(desc(staffNotifications.createdAt), desc(staffNotifications.id))
        .limit(limit);
    },

    async unreadCount(userId) {
      const [row] = await db
        .select({ n: count() })
        .from(staffNotifications)
        .where(and(eq(staffNotifications.userId, userId), isNull(staffNotifications.readAt)));
      return Number(row?.n ?? 0);
    },

    async markRead(userId, ids, at) {
      if (ids !== undefined && ids.length === 0) return;
      await db
        .update(staffNotifications)
        .set({ readAt: at })
        .where(
          and(
            eq(staffNotifications.userId, userId),
            isNull(staffNotifications.readAt),
            ids === undefined ? undefined : inArray(staffNotifications.id, [...ids]),
          ),
        );
    },

    async settle(targetId, at) {
      const settled = await db
        .update(staffNotifications)
        .set({ readAt: at })
        .where(
          and(
            eq(staffNotifications.targetId, targetId),
            isNull(staffNotifications.readAt),
            // What told its creator of the outcome stays unread until they read it.
            inArray(staffNotifications.kind, [...ASKING_NOTIFICATION_KINDS]),
          ),
        )
        .returning({ id: staffNotifications.id });
      return settled.length;
    },

    async digestOf(userId) {
      const [row] = await db
        .select({ digest: users.notificationDigest })
        .from(users)
        .where(eq(users.id, userId));
      return row?.digest;
    },

    async setDigest(userId, digest) {
      await db.update(users).set({ notificationDigest: digest }).where(eq(users.id, userId));
    },

    async claimDueMails({ owner, now, leaseUntil, limit }) {
      const nowIso = now.toISOString();
      const due = db
        .select({ id: staffNotificationMails.id })
        .from(staffNotificationMails)
        .where(
          and(
            eq(staffNotificationMails.state, 'pending'),
            lte(staffNotificationMails.dueAt, now),
            or(
              isNull(staffNotificationMails.leaseUntil),
              lt(staffNotificationMails.leaseUntil, now),
            ),
          ),
        )
        .orderBy(asc(staffNotificationMails.dueAt))
        .limit(limit)
        .for('update', { skipLocked: true });
      return db
        .update(staffNotificationMails)
        .set({
          leaseOwner: owner,
          leaseUntil,
          attempts: sql`${staffNotificationMails.attempts} + 1`,
        })
        .where(
          and(
            inArray(staffNotificationMails.id, due),
            // Re-checked after the lock: a row another process just leased is not taken over.
            or(
              isNull(staffNotificationMails.leaseUntil),
              lt(staffNotificationMails.leaseUntil, sql`${nowIso}::timestamptz`),
            ),
          ),
        )
        .returning();
    },

    async mailContent(mail) {
      const [user] = await db
        .select({ email: users.email, name: users.name, disabledAt: users.disabledAt })
        .from(users)
        .where(eq(users.id, mail.userId));
      // Unread only: what was read in the app, or settled by a decision, needs no e-mail.
      const notifications = await db
        .select()
        .from(staffNotifications)
        .where(and(eq(staffNotifications.mailId, mail.id), isNull(staffNotifications.readAt)))
        .orderBy(asc(staffNotifications.createdAt), asc(staffNotifications.id));
      return {
        mail,
        recipient: user && !user.disabledAt ? { email: user.email, name: user.name } : undefined,
        notifications,
      };
    },

    async markMailSent(id, owner, at) {
      await db.transaction(async (tx) => {
        const sent = await tx
          .update(staffNotificationMails)
          .set({ state: 'sent', sentAt: at, leaseOwner: null, leaseUntil: null, lastError: null })
          .where(byLease(id, owner))
          .returning({ id: staffNotificationMails.id });
        if (sent.length === 0) return;
        await tx
          .update(staffNotifications)
          .set({ emailedAt: at })
          .where(eq(staffNotifications.mailId, id));
      });
    },

    async markMailFailed(id, owner, error, retryAt) {
      await db
        .update(staffNotificationMails)
        .set({
          state: retryAt ? 'pending' : 'failed',
          ...(retryAt ? { dueAt: retryAt } : {}),
          leaseOwner: null,
          leaseUntil: null,
          lastError: error.slice(0, 500),
        })
        .where(byLease(id, owner));
    },

    async markMailDropped(id, owner) {
      await db
        .update(staffNotificationMails)
        .set({ state: 'dropped', leaseOwner: null, leaseUntil: null })
        .where(byLease(id, owner));
    },
  };
}
