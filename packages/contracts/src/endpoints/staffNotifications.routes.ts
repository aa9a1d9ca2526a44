import type { Route } from './route.js';

/** The signed-in user's own bell and how often it is e-mailed. */
export const staffNotificationRoutes = {
  listMyNotifications: {
    method: 'get',
    path: '/api/me/notifications',
    access: 'notifications:read',
  },
  markMyNotificationsRead: {
    method: 'post',
    path: '/api/me/notifications/read',
    access: 'notifications:read',
  },
  getMyNotificationSettings: {
    method: 'get',
    path: '/api/me/notification-settings',
    access: 'notifications:read',
  },
  updateMyNotificationSettings: {
    method: 'patch',
    path: '/api/me/notification-settings',
    access: 'notifications:read',
  },
} as const satisfies Record<string, Route>;
