import { NOTIFICATION_DIGESTS, STAFF_NOTIFICATIONS_READ_MAX_IDS } from '@payouts/contracts';
import { Router, type Request } from 'express';
import { z } from 'zod';
import { parseInput } from '../../http/parseInput.js';
import { authOf, requirePermission } from '../../http/requirePermission.js';
import type { StaffNotificationsService } from './staffNotificationsService.js';

export const markNotificationsReadBody = z.union([
  z.object({ ids: z.array(z.uuid()).min(1).max(STAFF_NOTIFICATIONS_READ_MAX_IDS) }).strict(),
  z.object({ all: z.literal(true) }).strict(),
]);

export const notificationSettingsBody = z.object({ digest: z.enum(NOTIFICATION_DIGESTS) }).strict();

const userIdOf = (req: Request) => authOf(req).user.id;

/** The signed-in user's own bell and e-mail digest setting (issue 12). */
export function createStaffNotificationsRouter({
  staffNotificationsService: service,
}: {
  staffNotificationsService: StaffNotificationsService;
}): Router {
  const router = Router();
  router.use(
    ['/me/notifications', '/me/notification-settings'],
    requirePermission('notifications:read'),
  );
  router.get('/me/notifications', async (req, res) => {
    // The newest STAFF_NOTIFICATIONS_LIMIT, no pages: a cursor or any other query is refused.
    parseInput(z.strictObject({}), req.query);
    res.json(await service.list(userIdOf(req)));
  });
  router.post('/me/notifications/read', async (req, res) => {
    const body = parseInput(markNotificationsReadBody, req.body);
    res.json(await service.markRead(userIdOf(req), body));
  });
  router.get('/me/notification-settings', async (req, res) => {
    res.json(await service.settings(userIdOf(req)));
  });
  router.patch('/me/notification-settings', async (req, res) => {
    const body = parseInput(notificationSettingsBody, req.body);
    res.json(await service.updateSettings(userIdOf(req), body.digest));
  });
  return router;
}
