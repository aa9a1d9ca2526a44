import type {
  MarkNotificationsReadRequest,
  MarkNotificationsReadResponse,
  NotificationSettingsDto,
  NotificationSettingsPatch,
  StaffNotificationsResponse,
} from '@payouts/contracts';
import { callEndpoint } from '../../api/callEndpoint.js';
import type { HttpClient } from '../../api/createHttpClient.js';

/** One's own bell (`/api/me/notifications`) and how one's notifications are e-mailed. */
export interface StaffNotificationsApi {
  list(signal?: AbortSignal): Promise<StaffNotificationsResponse>;
  markRead(request: MarkNotificationsReadRequest): Promise<MarkNotificationsReadResponse>;
  settings(signal?: AbortSignal): Promise<NotificationSettingsDto>;
  updateSettings(patch: NotificationSettingsPatch): Promise<NotificationSettingsDto>;
}

export function createStaffNotificationsApi(http: HttpClient): StaffNotificationsApi {
  return {
    list: (signal) => callEndpoint(http, 'listMyNotifications', { signal }),
    markRead: (body) => callEndpoint(http, 'markMyNotificationsRead', { body }),
    settings: (signal) => callEndpoint(http, 'getMyNotificationSettings', { signal }),
    updateSettings: (body) => callEndpoint(http, 'updateMyNotificationSettings', { body }),
  };
}
