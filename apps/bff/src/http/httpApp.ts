import express, { type Express, type RequestHandler, type Router } from 'express';
import type { Logger } from 'pino';
import { AppError } from '../shared/AppError.js';
import { createProblemHandler } from './problemHandler.js';
import { createRequestLogger } from './requestLogger.js';
import { securityHeaders } from './securityHeaders.js';
import { serverTiming } from './serverTiming.js';

/**
 * The Express app around the API: `observe` first (the trace's server span wraps everything
 * the request does), then Server-Timing (its own time covers every other middleware), `measure`
 * (metrics), the request log and the security headers; then the routes outside the API, the API
 * at `/api`, the SPA, and a problem+json 404 for anything else.
 */
export function createHttpApp({
  logger,
  trustProxy,
  https,
  observe,
  measure = [],
  outsideApi,
  api,
  spa = [],
}: {
  logger: Logger;
  trustProxy: boolean | number | string;
  https: boolean;
  observe: RequestHandler;
  measure?: readonly RequestHandler[];
  outsideApi: readonly Router[];
  api: Router;
  spa?: readonly RequestHandler[];
}): Express {
  const app = express();
  app.disable('x-powered-by');
  // API replies are `no-store`: an ETag (a SHA-1 of every body) would never be used.
  app.set('etag', false);
  app.set('trust proxy', trustProxy);
  app.use(observe);
  app.use(serverTiming());
  for (const handler of measure) app.use(handler);
  app.use(createRequestLogger(logger));
  app.use(securityHeaders({ https }));
  for (const router of outsideApi) app.use(router);
  app.use('/api', api);
  if (spa.length > 0) app.use(...spa);
  app.use((_req, _res, next) => {
    next(new AppError('not_found'));
  });
  app.use(createProblemHandler());
  return app;
}
