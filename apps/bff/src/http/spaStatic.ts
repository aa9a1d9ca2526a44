import { existsSync } from 'node:fs';
import { join } from 'node:path';
import express, { type RequestHandler } from 'express';
import { AppError } from './AppError.js';
import { compressedAssets } from './compressedAssets.js';

/**
 * Serves the built SPA when `dir/index.html` exists (undefined otherwise: nothing to mount).
 * Hashed assets are cached for a year (and served compressed, see compressedAssets); index.html
 * never, so a deploy is picked up at once.
 * Any other GET that is not API or health falls back to index.html for client-side routes.
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
  const fallback: RequestHandler = (req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || req.path.startsWith('/api/')) {
      next();
      return;
    }
    res.setHeader('Cache-Control', 'no-cache');
    // With `root`, send accepts a dist folder under a dot-folder (e.g. ~/.local/...).
    res.sendFile('index.html', { root: dir });
  };
  return [noSourceMaps, compressedAssets(dir), assets, fallback];
}
