import { z } from 'zod';
import {
  NOTIFICATION_DIGESTS,
  STAFF_NOTIFICATION_KINDS,
  STAFF_NOTIFICATIONS_READ_MAX_IDS,
} from '../api/staffNotifications.js';
import { instant, noQuery } from './common.js';
import { endpoint, json } from './endpoint.js';
import { staffNotificationRoutes as routes } from './staffNotifications.routes.js';

export const staffNotification = z
  .strictObject({
    id: z.string(),
    kind: z.enum(STAFF_NOTIFICATION_KINDS),
    /**
     * The payout, batch or policy proposal that waits; for `metadata_changed`, the corridor's
     * metadata version (`BE/EUR@3`).
     */
    target_id: z.string(),
    title: z.string(),
    /** One short line: amount, masked recipient, who asked; never a full card or account number. */
    body: z.string(),
    /** In-app path of what waits, e.g. `/payouts/<id>`. */
    link_path: z.string(),
    created_at: instant,
    read_at: instant.nullable(),
  })
  .meta({ id: 'StaffNotification' });

/** Newest first, at most `STAFF_NOTIFICATIONS_LIMIT`. */
export const staffNotifications = z
  .strictObject({ items: z.array(staffNotification), unread_count: z.number().int() })
  .meta({ id: 'StaffNotifications' });

export const notificationsRead = z
  .strictObject({ unread_count: z.number().int() })
  .meta({ id: 'NotificationsRead' });

export const notificationSettings = z
  .strictObject({
    digest: z.enum(NOTIFICATION_DIGESTS),
    /** False when the BFF has no SMTP server configured: the bell still works. */
    email_enabled: z.boolean(),
  })
  .meta({ id: 'NotificationSettings' });

/** What the demo e-mailed, newest first (at most 100, since its last start). */
export const demoMailbox = z
  .strictObject({
    items: z.array(
      z.strictObject({ to: z.string(), subject: z.string(), text: z.string(), sent_at: instant }),
    ),
  })
  .meta({ id: 'DemoMailbox' });

/** These ids (one's own), or all. */
export const markNotificationsReadBody = z.union([
  z.object({ ids: z.array(z.uuid()).min(1).max(STAFF_NOTIFICATIONS_READ_MAX_IDS) }).strict(),
  z.object({ all: z.literal(true) }).strict(),
]);

export const notificationSettingsBody = z.object({ digest: z.enum(NOTIFICATION_DIGESTS) }).strict();

export const staffNotificationEndpoints = {
  // The newest ones, no pages: a cursor or any other query is refused.
  listMyNotifications: endpoint(routes.listMyNotifications, {
    summary: 'My notifications (the bell)',
    tag: 'Notifications',
    query: noQuery,
    reply: json(staffNotifications),
  }),
  markMyNotificationsRead: endpoint(routes.markMyNotificationsRead, {
    summary: 'Mark notifications read',
    tag: 'Notifications',
    body: markNotificationsReadBody,
    reply: json(notificationsRead),
  }),
  getMyNotificationSettings: endpoint(routes.getMyNotificationSettings, {
    summary: 'How often I get e-mail',
    tag: 'Notifications',
    reply: json(notificationSettings),
  }),
  updateMyNotificationSettings: endpoint(routes.updateMyNotificationSettings, {
    summary: 'Change how often I get e-mail',
    tag: 'Notifications',
    body: notificationSettingsBody,
    reply: json(notificationSettings),
  }),
  demoMailbox: endpoint(routes.demoMailbox, {
    summary:
      'The demo’s e-mail (demo mode without SMTP_URL): what invitations and notifications it sent, newest first; 404 elsewhere',
    tag: 'Notifications',
    query: noQuery,
    reply: json(demoMailbox),
  }),
};
