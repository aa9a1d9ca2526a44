import type { PayoutDto } from '@payouts/contracts';
import type { Logger } from 'pino';
import type { Clock } from '../../shared/clock.js';
import {
  batchAwaitingApprovalText,
  factorEnrolledText,
  metadataChangedText,
  payoutOutcomeText,
  batchOutcomeText,
  type BatchOutcome,
  type PayoutOutcome,
  type PayoutOutcomeFacts,
  userChangeProposedText,
  payoutAwaitingApprovalText,
  policyChangeProposedText,
  policyChangeScheduledText,
} from './notificationTexts.js';
import type {
  NewStaffNotification,
  NotificationRecipient,
  StaffNotificationRow,
  StaffNotificationsRepository,
} from './staffNotificationsRepository.js';

const HOUR_MS = 3_600_000;

/** Tells the people who may approve something that it waits: the bell, and e-mail. */
export interface StaffNotifier {
  /** Every active user of the payout's frozen rule roles, except its creator. */
  payoutAwaitingApproval(payout: PayoutDto): Promise<StaffNotificationRow[]>;
  /** Every active admin, except the proposer. */
  policyChangeProposed(input: {
    proposalId: string;
    proposedBy: string;
  }): Promise<StaffNotificationRow[]>;
  /** Every active admin but the approver, e-mailed at once: a weakening change is scheduled. */
  policyChangeScheduled(input: {
    proposalId: string;
    approvedBy: string;
    effectiveAt: Date;
    weakening: string;
  }): Promise<StaffNotificationRow[]>;
  /** Every active user of the batch rule's roles, except its uploader. */
  batchAwaitingApproval(input: {
    batchId: string;
    fileName: string;
    rows: number;
    total: string;
    currency: string;
    createdBy: string;
    roles: readonly string[];
    ruleName: string | null;
    required: number;
  }): Promise<StaffNotificationRow[]>;
  /** Every active admin: a corridor's form changed at the orchestrator (decision 041). */
  metadataChanged(
    input: Parameters<typeof metadataChangedText>[0],
  ): Promise<StaffNotificationRow[]>;
  /** Every active admin but the proposer: a privileged account change waits (decision 042). */
  userChangeProposed(input: {
    changeId: string;
    summary: string;
    proposedBy: string;
  }): Promise<StaffNotificationRow[]>;
  /**
   * To the user alone: a second factor or a set of recovery codes was added to their account.
   * E-mailed at once whatever their digest: a stolen session adding its own factor is news now.
   */
  factorEnrolled(input: Parameters<typeof factorEnrolledText>[0]): Promise<StaffNotificationRow[]>;
  /**
   * To its creator alone, by their digest: their payout was approved or rejected by others,
   * declined, failed, or needs a person. Not when the creator did it themselves (`actors`, the
   * e-mails of who made the change, name them): they saw it happen.
   */
  payoutOutcome(input: {
    payout: PayoutOutcomeFacts & { createdBy: string };
    outcome: PayoutOutcome;
    actors: readonly string[];
    /** Who decided it (approved, rejected). */
    by?: string | undefined;
  }): Promise<StaffNotificationRow[]>;
  /** To its uploader alone, by their digest: approved or rejected by others, or finished. */
  batchOutcome(input: {
    batch: { id: string; fileName: string; createdBy: string };
    outcome: BatchOutcome;
    /** Who decided it (approved, rejected). */
    by?: string | undefined;
    reason?: string | null | undefined;
    rows?: { paid: number; notPaid: number } | undefined;
  }): Promise<StaffNotificationRow[]>;
  /** The payout or proposal no longer waits: its notifications stop asking (bell and e-mail). */
  settled(targetId: string): Promise<void>;
}

/** The end of the clock hour `at` is in: when the digest of notifications made in it is due. */
export function digestDueAt(at: Date): Date {
  return new Date(Math.floor(at.getTime() / HOUR_MS) * HOUR_MS + HOUR_MS);
}

