import {
  STAFF_NOTIFICATIONS_LIMIT,
  type MarkNotificationsReadRequest,
  type MarkNotificationsReadResponse,
  type NotificationDigest,
  type NotificationSettingsDto,
  type StaffNotificationDto,
  type StaffNotificationsResponse,
} from '@payouts/contracts';
import { AppError } from '../../shared/AppError.js';
import type { Clock } from '../../shared/clock.js';
import type {
  StaffNotificationRow,
  StaffNotificationsRepository,
} from './staffNotificationsRepository.js';

/** One's own bell: list, mark read, and how one's notifications are e-mailed. */
export interface StaffNotificationsService {
  list(userId: string): Promise<StaffNotificationsResponse>;
  markRead(
    userId: string,
    request: MarkNotificationsReadRequest,
  ): Promise<MarkNotificationsReadResponse>;
  settings(userId: string): Promise<NotificationSettingsDto>;
  updateSettings(userId: string, digest: NotificationDigest): Promise<NotificationSettingsDto>;
}

export function toStaffNotificationDto(row: StaffNotificationRow): StaffNotificationDto {
  return {
    id: row.id,
    kind: row.kind,
    target_id: row.targetId,
    title: row.title,
    body: row.body,
    link_path: row.linkPath,
    created_at: row.createdAt.toISOString(),
    read_at: row.readAt?.toISOString() ?? null,
  };
}

export function createStaffNotificationsService({
  repo,
  clock,
  emailEnabled,
}: {
  repo: StaffNotificationsRepository;
  clock: Clock;
  emailEnabled: boolean;
}): StaffNotificationsService {
  async function settings(userId: string): Promise<NotificationSettingsDto> {
    const digest = await repo.digestOf(userId);
    if (!digest) throw new AppError('not_found', 'No such user.');
    return { digest, email_enabled: emailEnabled };
  }

  return {
    async list(userId) {
      const [rows, unread] = await Promise.all([
        repo.list(userId, STAFF_NOTIFICATIONS_LIMIT),
        repo.unreadCount(userId),
      ]);
      return { items: rows.map(toStaffNotificationDto), unread_count: unread };
    },
    async markRead(userId, request) {
      await repo.markRead(userId, 'ids' in request ? request.ids : undefined, clock.now());
      return { unread_count: await repo.unreadCount(userId) };
    },
    settings,
    async updateSettings(userId, digest) {
      await repo.setDigest(userId, digest);
      return settings(userId);
    },
  };
}
