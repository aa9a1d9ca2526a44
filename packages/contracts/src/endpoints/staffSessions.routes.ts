import type { Route } from './route.js';

/**
 * Signed-in sessions: the Security page lists one's own and ends any or all the others; admins
 * see and end any user's. Every ending is audited (`session.end`); a process that cached an
 * ended session stops honouring it within the session cache's 5 s.
 */
export const staffSessionRoutes = {
  listMySessions: {
    method: 'get',
    path: '/api/me/sessions',
    access: 'session:read',
  },
  endMyOtherSessions: {
    method: 'post',
    path: '/api/me/sessions/end-others',
    access: 'session:read',
  },
  /** 404 for a session not one's own; 409 for the current one (sign out instead). */
  endMySession: {
    method: 'delete',
    path: '/api/me/sessions/:id',
    access: 'session:read',
  },
  listUserSessions: {
    method: 'get',
    path: '/api/users/:id/sessions',
    access: 'users:manage',
  },
  /** The admin's own current session is kept. */
  endUserSessions: {
    method: 'post',
    path: '/api/users/:id/sessions/end-all',
    access: 'users:manage',
  },
  endUserSession: {
    method: 'delete',
    path: '/api/users/:id/sessions/:sessionId',
    access: 'users:manage',
  },
} as const satisfies Record<string, Route>;
