import { staffSessionEndpoints } from '@payouts/contracts/endpoints';
import { Router } from 'express';
import type { AuthContext } from '../../http/authContext.js';
import { mountEndpoints } from '../../http/mountEndpoints.js';
import type { SessionViewer, StaffSessionsService } from './staffSessions.js';

const viewerOf = (auth: AuthContext): SessionViewer => ({
  userId: auth.user.id,
  sessionId: auth.sessionId,
});

/** One's own sessions (`session:read`) and, for admins, any user's (`users:manage`). */
export function createStaffSessionsRouter({
  staffSessions,
}: {
  staffSessions: StaffSessionsService;
}): Router {
  const router = Router();
  mountEndpoints(router, staffSessionEndpoints, {
    listMySessions: ({ auth }) => staffSessions.listOwn(viewerOf(auth)),
    endMyOtherSessions: ({ auth, audit }) => staffSessions.endOwnOthers(viewerOf(auth), audit),
    endMySession: ({ auth, params, audit }) =>
      staffSessions.endOwn(viewerOf(auth), params.id, audit),
    listUserSessions: ({ auth, params }) => staffSessions.listForUser(viewerOf(auth), params.id),
    endUserSessions: ({ auth, params, audit }) =>
      staffSessions.endAllForUser(viewerOf(auth), params.id, audit),
    endUserSession: ({ auth, params, audit }) =>
      staffSessions.endForUser(viewerOf(auth), params.id, params.sessionId, audit),
  });
  return router;
}
