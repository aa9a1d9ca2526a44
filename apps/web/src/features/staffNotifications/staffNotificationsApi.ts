import type {
  MarkNotificationsReadRequest,
  MarkNotificationsReadResponse,
  NotificationSettingsDto,
  NotificationSettingsPatch,
  StaffNotificationsResponse,
} from '@payouts/contracts';
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
    list(signal) {
      return http.request<StaffNotificationsResponse>({
        method: 'GET',
        path: '/me/notifications',
        signal,
      });
    },
    markRead(request) {
      return http.request<MarkNotificationsReadResponse>({
        method: 'POST',
        path: '/me/notifications/read',
        body: request,
      });
    },
    settings(signal) {
      return http.request<NotificationSettingsDto>({
        method: 'GET',
        path: '/me/notification-settings',
        signal,
      });
    },
    updateSettings(patch) {
      return http.request<NotificationSettingsDto>({
        method: 'PATCH',
        path: '/me/notification-settings',
        body: patch,
      });
    },
  };
}
