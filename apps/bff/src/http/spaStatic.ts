import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { EMBEDDED_SESSION_ID } from '@payouts/contracts';
import express, { type Request, type RequestHandler, type Response } from 'express';
import { AppError } from '../shared/AppError.js';
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
export interface SpaStaticOptions {
  /**
   * The request's session as `GET /api/session` would answer it (null when the cookie names no
   * live session), embedded in index.html: the app's first screen then waits for no session
   * call, one round trip less before anything is drawn (largest contentful paint on a
   * slow link). Undefined (or a failure): nothing is embedded and the app asks the API as before.
   */
  sessionFor?: (req: Request, res: Response) => Promise<unknown>;
}

/**
 * JSON inside a script element: `<` escaped so no value can close the element or open a comment
 * (and U+2028/2029 for old parsers); a data block is never run, so the CSP does not apply.
 */
export function jsonDataBlock(id: string, value: unknown): string {
  const json = JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return `<script type="application/json" id="${id}">${json}</script>`;
}

function withDataBlock(html: string, block: string): string {
  const headEnd = html.indexOf('</head>');
  return headEnd < 0 ? html : `${html.slice(0, headEnd)}${block}${html.slice(headEnd)}`;
}

export function spaStatic(
  dir: string,
  options: SpaStaticOptions = {},
): RequestHandler[] | undefined {
  const indexFile = join(dir, 'index.html');
  if (!existsSync(indexFile)) return undefined;
  // Source maps are written for our own tools (the bench attributes bytes with them); served,
  // they would hand anyone the readable source of every screen.
  const noSourceMaps: RequestHandler = (req, _res, next) => {
    next(req.path.endsWith('.map') ? new AppError('not_found') : undefined);
  };
  const assets = express.static(dir, {
    index: false,
    // A path naming a folder (`/x/%2E%2E` is the root) is the app's page, not a 301 to `…/`.
    redirect: false,
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
  const sessionBlock = async (req: Request, res: Response): Promise<string> => {
    if (!options.sessionFor) return '';
    try {
      const session = await options.sessionFor(req, res);
      return session === undefined ? '' : jsonDataBlock(EMBEDDED_SESSION_ID, session);
    } catch {
      // The database may be down: the page still loads, and the app's own call says why.
      return '';
    }
  };
  const fallback: RequestHandler = async (req, res, next) => {
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
    const html = indexHtmlFor(req.path);
    const block = await sessionBlock(req, res);
    // With a session in it the page is this user's: never stored, by a browser or a proxy.
    res.setHeader('Cache-Control', block === '' ? 'no-cache' : 'no-store');
    if (block !== '') res.setHeader('Vary', 'Cookie');
    res.type('html').send(block === '' ? html : withDataBlock(html, block));
  };
  return [noSourceMaps, compressedAssets(dir), assets, fallback];
}
