import type { Route } from './route.js';

/**
 * The orchestrator's webhook. Server to server, so outside the CSRF guard and sessions; the
 * orchestrator signs nothing, so the path token is the only credential (a wrong one looks like
 * an unknown route).
 */
export const orchestratorNotificationRoutes = {
  orchestratorNotification: {
    method: 'post',
    path: '/api/orchestrator/notifications/:token',
    access: 'token',
  },
} as const satisfies Record<string, Route>;