export function createStaffNotifier({
  repo,
  clock,
  logger,
  emailEnabled,
}: {
  repo: StaffNotificationsRepository;
  clock: Clock;
  logger: Logger;
  /** False when SMTP_URL is unset: the bell only, no e-mail is queued. */
  emailEnabled: boolean;
}): StaffNotifier {
  const log = logger.child({ component: 'staff-notifier' });

  /** `immediate`: e-mailed at once whatever each recipient's digest (security news). */
  /** Stores `notification` for `recipients` (and queues their e-mail), and logs it. */
  async function tell(
    recipients: NotificationRecipient[],
    notification: NewStaffNotification,
    immediate: boolean,
  ): Promise<StaffNotificationRow[]> {
    const at = clock.now();
    const rows = await repo.add({
      recipients,
      notification,
      at,
      mail: emailEnabled ? { digestDueAt: digestDueAt(at), immediate } : undefined,
    });
    log.info(
      { kind: notification.kind, targetId: notification.targetId, recipients: rows.length },
      'staff notified',
    );
    return rows;
  }

  /** Every active user of `roles` but `except`; `immediate`: e-mailed at once whatever their digest. */
  async function notify(
    roles: readonly string[],
    except: string | undefined,
    notification: NewStaffNotification,
    { immediate = false }: { immediate?: boolean } = {},
  ): Promise<StaffNotificationRow[]> {
    return tell(await repo.recipients({ roles, except }), notification, immediate);
  }

  return {
    async payoutAwaitingApproval(payout) {
      const roles = payout.approval_rule?.roles ?? [];
      return notify(roles, payout.created_by.id, payoutAwaitingApprovalText(payout));
    },
    async batchAwaitingApproval({ createdBy, roles, ...input }) {
      const createdByName = (await repo.userName(createdBy)) ?? 'a colleague';
      return notify(roles, createdBy, batchAwaitingApprovalText({ ...input, createdByName }));
    },
    async userChangeProposed({ changeId, summary, proposedBy }) {
      const proposedByName = (await repo.userName(proposedBy)) ?? 'a colleague';
      return notify(
        ['admin'],
        proposedBy,
        userChangeProposedText({ changeId, summary, proposedByName }),
      );
    },
    async factorEnrolled(input) {
      const recipient = await repo.recipient(input.userId);
      return recipient ? tell([recipient], factorEnrolledText(input), true) : [];
    },
    async metadataChanged(input) {
      return notify(['admin'], undefined, metadataChangedText(input));
    },
    async payoutOutcome({ payout, outcome, actors, by }) {
      const creator = await repo.recipient(payout.createdBy);
      if (!creator || actors.includes(creator.email)) return [];
      const byName = by === undefined ? undefined : ((await repo.userName(by)) ?? 'a colleague');
      return tell([creator], payoutOutcomeText({ payout, outcome, byName }), false);
    },
    async batchOutcome({ batch, outcome, by, reason, rows }) {
      if (by === batch.createdBy) return [];
      const uploader = await repo.recipient(batch.createdBy);
      if (!uploader) return [];
      const byName = by === undefined ? undefined : ((await repo.userName(by)) ?? 'a colleague');
      return tell([uploader], batchOutcomeText({ batch, outcome, byName, reason, rows }), false);
    },
    async settled(targetId) {
      const count = await repo.settle(targetId, clock.now());
      if (count > 0) log.info({ targetId, settled: count }, 'staff notifications settled');
    },
    async policyChangeScheduled({ approvedBy, ...input }) {
      const approvedByName = (await repo.userName(approvedBy)) ?? 'a colleague';
      return notify(
        ['admin'],
        approvedBy,
        policyChangeScheduledText({ ...input, approvedByName }),
        { immediate: true },
      );
    },
    async policyChangeProposed({ proposalId, proposedBy }) {
      const proposedByName = (await repo.userName(proposedBy)) ?? 'a colleague';
      return notify(
        ['admin'],
        proposedBy,
        policyChangeProposedText({ proposalId, proposedByName }),
      );
    },
  };
}
