import type { Route } from './route.js';

/** What the merchant is set up for: corridors, PSPs and their forms; and this API, described. */
export const referenceRoutes = {
  listCorridors: {
    method: 'get',
    path: '/api/corridors',
    summary: 'The merchant’s corridors',
    tag: 'Reference',
    access: 'corridors:read',
  },
  getProviders: {
    method: 'get',
    path: '/api/providers',
    summary: 'PSPs and their payout forms for a corridor',
    tag: 'Reference',
    access: 'providers:read',
  },
  getProviderMatrix: {
    method: 'get',
    path: '/api/providers/matrix',
    summary: 'Every PSP × corridor × payout type',
    tag: 'Reference',
    access: 'providers:matrix',
  },
  getOpenApiDocument: {
    method: 'get',
    path: '/api/openapi.json',
    summary: 'This document (OpenAPI 3.1)',
    tag: 'Reference',
    access: 'session:read',
  },
  getApiDocs: {
    method: 'get',
    path: '/api/docs',
    summary: 'This document, rendered',
    tag: 'Reference',
    access: 'api:docs',
  },
} as const satisfies Record<string, Route>;
