import type { Router } from 'express';
import type { ModuleBase } from '../moduleBase.js';
import type { MailTransport } from './mailTransport.js';
import { isMemoryMailbox, type MemoryMailbox } from './memoryMailbox.js';
import { createNotificationMailer, type NotificationMailer } from './notificationMailer.js';
import { createStaffNotificationsRepository } from './staffNotificationsRepository.js';
import { createStaffNotificationsRouter } from './staffNotificationsRouter.js';
import { createStaffNotificationsService } from './staffNotificationsService.js';
import { createStaffNotifier, type StaffNotifier } from './staffNotifier.js';

export interface StaffNotificationsModule {
  router: Router;
  /** Tells people what waits for them or what happened to theirs (the bell, and e-mail). */
  notifier: StaffNotifier;
  /** The e-mail outbox worker (started by `startServer`); undefined when e-mail is off. */
  mailer: NotificationMailer | undefined;
  /** The demo's e-mail in memory, readable by anyone: demo mode without SMTP_URL only. */
  demoMailbox: MemoryMailbox | undefined;
}

/** Staff notifications: rows written in the request that causes them, e-mail from an outbox. */
export function createStaffNotificationsModule(
  deps: Pick<ModuleBase, 'config' | 'db' | 'clock' | 'logger'> & {
    /** How e-mail leaves; undefined: the bell only. */
    mailTransport: MailTransport | undefined;
  },
): StaffNotificationsModule {
  const { config, clock, logger, mailTransport } = deps;
  const demoMailbox =
    config.demo.enabled && isMemoryMailbox(mailTransport) ? mailTransport : undefined;
  const repo = createStaffNotificationsRepository(deps.db);
  const emailEnabled = mailTransport !== undefined;
  return {
    router: createStaffNotificationsRouter({
      staffNotificationsService: createStaffNotificationsService({ repo, clock, emailEnabled }),
      demoMailbox,
    }),
    demoMailbox,
    notifier: createStaffNotifier({ repo, clock, logger, emailEnabled }),
    mailer: mailTransport
      ? createNotificationMailer({
          repo,
          transport: mailTransport,
          clock,
          logger,
          publicUrl: config.publicUrl,
        })
      : undefined,
  };
}
