import { readFileSync } from 'node:fs';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { appRoutes } from './appRoutes.js';
import { FRAME_MODULE, PAGE_MODULES, PUBLIC_PATHS } from './pageModules.js';

/** Every page path of a route tree, as react-router matches it. */
function pagePaths(routes: RouteObject[], base = ''): string[] {
  return routes.flatMap((route) => {
    const path = route.index
      ? base || '/'
      : `${base}/${(route.path ?? '').replace(/^\//, '')}`.replace(/\/+/g, '/');
    if (route.path === '*') return [];
    const children = route.children ? pagePaths(route.children, path === '/' ? '' : path) : [];
    return route.element && !route.children ? [path, ...children] : children;
  });
}

const source = (file: string) => readFileSync(new URL(file, import.meta.url), 'utf8');
/** How src/app/ imports a module of PAGE_MODULES (`src/x/Y.tsx` → `../x/Y.js`). */
const importOf = (module: string) =>
  `import('${module
    .replace(/^src\/app\//, './')
    .replace(/^src\//, '../')
    .replace(/\.tsx$/, '.js')}')`;

describe('PAGE_MODULES (the build preloads each page’s chunks by it)', () => {
  it('names every page path of appRoutes, and no other', () => {
    expect(Object.keys(PAGE_MODULES).sort()).toEqual(pagePaths(appRoutes).sort());
    for (const path of PUBLIC_PATHS) expect(PAGE_MODULES).toHaveProperty([path]);
  });

  it('names modules appRoutes loads lazily, and the frame RequireSession loads', () => {
    const routes = source('./appRoutes.tsx');
    for (const module of Object.values(PAGE_MODULES)) expect(routes).toContain(importOf(module));
    expect(source('./RequireSession.tsx')).toContain(importOf(FRAME_MODULE));
  });
});
