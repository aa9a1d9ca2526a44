import { staffNotificationEndpoints } from '@payouts/contracts/endpoints';
import { Router } from 'express';
import { mountEndpoints } from '../../http/mountEndpoints.js';
import type { StaffNotificationsService } from './staffNotificationsService.js';

/** The signed-in user's own bell and e-mail digest setting. */
export function createStaffNotificationsRouter({
  staffNotificationsService: service,
}: {
  staffNotificationsService: StaffNotificationsService;
}): Router {
  const router = Router();
  mountEndpoints(router, staffNotificationEndpoints, {
    listMyNotifications: ({ auth }) => service.list(auth.user.id),
    markMyNotificationsRead: ({ auth, body }) => service.markRead(auth.user.id, body),
    getMyNotificationSettings: ({ auth }) => service.settings(auth.user.id),
    updateMyNotificationSettings: ({ auth, body }) =>
      service.updateSettings(auth.user.id, body.digest),
  });
  return router;
}
