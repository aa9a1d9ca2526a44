import type { Sandbox } from '@payouts/orchestrator-sandbox';
import { TEST_CARD_METADATA } from '../testCardMetadata.js';
import type { ApiFetch, ApiInit } from '../testApp.js';
import {
  CHILD_NOTIFICATION_TOKEN,
  CHILD_SESSION_SECRET,
  spawnChild,
  waitUntilReady,
  type ChildBff,
} from './childProcesses.js';

/**
 * The environment of a BFF child process (`main.ts`) on its own PostgreSQL database, in demo
 * mode (one user per role), talking to `sandbox`; `overrides` add or replace keys.
 */
export function childBffEnv({
  databaseUrl,
  sandbox,
  port,
  overrides = {},
}: {
  databaseUrl: string;
  sandbox: Sandbox;
  port: number;
  overrides?: Record<string, string>;
}): Record<string, string> {
  const base = `http://127.0.0.1:${port}`;
  return {
    DATABASE_URL: databaseUrl,
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: base,
    DEMO: '1',
    SESSION_SECRET: CHILD_SESSION_SECRET,
    ORCHESTRATOR_BASE_URL: sandbox.url,
    ORCHESTRATOR_API_KEY: sandbox.credentials.apiKey,
    ORCHESTRATOR_USER_NAME: sandbox.credentials.userName,
    ORCHESTRATOR_PASSWORD: sandbox.credentials.password,
    ORCHESTRATOR_NOTIFICATION_TOKEN: CHILD_NOTIFICATION_TOKEN,
    CORRIDORS: 'BE:EUR',
    LOG_LEVEL: 'warn',
    // Many payouts of one amount to one test card, as in the in-process suites.
    DUPLICATE_WINDOW_DAYS: '0',
    ...overrides,
  };
}

/** Starts `main.ts` with `env` and waits until `base` answers ready. */
export async function startChildBff(env: Record<string, string>, base: string): Promise<ChildBff> {
  const child = await spawnChild('main', env);
  await waitUntilReady(`${base}/readyz`, child, 30_000);
  return child;
}

/** Signs a demo user in on a child BFF; its session cookie (`name=value`). */
export async function signInChild(base: string, email: string): Promise<string> {
  const res = await fetch(`${base}/api/session`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: base },
    body: JSON.stringify({ email, password: 'demo-password' }),
  });
  if (res.status !== 200) throw new Error(`sign-in as ${email} answered ${res.status}`);
  const cookie = res.headers.getSetCookie()[0]?.split(';')[0];
  if (!cookie) throw new Error('sign-in set no cookie');
  return cookie;
}

/**
 * `fetch` against a child BFF as a signed-in browser on its origin (Origin header, the session
 * cookie; `json` sent as JSON), shaped like `TestApp.api` so the `testing/` helpers take it.
 */
export function childApi(base: string, cookie: string): ApiFetch {
  const api = (async (path: string, init: ApiInit = {}) => {
    const { json, crossSite, headers: extra, ...rest } = init;
    const headers = new Headers(extra);
    const method = (rest.method ?? 'GET').toUpperCase();
    if (!crossSite && !['GET', 'HEAD'].includes(method)) headers.set('Origin', base);
    if (api.cookie) headers.set('Cookie', api.cookie);
    let body = rest.body;
    if (json !== undefined) {
      headers.set('Content-Type', 'application/json');
      body = JSON.stringify(json);
    }
    return fetch(base + path, { ...rest, method, headers, body });
  }) as ApiFetch;
  api.cookie = cookie;
  return api;
}

/** A `northwind_pay` card payout in BE/EUR, the body of `POST /api/payouts`. */
export function cardPayoutBody(orderId: string, amount = '125.50') {
  return {
    order_id: orderId,
    provider: 'northwind_pay',
    country: 'BE',
    currency: 'EUR',
    state: null,
    amount,
    payout_method_type: 'credit_card',
    metadata: { ...TEST_CARD_METADATA },
  };
}

/**
 * Reads the corridor's PSPs once through the BFF, so that its creates find the metadata cached
 * and only the create itself meets the orchestrator: on a loaded machine, a first metadata read
 * can outlast a short client timeout. A timed-out read is asked again (at most five times).
 */
export async function warmProviders(base: string, cookie: string): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    const res = await fetch(`${base}/api/providers?country=BE&currency=EUR`, {
      headers: { Cookie: cookie },
    });
    await res.arrayBuffer();
    if (res.ok) return;
    if (attempt === 5) throw new Error(`providers not read: ${res.status}`);
  }
}
