import {
  OpenAPIRegistry,
  OpenApiGeneratorV31,
  type ResponseConfig,
  type RouteConfig,
} from '@asteasolutions/zod-to-openapi';
import { rolesFor } from '@payouts/contracts';
import { z } from 'zod';
import { openApiPath } from '../mountedRoutes.js';
import { ENDPOINTS, problem, type Endpoint, type Reply } from '@payouts/contracts/endpoints';

export type OpenApiDocument = ReturnType<OpenApiGeneratorV31['generateDocument']>;

const PROBLEM_TYPE = 'application/problem+json';

function responseOf(reply: Reply): ResponseConfig {
  if ('json' in reply) {
    return { description: 'OK', content: { 'application/json': { schema: reply.json } } };
  }
  switch (reply.kind) {
    case 'csv':
      return { description: 'A CSV file', content: { 'text/csv': { schema: { type: 'string' } } } };
    case 'html':
      return {
        description: 'An HTML page',
        content: { 'text/html': { schema: { type: 'string' } } },
      };
    case 'redirect':
      return { description: 'A redirect (Location header)' };
    case 'empty':
      return { description: 'No content' };
  }
}

function accessText(op: Endpoint): string {
  switch (op.access) {
    case 'public':
      return 'No session needed.';
    case 'signed-in':
      return 'Any signed-in user.';
    case 'token':
      return 'No session: the secret token in the path authenticates the caller.';
    default:
      return `Needs \`${op.access}\` (${rolesFor(op.access).join(', ')}).`;
  }
}

function routeOf(op: Endpoint): RouteConfig {
  const path = openApiPath(op.path);
  const names = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
  const request: RouteConfig['request'] = {};
  if (names.length > 0) {
    request.params = z.object(Object.fromEntries(names.map((name) => [name, z.string()])));
  }
  if (op.query) request.query = op.query;
  if (op.idempotencyKey) {
    request.headers = z.object({ 'Idempotency-Key': z.string().min(8).max(255) });
  }
  if (op.body === 'csv') {
    request.body = { content: { 'text/csv': { schema: { type: 'string' } } }, required: true };
  } else if (op.body) {
    request.body = { content: { 'application/json': { schema: op.body } }, required: true };
  }
  return {
    method: op.method,
    path: path.replace(/^\/api/, ''),
    operationId: `${op.method}${path.replace(/[{}]/g, '').replace(/[^A-Za-z0-9]+(.)?/g, (_m, c?: string) => (c ? c.toUpperCase() : ''))}`,
    summary: op.summary,
    description: accessText(op),
    tags: [op.tag],
    ...(op.access === 'public' || op.access === 'token' ? { security: [] } : {}),
    'x-permission': op.access,
    request,
    responses: {
      [op.reply.status]: responseOf(op.reply),
      ...Object.fromEntries(
        ('also' in op.reply ? (op.reply.also ?? []) : []).map((status) => [
          status,
          responseOf(op.reply),
        ]),
      ),
      default: {
        description: 'A problem (RFC 9457)',
        content: { [PROBLEM_TYPE]: { schema: problem } },
      },
    },
  };
}

/** The OpenAPI 3.1 document of every `/api` route (server URL `/api`). */
export function buildOpenApiDocument(
  version = '0.1.0',
  endpoints: Readonly<Record<string, Endpoint>> = ENDPOINTS,
): OpenApiDocument {
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', 'session', {
    type: 'apiKey',
    in: 'cookie',
    name: 'session',
    description: 'The session cookie set by `POST /session` (name per SESSION_COOKIE_NAME).',
  });
  for (const op of Object.values(endpoints)) registry.registerPath(routeOf(op));
  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Payouts back-office API',
      version,
      description:
        'The BFF’s JSON API. Every request after sign-in carries the session cookie; ' +
        'state-changing requests also need a same-origin `Origin` header (CSRF guard).',
    },
    servers: [{ url: '/api' }],
    security: [{ session: [] }],
  });
}

let cached: OpenApiDocument | undefined;

/** Built once per process: the table does not change while it runs. */
export function openApiDocument(): OpenApiDocument {
  cached ??= buildOpenApiDocument();
  return cached;
}
