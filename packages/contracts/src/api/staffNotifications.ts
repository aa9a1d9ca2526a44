// The bell: what waits for a staff member's approval, and how often it is e-mailed.
// Constants, and the types of the endpoints' schemas (imported as types only: zod stays out of
// the SPA).
import type { z } from 'zod';
import type {
  demoMailbox,
  markNotificationsReadBody,
  notificationSettings,
  notificationSettingsBody,
  notificationsRead,
  staffNotification,
  staffNotifications,
} from '../endpoints/staffNotifications.endpoints.js';

export const STAFF_NOTIFICATION_KINDS = [
  'payout_awaiting_approval',
  'policy_change_proposed',
  'batch_awaiting_approval',
  'metadata_changed',
  'user_change_proposed',
  // To the user alone, e-mailed at once whatever their digest: a factor or recovery codes added.
  'factor_enrolled',
  // To every admin but its approver: a weakening policy change takes effect later unless cancelled.
  'policy_change_scheduled',
  // To its creator: their payout was approved or rejected by others, declined, failed, or needs a
  // person. Told, not asked: deciding the payout does not settle it.
  'payout_outcome',
  // To its uploader: their batch was approved or rejected, or finished with rows not paid.
  'batch_outcome',
] as const;
export type StaffNotificationKind = (typeof STAFF_NOTIFICATION_KINDS)[number];

/**
 * The kinds that ask someone to decide: once the payout, batch, proposal or change is decided
 * (by anyone), they stop asking (read for every recipient, no e-mail that has not left names it).
 */
export const ASKING_NOTIFICATION_KINDS: readonly StaffNotificationKind[] = [
  'payout_awaiting_approval',
  'policy_change_proposed',
  'batch_awaiting_approval',
  'user_change_proposed',
];

/** `immediate`: one e-mail per notification; `hourly`: one digest e-mail per hour. */
export const NOTIFICATION_DIGESTS = ['immediate', 'hourly'] as const;
export type NotificationDigest = (typeof NOTIFICATION_DIGESTS)[number];

/** The newest notifications `GET /api/me/notifications` answers. */
export const STAFF_NOTIFICATIONS_LIMIT = 50;
/** The most ids one `POST /api/me/notifications/read` marks. */
export const STAFF_NOTIFICATIONS_READ_MAX_IDS = 100;

// The replies' and bodies' types, from their schemas (`endpoints/staffNotifications.endpoints.ts`).
export type StaffNotificationDto = z.output<typeof staffNotification>;
/** `GET /api/me/notifications`: newest first. */
export type StaffNotificationsResponse = z.output<typeof staffNotifications>;
/** `POST /api/me/notifications/read`: these ids (one's own), or all. */
export type MarkNotificationsReadRequest = z.input<typeof markNotificationsReadBody>;
export type MarkNotificationsReadResponse = z.output<typeof notificationsRead>;
/** `GET` / `PATCH /api/me/notification-settings`. */
export type NotificationSettingsDto = z.output<typeof notificationSettings>;
/** `GET /api/demo/mailbox`. */
export type DemoMailboxDto = z.output<typeof demoMailbox>;
export type NotificationSettingsPatch = z.input<typeof notificationSettingsBody>;
