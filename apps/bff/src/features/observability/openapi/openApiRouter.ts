import { referenceEndpoints, type ReplyOf } from '@payouts/contracts/endpoints';
import { Router } from 'express';
import { mountEndpoints } from '../../../http/mountEndpoints.js';
import { apiDocsPage } from './apiDocsPage.js';
import { openApiDocument } from './openApiDocument.js';

const { getOpenApiDocument, getApiDocs } = referenceEndpoints;
type OpenApiDocumentReply = ReplyOf<typeof getOpenApiDocument>;

/** `/api/openapi.json` for every signed-in user; `/api/docs`, the rendered page, for admins. */
export function createOpenApiRouter(): Router {
  const router = Router();
  let page: string | undefined;
  mountEndpoints(
    router,
    { getOpenApiDocument, getApiDocs },
    {
      // Checked against its schema's frame by the conformance test; its insides are OpenAPI's.
      getOpenApiDocument: () => openApiDocument() as unknown as OpenApiDocumentReply,
      getApiDocs: ({ res }) => {
        page ??= apiDocsPage(openApiDocument());
        res.type('html').send(page);
      },
    },
  );
  return router;
}
