import type { EndedSessionsDto, StaffSessionsDto } from '@payouts/contracts';
import { Router, type Request } from 'express';
import { z } from 'zod';
import { AppError } from '../../http/AppError.js';
import { auditContextOf, getAuth } from '../../http/authContext.js';
import { parseInput } from '../../http/parseInput.js';
import { requirePermission } from '../../http/requirePermission.js';
import type { SessionViewer, StaffSessionsService } from './staffSessions.js';

const emptyBody = z.object({}).strict();

function viewerOf(req: Request): SessionViewer {
  const auth = getAuth(req);
  // requirePermission runs first: a request here always has a session.
  if (!auth) throw new AppError('unauthenticated');
  return { userId: auth.user.id, sessionId: auth.sessionId };
}

// Route-level middleware hides Express's path typing: a missing param is a miss, not a crash.
const param = (value: unknown): string => (typeof value === 'string' ? value : '');

/** One's own sessions (`session:read`) and, for admins, any user's (`users:manage`). */
export function createStaffSessionsRouter({
  staffSessions,
}: {
  staffSessions: StaffSessionsService;
}): Router {
  const router = Router();
  const own = requirePermission('session:read');
  const admin = requirePermission('users:manage');

  router.get('/me/sessions', own, async (req, res) => {
    res.json((await staffSessions.listOwn(viewerOf(req))) satisfies StaffSessionsDto);
  });
  router.post('/me/sessions/end-others', own, async (req, res) => {
    parseInput(emptyBody, req.body);
    const ended = await staffSessions.endOwnOthers(viewerOf(req), auditContextOf(req));
    res.json(ended satisfies EndedSessionsDto);
  });
  router.delete('/me/sessions/:id', own, async (req, res) => {
    await staffSessions.endOwn(viewerOf(req), param(req.params.id), auditContextOf(req));
    res.status(204).end();
  });

  router.get('/users/:id/sessions', admin, async (req, res) => {
    const list = await staffSessions.listForUser(viewerOf(req), param(req.params.id));
    res.json(list satisfies StaffSessionsDto);
  });
  router.post('/users/:id/sessions/end-all', admin, async (req, res) => {
    parseInput(emptyBody, req.body);
    const ended = await staffSessions.endAllForUser(
      viewerOf(req),
      param(req.params.id),
      auditContextOf(req),
    );
    res.json(ended satisfies EndedSessionsDto);
  });
  router.delete('/users/:id/sessions/:sessionId', admin, async (req, res) => {
    await staffSessions.endForUser(
      viewerOf(req),
      param(req.params.id),
      param(req.params.sessionId),
      auditContextOf(req),
    );
    res.status(204).end();
  });
  return router;
}
