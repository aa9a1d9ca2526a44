import type { Route } from './route.js';

/** The signed-in user's own bell and how often it is e-mailed. */
export const staffNotificationRoutes = {
  listMyNotifications: {
    method: 'get',
    path: '/api/me/notifications',
    summary: 'My notifications (the bell)',
    tag: 'Notifications',
    access: 'notifications:read',
  },
  markMyNotificationsRead: {
    method: 'post',
    path: '/api/me/notifications/read',
    summary: 'Mark notifications read',
    tag: 'Notifications',
    access: 'notifications:read',
  },
  getMyNotificationSettings: {
    method: 'get',
    path: '/api/me/notification-settings',
    summary: 'How often I get e-mail',
    tag: 'Notifications',
    access: 'notifications:read',
  },
  updateMyNotificationSettings: {
    method: 'patch',
    path: '/api/me/notification-settings',
    summary: 'Change how often I get e-mail',
    tag: 'Notifications',
    access: 'notifications:read',
  },
} as const satisfies Record<string, Route>;
