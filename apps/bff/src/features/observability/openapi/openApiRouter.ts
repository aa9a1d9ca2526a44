import { Router } from 'express';
import { requirePermission } from '../../../http/requirePermission.js';
import { apiDocsPage } from './apiDocsPage.js';
import { openApiDocument } from './openApiDocument.js';

/** `/api/openapi.json` for every signed-in user; `/api/docs`, the rendered page, for admins. */
export function createOpenApiRouter(): Router {
  const router = Router();
  let page: string | undefined;
  router.get('/openapi.json', requirePermission('session:read'), (_req, res) => {
    res.json(openApiDocument());
  });
  router.get('/docs', requirePermission('api:docs'), (_req, res) => {
    page ??= apiDocsPage(openApiDocument());
    res.type('html').send(page);
  });
  return router;
}
