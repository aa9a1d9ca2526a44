import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { Clock } from '../../shared/clock.js';
import { describeMailError, type MailTransport } from './mailTransport.js';
import { mailText } from './notificationTexts.js';
import type { StaffNotificationsRepository } from './staffNotificationsRepository.js';

export interface NotificationMailerSettings {
  intervalMs: number;
  batchSize: number;
  /** A claimed e-mail stays leased this long: longer than any SMTP exchange. */
  leaseMs: number;
  /** After this many failed attempts an e-mail is given up (`failed`, logged). */
  maxAttempts: number;
  /** The first retry waits this long; each next one twice as long, up to `maxBackoffMs`. */
  backoffMs: number;
  maxBackoffMs: number;
}

export const DEFAULT_MAILER_SETTINGS: NotificationMailerSettings = {
  intervalMs: 5_000,
  batchSize: 20,
  leaseMs: 120_000,
  maxAttempts: 8,
  backoffMs: 30_000,
  maxBackoffMs: 3_600_000,
};

export type MailResult = 'sent' | 'retry' | 'failed' | 'dropped';

export interface MailRound {
  claimed: number;
  results: Partial<Record<MailResult, number>>;
}

/** Sends the outbox of staff notification e-mails, outside any request (docs/decisions/017). */
export interface NotificationMailer {
  readonly owner: string;
  /** Claims the due e-mails once and sends them. */
  runOnce(): Promise<MailRound>;
  start(): void;
  stop(): Promise<void>;
}

export function createNotificationMailer({
  repo,
  transport,
  clock,
  logger,
  publicUrl,
  settings = DEFAULT_MAILER_SETTINGS,
  owner = randomUUID(),
}: {
  repo: StaffNotificationsRepository;
  transport: MailTransport;
  clock: Clock;
  logger: Logger;
  publicUrl: URL;
  settings?: NotificationMailerSettings;
  owner?: string;
}): NotificationMailer {
  const log = logger.child({ component: 'notification-mailer' });

  async function sendOne(mail: Awaited<ReturnType<typeof repo.claimDueMails>>[number]) {
    const content = await repo.mailContent(mail);
    if (!content.recipient || content.notifications.length === 0) {
      await repo.markMailDropped(mail.id, owner);
      return 'dropped' as const;
    }
    try {
      const text = mailText({
        recipientName: content.recipient.name,
        notifications: content.notifications,
        publicUrl,
        digest: mail.kind === 'digest',
      });
      await transport.send({ to: content.recipient.email, ...text });
      await repo.markMailSent(mail.id, owner, clock.now());
      return 'sent' as const;
    } catch (error) {
      const reason = describeMailError(error);
      if (mail.attempts >= settings.maxAttempts) {
        log.error(
          { mailId: mail.id, attempts: mail.attempts, reason },
          'notification e-mail given up',
        );
        await repo.markMailFailed(mail.id, owner, reason, undefined);
        return 'failed' as const;
      }
      const delay = Math.min(settings.backoffMs * 2 ** (mail.attempts - 1), settings.maxBackoffMs);
      const retryAt = new Date(clock.now().getTime() + delay);
      log.warn(
        { mailId: mail.id, attempts: mail.attempts, reason, retryAt },
        'notification e-mail failed; retried later',
      );
      await repo.markMailFailed(mail.id, owner, reason, retryAt);
      return 'retry' as const;
    }
  }

  async function runOnce(): Promise<MailRound> {
    const now = clock.now();
    const mails = await repo.claimDueMails({
      owner,
      now,
      leaseUntil: new Date(now.getTime() + settings.leaseMs),
      limit: settings.batchSize,
    });
    const round: MailRound = { claimed: mails.length, results: {} };
    // One at a time: one SMTP connection, and the database stays free for requests.
    for (const mail of mails) {
      const result = await sendOne(mail).catch((error: unknown) => {
        // A database failure: the lease expires and another round takes it again.
        log.error({ err: error, mailId: mail.id }, 'notification e-mail not recorded');
        return 'retry' as const;
      });
      round.results[result] = (round.results[result] ?? 0) + 1;
    }
    return round;
  }

  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = true;
  const tick = () => {
    running = runOnce()
      .catch((error: unknown) => log.error({ err: error }, 'notification mail round failed'))
      .finally(() => {
        running = undefined;
        if (!stopped) timer = setTimeout(tick, settings.intervalMs);
      });
  };

  return {
    owner,
    runOnce,
    start() {
      if (!stopped) return;
      stopped = false;
      timer = setTimeout(tick, settings.intervalMs);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
      transport.close();
    },
  };
}
