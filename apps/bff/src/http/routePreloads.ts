import { z } from 'zod';

/**
 * `dist/route-preloads.json`, written by the SPA's build (apps/web/vite.config.ts): for each page
 * path (react-router's pattern syntax), the chunks it needs beyond those index.html loads.
 */
const routePreloadsFile = z.object({
  routes: z.array(
    z.object({
      path: z.string().startsWith('/'),
      files: z.array(z.string().regex(/^assets\/[\w.-]+\.js$/)),
    }),
  ),
});

interface Route {
  segments: string[];
  params: number;
  links: string;
}

/**
 * Builds `index.html` for a request path: the built page with a `modulepreload` link for each
 * chunk the path's page needs, so a cold load fetches them beside the entry instead of one
 * import level (one round trip) at a time. A path no page matches gets the page as
 * built. Patterns with fewer parameters win (`/payouts/new` before `/payouts/:id`).
 */
export function createIndexHtml(indexHtml: string, preloadsJson: string | undefined) {
  const parsed =
    preloadsJson === undefined ? { routes: [] } : routePreloadsFile.parse(JSON.parse(preloadsJson));
  const routes: Route[] = parsed.routes
    .map(({ path, files }) => {
      const segments = path.split('/').filter(Boolean);
      return {
        segments,
        params: segments.filter((s) => s.startsWith(':')).length,
        links: files
          .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
          .join(''),
      };
    })
    .sort((a, b) => a.params - b.params);
  const headEnd = indexHtml.indexOf('</head>');
  const pages = new Map<Route, string>();
  return (requestPath: string): string => {
    const segments = requestPath.split('/').filter(Boolean);
    const route = routes.find(
      (r) =>
        r.segments.length === segments.length &&
        r.segments.every((s, i) => s.startsWith(':') || s === segments[i]),
    );
    if (!route || headEnd < 0 || route.links === '') return indexHtml;
    let page = pages.get(route);
    if (page === undefined) {
      page = `${indexHtml.slice(0, headEnd)}${route.links}${indexHtml.slice(headEnd)}`;
      pages.set(route, page);
    }
    return page;
  };
}
