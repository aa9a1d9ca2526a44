import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readJson, startTestApp, type TestApp } from './testing/testApp.js';
import {
  openTestDatabase,
  appTestDatabaseKinds,
  type TestDatabase,
} from './testing/testDatabase.js';

/** Big enough for compression to matter. */
const APP_JS = 'console.log("app");\n'.repeat(200);

/** A raw GET (fetch would decode the body and hide what went over the wire). */
function rawGet(
  url: string,
  acceptEncoding: string,
): Promise<{
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}> {
  return new Promise((resolve, reject) => {
    request(url, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

describe.each(appTestDatabaseKinds)('HTTP plumbing (%s)', (kind) => {
  let database: TestDatabase;
  let t: TestApp;
  const webDist = mkdtempSync(join(tmpdir(), 'bff-web-'));

  beforeAll(async () => {
    mkdirSync(join(webDist, 'assets'));
    writeFileSync(
      join(webDist, 'index.html'),
      '<!doctype html><html><head><title>Payouts</title></head><body><div id="root"></div></body></html>',
    );
    writeFileSync(
      join(webDist, 'route-preloads.json'),
      JSON.stringify({
        routes: [
          { path: '/payouts/:id', files: ['assets/frame-1.js', 'assets/detail-2.js'] },
          { path: '/payouts/new', files: ['assets/frame-1.js', 'assets/wizard-3.js'] },
        ],
      }),
    );
    writeFileSync(join(webDist, 'assets', 'app-abc123.js'), APP_JS);
    writeFileSync(join(webDist, 'assets', 'app-abc123.js.map'), '{"sources":["src/main.tsx"]}');
    database = await openTestDatabase(kind);
    t = await startTestApp({ database, env: { WEB_DIST_DIR: webDist } });
  });
  afterAll(async () => {
    await t?.close();
    await database?.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  describe('health', () => {
    it('/healthz says the process is up', async () => {
      const res = await t.api('/healthz');
      expect(res.status).toBe(200);
      expect(await readJson(res)).toEqual({ status: 'ok' });
    });

    it('/readyz checks the database and the orchestrator login', async () => {
      const res = await t.api('/readyz');
      expect(res.status).toBe(200);
      expect(await readJson(res)).toEqual({
        status: 'ready',
        checks: { database: 'ok', orchestrator: 'ok' },
      });
    });

    it('/readyz answers 503 naming the orchestrator when it is down', async () => {
      t.sandbox.faults.add({ kind: 'http_503', route: 'list_payouts' });
      try {
        const res = await t.api('/readyz');
        expect(res.status).toBe(503);
        expect(await readJson(res)).toEqual({
          status: 'not_ready',
          checks: { database: 'ok', orchestrator: 'failed' },
        });
      } finally {
        t.sandbox.faults.clear();
      }
    });
  });

  describe('request ids', () => {
    it('echoes a sane incoming X-Request-Id and makes one up otherwise', async () => {
      const echoed = await t.api('/healthz', { headers: { 'X-Request-Id': 'edge-123.abc' } });
      expect(echoed.headers.get('x-request-id')).toBe('edge-123.abc');
      const made = await t.api('/healthz', { headers: { 'X-Request-Id': 'bad id <script>' } });
      expect(made.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    });
  });

  describe('problem+json', () => {
    async function expectProblem(res: Response, status: number, code: string) {
      expect(res.status).toBe(status);
      expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      const problem = await readJson(res);
      expect(problem).toMatchObject({
        type: `urn:payouts:problem:${code}`,
        status,
        code,
        title: expect.any(String),
        detail: expect.any(String),
        requestId: res.headers.get('x-request-id'),
      });
      return problem;
    }

    it('malformed JSON is a 400, not a 500', async () => {
      const res = await t.api('/api/session', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: '{"email": "a@example.com", ',
      });
      const problem = await expectProblem(res, 400, 'malformed_request');
      expect(problem.instance).toBe('/api/session');
    });

    it('a body that is not JSON is a 415', async () => {
      const res = await t.api('/api/session', {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'email=a%40example.com&password=x',
      });
      await expectProblem(res, 415, 'unsupported_media_type');
    });

    it('a huge body is a 413', async () => {
      const res = await t.api('/api/session', {
        method: 'POST',
        json: { email: 'a@example.com', password: 'x'.repeat(200_000) },
      });
      await expectProblem(res, 413, 'payload_too_large');
    });

    it('an unknown API route is a 404 problem, even signed in', async () => {
      await expectProblem(await t.api('/api/nope'), 404, 'not_found');
      const admin = await t.signIn('admin');
      await expectProblem(await admin('/api/nope'), 404, 'not_found');
    });

    it('validation problems carry pointers', async () => {
      const res = await t.api('/api/session', { method: 'POST', json: { email: '' } });
      const problem = await expectProblem(res, 422, 'validation_failed');
      expect(problem.errors).toEqual(
        expect.arrayContaining([
          { pointer: '/email', message: 'Enter your email' },
          { pointer: '/password', message: expect.any(String) },
        ]),
      );
    });
  });

  describe('CSRF', () => {
    const body = { email: 'admin@example.com', password: 'demo-password' };

    it('refuses a cross-site POST even with a valid session cookie', async () => {
      const admin = await t.signIn('admin');
      const res = await admin('/api/session', {
        method: 'DELETE',
        crossSite: true,
        headers: { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' },
      });
      expect(res.status).toBe(403);
      expect((await readJson(res)).code).toBe('forbidden');
      // The session survived the attempt.
      expect((await admin('/api/session')).status).toBe(200);
    });

    it('accepts our Origin, or Sec-Fetch-Site: same-origin', async () => {
      const byOrigin = await t.api('/api/session', { method: 'POST', json: body });
      expect(byOrigin.status).toBe(200);
      const byFetchSite = await t.api('/api/session', {
        method: 'POST',
        json: body,
        crossSite: true,
        headers: { 'Sec-Fetch-Site': 'same-origin' },
      });
      expect(byFetchSite.status).toBe(200);
    });

    it('without Origin or Sec-Fetch-Site, requires X-Requested-With', async () => {
      const bare = await t.api('/api/session', { method: 'POST', json: body, crossSite: true });
      expect(bare.status).toBe(403);
      const withHeader = await t.api('/api/session', {
        method: 'POST',
        json: body,
        crossSite: true,
        headers: { 'X-Requested-With': 'fetch' },
      });
      expect(withHeader.status).toBe(200);
    });

    it('refuses a same-site but cross-origin request', async () => {
      const res = await t.api('/api/session', {
        method: 'POST',
        json: body,
        crossSite: true,
        headers: { Origin: 'http://127.0.0.1:1', 'Sec-Fetch-Site': 'same-site' },
      });
      expect(res.status).toBe(403);
    });
  });

  describe('security headers and the SPA', () => {
    it('sends a strict CSP without inline scripts', async () => {
      const res = await t.api('/healthz');
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-powered-by')).toBeNull();
    });

    it('denies powerful browser features to every page (Permissions-Policy)', async () => {
      for (const path of ['/healthz', '/payouts', '/api/session']) {
        const policy = (await t.api(path)).headers.get('permissions-policy') ?? '';
        for (const feature of ['camera=()', 'microphone=()', 'geolocation=()', 'payment=()']) {
          expect(policy).toContain(feature);
        }
      }
    });

    it('never serves source maps, signed in or not', async () => {
      const anonymous = await t.api('/assets/app-abc123.js.map');
      expect(anonymous.status).toBe(404);
      expect(await anonymous.text()).not.toContain('sources');
      const admin = await t.signIn('admin');
      const signedIn = await admin('/assets/app-abc123.js.map');
      expect(signedIn.status).toBe(404);
      expect(await signedIn.text()).not.toContain('sources');
    });

    it('serves index.html for client-side routes, assets with long caching, never for /api', async () => {
      const page = await t.api('/payouts/123');
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toMatch(/^text\/html/);
      // The page's chunks, from the build's route-preloads.json, load beside the entry.
      // No session cookie, no session in the page: the app asks (decision 034).
      expect(await page.text()).toBe(
        '<!doctype html><html><head><title>Payouts</title>' +
          '<link rel="modulepreload" crossorigin href="/assets/frame-1.js">' +
          '<link rel="modulepreload" crossorigin href="/assets/detail-2.js">' +
          '</head><body><div id="root"></div></body></html>',
      );
      expect(page.headers.get('cache-control')).toBe('no-cache');
      // A path without parameters wins over one with.
      expect(await (await t.api('/payouts/new')).text()).toContain('/assets/wizard-3.js');
      // No page there: the app's own "not found", without preloads.
      expect(await (await t.api('/payouts/1/2')).text()).not.toContain('modulepreload');
      // A path that names a folder of the build is the page too, never a redirect to `…/`.
      for (const folder of ['/assets', '/payouts/%2E%2E']) {
        const page = await t.api(folder, { redirect: 'manual' });
        expect(page.status).toBe(200);
        expect(page.headers.get('content-type')).toMatch(/^text\/html/);
      }
      // A missing asset is a 404, not the page: a stale tab's import must fail, not parse HTML.
      const missingAsset = await t.api('/assets/gone-abc123.js');
      expect(missingAsset.status).toBe(404);
      expect(missingAsset.headers.get('content-type')).toMatch(/problem\+json/);
      const asset = await t.api('/assets/app-abc123.js');
      expect(asset.status).toBe(200);
      expect(asset.headers.get('cache-control')).toContain('immutable');
      const api = await t.api('/api/unknown');
      expect(api.status).toBe(404);
      expect(api.headers.get('content-type')).toMatch(/problem\+json/);
    });

    it('embeds the session GET /api/session answers in the page, escaped, never stored', async () => {
      const admin = await t.signIn('admin');
      const session = await readJson(await admin('/api/session'));
      const page = await admin('/payouts');
      expect(page.headers.get('cache-control')).toBe('no-store');
      const block = /<script type="application\/json" id="payouts-session">(.*?)<\/script>/.exec(
        await page.text(),
      )?.[1];
      expect(JSON.parse(block ?? 'undefined')).toEqual(session);
      expect(page.headers.get('vary')).toContain('Cookie');
      // A cookie for a session that is gone: signed out in the page, and the cookie cleared.
      const gone = await fetch(`${t.baseUrl}/payouts`, {
        headers: { cookie: 'session=not-a-session' },
      });
      expect(await gone.text()).toContain('id="payouts-session">null</script>');
      expect(gone.headers.get('set-cookie')).toMatch(/^session=;/);
    });

    it('serves assets compressed (brotli, else gzip, else as they are), cached for a year', async () => {
      const url = `${t.baseUrl}/assets/app-abc123.js`;
      const br = await rawGet(url, 'gzip, deflate, br');
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['vary']).toContain('Accept-Encoding');
      expect(br.headers['content-type']).toMatch(/javascript/);
      expect(br.headers['cache-control']).toContain('immutable');
      expect(br.body.length).toBeLessThan(APP_JS.length / 4);
      expect(brotliDecompressSync(br.body).toString()).toBe(APP_JS);
      const gzip = await rawGet(url, 'gzip');
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzip.body).toString()).toBe(APP_JS);
      const plain = await rawGet(url, 'identity');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body.toString()).toBe(APP_JS);
      // Not ours to answer: whatever the static files and the SPA fallback answer.
      const missing = await rawGet(`${t.baseUrl}/assets/missing-abc.js`, 'br');
      expect(missing.headers['content-encoding']).toBeUndefined();
      const traversal = await rawGet(`${t.baseUrl}/assets/..%2findex.html`, 'br');
      expect(traversal.headers['content-encoding']).toBeUndefined();
    });

    it('API replies are never cached', async () => {
      const admin = await t.signIn('admin');
      expect((await admin('/api/session')).headers.get('cache-control')).toBe('no-store');
    });
  });
});
