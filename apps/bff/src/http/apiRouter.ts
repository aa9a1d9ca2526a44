import express, { type Request, type RequestHandler, type Router } from 'express';
import type { Config } from '../config.js';
import { AppError } from '../shared/AppError.js';
import { csrfGuard } from './csrfGuard.js';
import { refuseCardNumbersInText } from './refuseCardNumbersInText.js';
import { refuseUnstorableText } from './refuseUnstorableText.js';
import { requireJsonBody } from './requireJsonBody.js';
import { secondFactorGate } from './secondFactorGate.js';

export const JSON_BODY_LIMIT = '100kb';

/**
 * `/api`: every reply `no-store`; the server-to-server routes first (outside the JSON parser,
 * the CSRF guard and sessions), then the browser's pipeline (a JSON body, no card number or
 * unstorable text in it, a same-origin request, the session, the second factor), then the
 * routers in order, and a problem+json 404 for anything else.
 */
export function createApiRouter({
  config,
  serverToServer,
  sessionMiddleware,
  allowNonJsonBody,
  routers,
}: {
  config: Pick<Config, 'publicUrl'>;
  serverToServer: readonly Router[];
  sessionMiddleware: RequestHandler;
  /** A request whose body is not JSON on purpose (a batch file). */
  allowNonJsonBody: (req: Request) => boolean;
  routers: readonly Router[];
}): Router {
  const api = express.Router();
  api.use((_req, res, next) => {
    // Replies carry personal and payment data: never cached by a browser or a proxy.
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  for (const router of serverToServer) api.use(router);
  api.use(requireJsonBody({ allowOther: allowNonJsonBody }));
  api.use(express.json({ limit: JSON_BODY_LIMIT }));
  // Card numbers first: its pointers never name a key holding one, the other's would.
  api.use(refuseCardNumbersInText());
  api.use(refuseUnstorableText());
  api.use(csrfGuard({ publicOrigin: config.publicUrl.origin }));
  api.use(sessionMiddleware);
  api.use(secondFactorGate());
  for (const router of routers) api.use(router);
  api.use((_req, _res, next) => {
    next(new AppError('not_found', 'No such API route.'));
  });
  return api;
}
