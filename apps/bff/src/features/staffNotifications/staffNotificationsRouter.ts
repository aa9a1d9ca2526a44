import { staffNotificationEndpoints } from '@payouts/contracts/endpoints';
import { Router } from 'express';
import { mountEndpoints } from '../../http/mountEndpoints.js';
import { AppError } from '../../shared/AppError.js';
import type { MemoryMailbox } from './memoryMailbox.js';
import type { StaffNotificationsService } from './staffNotificationsService.js';

/** The signed-in user's own bell and e-mail digest setting; the demo's mailbox. */
export function createStaffNotificationsRouter({
  staffNotificationsService: service,
  demoMailbox,
}: {
  staffNotificationsService: StaffNotificationsService;
  /** The demo's e-mail, readable by anyone (demo mode without SMTP_URL only). */
  demoMailbox: MemoryMailbox | undefined;
}): Router {
  const router = Router();
  mountEndpoints(router, staffNotificationEndpoints, {
    listMyNotifications: ({ auth }) => service.list(auth.user.id),
    markMyNotificationsRead: ({ auth, body }) => service.markRead(auth.user.id, body),
    getMyNotificationSettings: ({ auth }) => service.settings(auth.user.id),
    updateMyNotificationSettings: ({ auth, body }) =>
      service.updateSettings(auth.user.id, body.digest),
    demoMailbox: () => {
      if (!demoMailbox) {
        throw new AppError(
          'not_found',
          'This back-office has no demo mailbox: its e-mail goes through SMTP, or is off.',
        );
      }
      return {
        items: demoMailbox.list().map((mail) => ({
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          sent_at: mail.sentAt.toISOString(),
        })),
      };
    },
  });
  return router;
}
