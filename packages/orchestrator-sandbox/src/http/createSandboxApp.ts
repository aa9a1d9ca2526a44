import express, {
  type Express,
  type NextFunction,
  type Request,
  type Response,
  type Router,
} from 'express';
import type { SandboxLogger } from '../types.js';
import { familyErrorEnvelope } from './envelopes.js';
import { mountRoute, type MountDeps } from './mountRoute.js';
import type { RouteSpec } from './RouteSpec.js';
import { sendJson } from './sendJson.js';

export interface SandboxAppDeps extends MountDeps {
  routes: RouteSpec[];
  /** Plain Express routers mounted before the orchestrator routes (challenge pages, control API). */
  routers: Router[];
  logger: SandboxLogger;
}

function familyOf(path: string): 'mpi' | 'payouts' {
  return path.startsWith('/mpi') ? 'mpi' : 'payouts';
}

/** The Express app: every body read as text (parsed losslessly per route), envelopes for errors. */
export function createSandboxApp(deps: SandboxAppDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.use(express.text({ type: () => true, limit: '1mb' }));
  for (const router of deps.routers) app.use(router);
  for (const route of deps.routes) mountRoute(app, route, deps);

  app.use((req: Request, res: Response) => {
    sendJson(res, 404, familyErrorEnvelope(familyOf(req.path), 404, 'Route not found'));
  });
  app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    const status =
      typeof error === 'object' &&
      error !== null &&
      'status' in error &&
      typeof error.status === 'number'
        ? error.status
        : 500;
    if (status >= 500) deps.logger.error({ err: error, path: familyOf(req.path) }, 'sandbox error');
    if (res.headersSent) return;
    const code = status >= 400 && status < 600 ? status : 500;
    sendJson(
      res,
      code,
      familyErrorEnvelope(
        familyOf(req.path),
        code,
        code >= 500 ? 'Internal Server Error' : 'Bad Request',
      ),
    );
  });
  return app;
}
