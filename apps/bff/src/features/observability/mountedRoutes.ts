/**
 * The routes an Express app really serves, read from its router stack (Express 5 / router 2):
 * what the OpenAPI completeness test compares with the document, so a route added anywhere
 * fails the test until it is described.
 */

import type { HttpMethod } from '@payouts/contracts';

export type { HttpMethod };

export interface MountedRoute {
  method: HttpMethod;
  /** Express form, with the mount prefix: `/api/payouts/:id`. */
  path: string;
}

interface RouteLike {
  path: unknown;
  methods: Record<string, boolean | undefined>;
}

interface LayerLike {
  route?: RouteLike;
  handle?: { stack?: LayerLike[] };
  slash?: boolean;
  /** The path the layer was mounted at (router 2.x). */
  rawPath?: unknown;
}

const METHODS: readonly HttpMethod[] = ['get', 'post', 'put', 'patch', 'delete'];

/**
 * Every route under `prefix` (e.g. `/api`), routers mounted at a path or without one alike.
 * A router mounted at a pattern or a regular expression is not followed (the app has none).
 */
export function mountedRoutes(app: { router: unknown }, prefix: string): MountedRoute[] {
  const found: MountedRoute[] = [];
  const walk = (stack: LayerLike[], base: string) => {
    for (const layer of stack) {
      if (layer.route) {
        if (!base.startsWith(prefix)) continue;
        const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
        for (const path of paths) {
          if (typeof path !== 'string') continue;
          for (const method of METHODS) {
            if (layer.route.methods[method]) found.push({ method, path: base + path });
          }
        }
        continue;
      }
      const inner = layer.handle?.stack;
      if (!inner) continue;
      if (layer.slash) walk(inner, base);
      else if (typeof layer.rawPath === 'string') walk(inner, base + layer.rawPath);
    }
  };
  walk((app.router as { stack: LayerLike[] }).stack, '');
  return found;
}

/** `/api/payouts/:id` → `/api/payouts/{id}` (OpenAPI's path template). */
export function openApiPath(expressPath: string): string {
  return expressPath.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');
}
