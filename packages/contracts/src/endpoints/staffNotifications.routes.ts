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
  /**
   * The demo's e-mail, which never leaves the process (demo mode without SMTP_URL): anyone may
   * read it, invitation links included, as anyone may sign in with the demo's public passwords.
   * 404 everywhere else.
   */
  demoMailbox: {
    method: 'get',
    path: '/api/demo/mailbox',
    access: 'public',
  },
} as const satisfies Record<string, Route>;
