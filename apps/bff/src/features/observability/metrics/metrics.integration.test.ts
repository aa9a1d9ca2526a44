import { randomUUID } from 'node:crypto';
import { ORCHESTRATOR_ERROR_KINDS } from '@payouts/orchestrator-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readJson, startTestApp, type ApiFetch, type TestApp } from '../../../testing/testApp.js';
import { TEST_CARD_METADATA } from '../../../testing/testCardMetadata.js';
import {
  openTestDatabase,
  appTestDatabaseKinds,
  type TestDatabase,
} from '../../../testing/testDatabase.js';
import { mountedRoutes } from '../mountedRoutes.js';

const TOKEN = 'metrics-token-0123456789abcdefghij';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The text exposition format, one sample a line (no escaped quotes in our label values). */
function parse(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m) throw new Error(`unreadable metrics line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, k, v] of (m[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) {
      labels[k!] = v!;
    }
    samples.push({ name: m[1]!, labels, value: Number(m[3]) });
  }
  return samples;
}

const sum = (samples: Sample[], name: string, labels: Record<string, string>) =>
  samples
    .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    .reduce((total, s) => total + s.value, 0);

describe.each(appTestDatabaseKinds)('Prometheus metrics (%s)', (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await database.close();
  });

  it('are off by default: /metrics is a 404, whatever the token', async () => {
    const t = await startTestApp({ database });
    try {
      for (const headers of [new Headers(), new Headers({ Authorization: `Bearer ${TOKEN}` })]) {
        const res = await t.api('/metrics', { headers });
        expect(res.status).toBe(404);
        expect(res.headers.get('content-type')).toMatch(/problem\+json/);
      }
    } finally {
      await t.close();
    }
  });

  describe('with METRICS_TOKEN', () => {
    let t: TestApp;
    let finance: ApiFetch;
    const scrape = async () => {
      const res = await t.api('/metrics', { headers: { Authorization: `Bearer ${TOKEN}` } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
      return { text: await res.clone().text(), samples: parse(await res.text()) };
    };

    beforeAll(async () => {
      t = await startTestApp({ database, env: { METRICS_TOKEN: TOKEN } });
      finance = await t.signIn('finance');
    });
    afterAll(async () => {
      await t.close();
    });

    it('answer only the Bearer token (401 otherwise, nothing of the figures shown)', async () => {
      for (const authorization of [
        undefined,
        `Bearer ${TOKEN}x`,
        `Bearer ${TOKEN.slice(0, -1)}`,
        `Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}`,
        TOKEN,
        'Bearer ',
      ]) {
        const res = await t.api('/metrics', {
          headers: authorization === undefined ? {} : { Authorization: authorization },
        });
        expect(res.status, authorization).toBe(401);
        expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/);
        expect(await res.text()).not.toContain('bff_');
      }
      // A session is no substitute for the token.
      expect((await finance('/metrics')).status).toBe(401);
      await scrape();
    });

    it('count requests per route template and status, and orchestrator calls per operation', async () => {
      const before = (await scrape()).samples;
      const orderId = `metrics-${randomUUID()}`;
      const created = await finance('/api/payouts', {
        method: 'POST',
        headers: { 'Idempotency-Key': randomUUID() },
        json: {
          order_id: orderId,
          provider: 'northwind_pay',
          country: 'BE',
          currency: 'EUR',
          state: null,
          amount: '10.00',
          payout_method_type: 'credit_card',
          metadata: TEST_CARD_METADATA,
        },
      });
      expect(created.status).toBe(201);
      const payout = (await readJson(created)) as { id: string };
      expect((await finance(`/api/payouts/${payout.id}`)).status).toBe(200);
      expect((await finance(`/api/payouts/${randomUUID()}`)).status).toBe(404);
      expect((await finance(`/api/no-such-route/${randomUUID()}`)).status).toBe(404);

      // Backlog and queue figures are kept a few seconds between scrapes.
      t.clock.advance(10_000);
      const { samples } = await scrape();
      const delta = (name: string, labels: Record<string, string>) =>
        sum(samples, name, labels) - sum(before, name, labels);
      const detail = { route: '/api/payouts/:id', method: 'GET' };
      expect(delta('bff_http_requests_total', { ...detail, status: '200' })).toBe(1);
      expect(
        delta('bff_http_requests_total', { ...detail, status: '404', status_class: '4xx' }),
      ).toBe(1);
      expect(delta('bff_http_requests_total', { route: 'unmatched', status: '404' })).toBe(1);
      expect(
        delta('bff_http_requests_total', { route: '/api/payouts', method: 'POST', status: '201' }),
      ).toBe(1);
      expect(
        delta('bff_http_request_duration_seconds_count', { ...detail, status_class: '2xx' }),
      ).toBe(1);
      expect(
        delta('bff_orchestrator_calls_total', { operation: 'createPayout', outcome: 'ok' }),
      ).toBe(1);
      expect(
        delta('bff_orchestrator_call_duration_seconds_count', { operation: 'createPayout' }),
      ).toBe(1);
      // The payout is pending at the orchestrator: the reconciler follows it.
      expect(sum(samples, 'bff_reconciler_backlog', { state: 'non_final' })).toBeGreaterThanOrEqual(
        1,
      );
      expect(sum(samples, 'bff_reconciler_lag_seconds', {})).toBeGreaterThanOrEqual(0);
      expect(
        samples.some((s) => s.name === 'bff_queue_depth' && s.labels.queue === 'email_outbox'),
      ).toBe(true);
      expect(samples.some((s) => s.name === 'nodejs_eventloop_lag_seconds')).toBe(true);
      if (kind === 'postgres') {
        expect(sum(samples, 'bff_db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(
          1,
        );
      }
    });

    it('never label with an id, an e-mail or any value from outside a fixed set', async () => {
      // Traffic with ids, e-mails and junk in URLs, queries and bodies.
      const email = `someone-${randomUUID()}@example.com`;
      await t.api('/api/session', { method: 'POST', json: { email, password: 'wrong-password' } });
      await finance(`/api/payouts?q=${encodeURIComponent(email)}`);
      await finance(`/api/payouts/${randomUUID()}`);
      await finance(`/api/beneficiaries/${randomUUID()}`);
      await t.api(`/${randomUUID()}/${encodeURIComponent(email)}`);
      await t.api(`/api/orchestrator/notifications/${randomUUID()}`, { method: 'POST', json: {} });
      await t.api('/api/payouts', { method: 'PROPFIND' });

      const { text, samples } = await scrape();
      expect(text).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i);
      expect(text).not.toContain('@');
      const routes = new Set([...mountedRoutes(t.app, '').map((r) => r.path), 'unmatched']);
      const allowed: Record<string, (v: string) => boolean> = {
        route: (v) => routes.has(v),
        method: (v) =>
          ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'OTHER'].includes(v),
        status: (v) => /^[1-5][0-9]{2}$/.test(v),
        status_class: (v) => /^[1-5]xx$/.test(v),
        operation: (v) =>
          [
            'getPayoutProviders',
            'createPayout',
            'listPayouts',
            'getPayout',
            'checkPayoutStatus',
            'getFingerprint',
            'createCardDeposit',
            'getDeposit',
          ].includes(v),
        outcome: (v) => ['ok', 'error', ...ORCHESTRATOR_ERROR_KINDS].includes(v),
        state: (v) =>
          [
            'unknown',
            'non_final',
            'needs_attention',
            'queued',
            'active',
            'pending',
            'due',
            'total',
            'idle',
            'waiting',
          ].includes(v),
        queue: (v) => ['batch_rows', 'email_outbox'].includes(v),
        le: (v) => v === '+Inf' || Number.isFinite(Number(v)),
      };
      const ours = samples.filter((s) => s.name.startsWith('bff_'));
      expect(ours.length).toBeGreaterThan(10);
      for (const sample of ours) {
        for (const [label, value] of Object.entries(sample.labels)) {
          expect(allowed[label], `${sample.name}: unexpected label ${label}`).toBeDefined();
          expect(allowed[label]!(value), `${sample.name}{${label}="${value}"}`).toBe(true);
        }
      }
      expect(ours.some((s) => s.labels.route === 'unmatched')).toBe(true);
    });
  });
});
