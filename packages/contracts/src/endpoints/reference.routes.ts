import type { Route } from './route.js';

/** What the merchant is set up for: corridors, PSPs and their forms; and this API, described. */
export const referenceRoutes = {
  listCorridors: {
    method: 'get',
    path: '/api/corridors',
    access: 'corridors:read',
  },
  getProviders: {
    method: 'get',
    path: '/api/providers',
    access: 'providers:read',
  },
  getProviderMatrix: {
    method: 'get',
    path: '/api/providers/matrix',
    access: 'providers:matrix',
  },
  getOpenApiDocument: {
    method: 'get',
    path: '/api/openapi.json',
    access: 'session:read',
  },
  getApiDocs: {
    method: 'get',
    path: '/api/docs',
    access: 'api:docs',
  },
} as const satisfies Record<string, Route>;
