// The bell (issue 12): what waits for a staff member's approval, and how often it is e-mailed.
// Types and constants only: the BFF parses with its own zod schemas, the SPA imports this file.

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
] as const;
export type StaffNotificationKind = (typeof STAFF_NOTIFICATION_KINDS)[number];

/** `immediate`: one e-mail per notification; `hourly`: one digest e-mail per hour. */
export const NOTIFICATION_DIGESTS = ['immediate', 'hourly'] as const;
export type NotificationDigest = (typeof NOTIFICATION_DIGESTS)[number];

/** The newest notifications `GET /api/me/notifications` answers. */
export const STAFF_NOTIFICATIONS_LIMIT = 50;
/** The most ids one `POST /api/me/notifications/read` marks. */
export const STAFF_NOTIFICATIONS_READ_MAX_IDS = 100;

export interface StaffNotificationDto {
  id: string;
  kind: StaffNotificationKind;
  /**
   * The payout, batch or policy proposal that waits; for `metadata_changed`, the corridor's
   * metadata version (`BE/EUR@3`).
   */
  target_id: string;
  title: string;
  /** One short line: amount, masked recipient, who asked; never a full card or account number. */
  body: string;
  /** In-app path of what waits, e.g. `/payouts/<id>`. */
  link_path: string;
  created_at: string;
  read_at: string | null;
}

/** `GET /api/me/notifications`: newest first. */
export interface StaffNotificationsResponse {
  items: StaffNotificationDto[];
  unread_count: number;
}

/** `POST /api/me/notifications/read`: these ids (one's own), or all. */
export type MarkNotificationsReadRequest = { ids: string[] } | { all: true };

export interface MarkNotificationsReadResponse {
  unread_count: number;
}

/** `GET` / `PATCH /api/me/notification-settings`. */
export interface NotificationSettingsDto {
  digest: NotificationDigest;
  /** False when the BFF has no SMTP server configured: the bell still works. */
  email_enabled: boolean;
}

export interface NotificationSettingsPatch {
  digest: NotificationDigest;
}
