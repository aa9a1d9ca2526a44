import type { Router } from 'express';
import type { ModuleBase } from '../moduleBase.js';
import { createSmtpTransport } from './mailTransport.js';
import { createNotificationMailer, type NotificationMailer } from './notificationMailer.js';
import { createStaffNotificationsRepository } from './staffNotificationsRepository.js';
import { createStaffNotificationsRouter } from './staffNotificationsRouter.js';
import { createStaffNotificationsService } from './staffNotificationsService.js';
import { createStaffNotifier, type StaffNotifier } from './staffNotifier.js';

export interface StaffNotificationsModule {
  router: Router;
  /** Tells people what waits for them or what happened to theirs (the bell, and e-mail). */
  notifier: StaffNotifier;
  /** The e-mail outbox worker (started by `startServer`); undefined when SMTP_URL is unset. */
  mailer: NotificationMailer | undefined;
}

/** Staff notifications: rows written in the request that causes them, e-mail from an outbox. */
export function createStaffNotificationsModule(
  deps: Pick<ModuleBase, 'config' | 'db' | 'clock' | 'logger'> & {},
): StaffNotificationsModule {
  const { config, clock, logger } = deps;
  const repo = createStaffNotificationsRepository(deps.db);
  const emailEnabled = config.mail !== undefined;
  return {
    router: createStaffNotificationsRouter({
      staffNotificationsService: createStaffNotificationsService({ repo, clock, emailEnabled }),
    }),
    notifier: createStaffNotifier({ repo, clock, logger, emailEnabled }),
    mailer: config.mail
      ? createNotificationMailer({
          repo,
          transport: createSmtpTransport(config.mail),
          clock,
          logger,
          publicUrl: config.publicUrl,
        })
      : undefined,
  };
}
