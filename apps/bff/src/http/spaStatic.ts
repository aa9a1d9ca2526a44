import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import express, { type RequestHandler } from 'express';
import { AppError } from './AppError.js';
import { compressedAssets } from './compressedAssets.js';
import { createIndexHtml } from './routePreloads.js';

/**
 * Serves the built SPA when `dir/index.html` exists (undefined otherwise: nothing to mount).
 * Hashed assets are cached for a year (and served compressed, see compressedAssets); index.html
 * never, so a deploy is picked up at once.
 * Any other GET that is not API or health falls back to index.html for client-side routes, with
 * modulepreload links for the chunks of the page at that path (routePreloads.ts).
 * Source maps are never served.
 */
export function spaStatic(dir: string): RequestHandler[] | undefined {
  const indexFile = join(dir, 'index.html');
  if (!existsSync(indexFile)) return undefined;
  // Source maps are written for our own tools (the bench attributes bytes with them); served,
  // they would hand anyone the readable source of every screen.
  const noSourceMaps: RequestHandler = (req, _res, next) => {
    next(req.path.endsWith('.map') ? new AppError('not_found') : undefined);
  };
  const assets = express.static(dir, {
    index: false,
    setHeaders: (res, path) => {
      // The same URL is also served compressed: shared caches must key on the encoding.
      if (path.includes(`${join(dir, 'assets')}`)) res.setHeader('Vary', 'Accept-Encoding');
      res.setHeader(
        'Cache-Control',
        path.includes(`${join(dir, 'assets')}`)
          ? 'public, max-age=31536000, immutable'
          : 'no-cache',
      );
    },
  });
  // Read again when index.html changes: a new build is served at once, as before.
  const preloadsFile = join(dir, 'route-preloads.json');
  let built: { mtimeMs: number; pageFor: (path: string) => string } | undefined;
  const indexHtmlFor = (path: string): string => {
    const { mtimeMs } = statSync(indexFile);
    if (built?.mtimeMs !== mtimeMs) {
      const preloads = existsSync(preloadsFile) ? readFileSync(preloadsFile, 'utf8') : undefined;
      built = { mtimeMs, pageFor: createIndexHtml(readFileSync(indexFile, 'utf8'), preloads) };
    }
    return built.pageFor(path);
  };
  // Read once now, so a malformed route-preloads.json stops the start instead of failing pages.
  indexHtmlFor('/');
  const fallback: RequestHandler = (req, res, next) => {
    // A missing asset (a tab still open on an old build asking for a chunk the new one has not)
    // is a 404: index.html in its place fails as a module with a confusing MIME type error.
    if (
      (req.method !== 'GET' && req.method !== 'HEAD') ||
      req.path.startsWith('/api/') ||
      req.path.startsWith('/assets/')
    ) {
      next();
      return;
    }
    res.setHeader('Cache-Control', 'no-cache');
    res.type('html').send(indexHtmlFor(req.path));
  };
  return [noSourceMaps, compressedAssets(dir), assets, fallback];
}
