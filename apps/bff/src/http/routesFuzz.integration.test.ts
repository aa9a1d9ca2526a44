import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestIdp, type TestIdp } from '@payouts/test-idp';
import { createApp } from '../app.js';
import { ERROR_CODES } from '../shared/AppError.js';
import { PROBLEM_CONTENT_TYPE } from './problemHandler.js';
import {
  auditCount,
  rateLimitHitsTotal,
  rowCounts,
  tableHashes,
} from '../testing/fuzz/dbSnapshot.js';
import {
  badRequestKinds,
  badRequests,
  invalidByConstruction,
  type FuzzInput,
} from '../testing/fuzz/fuzzRequests.js';
import { createRawClient, type RawClient, type RawResponse } from '../testing/fuzz/rawRequest.js';
import { mountedRoutes } from '../features/observability/mountedRoutes.js';
import { FUZZ_ROUTES, type FuzzRoute } from '../testing/fuzz/routeTable.js';
import { readJson, startTestApp, type TestApp } from '../testing/testApp.js';
import {
  appTestDatabaseKinds,
  openTestDatabase,
  type TestDatabase,
} from '../testing/testDatabase.js';
import { TEST_CARD_METADATA } from '../testing/testCardMetadata.js';

/**
 * "Bad input, everywhere": every route the BFF mounts meets generated bad requests (malformed
 * JSON, wrong types and content types, unknown fields, huge bodies, odd unicode, hostile
 * strings, bad ids and query strings) sent with a session allowed on it. Each must get a 4xx
 * (never a 5xx), reach no orchestrator, and write no row. A route's run starts with one input of
 * every kind that applies to it, so every kind meets every route at any count.
 * FUZZ_RUNS (default 20 per route on every push, after one of every kind; 1000 or more for a deeper run), FUZZ_BATCH
 * (default 10) and FUZZ_SEED tune a run; the seed is printed on failure.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 20);
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);
// One database kind: PostgreSQL when configured, else PGlite.
const [KIND = 'pglite'] = appTestDatabaseKinds;

/** Inputs sent at once (the machine's cores wait on I/O otherwise); row counts run per batch. */
const BATCH = Number(process.env.FUZZ_BATCH ?? 10);

interface RouteReport {
  route: string;
  inputs: number;
  statuses: Record<string, number>;
  kinds: Record<string, number>;
  orchestratorReads: number;
  auditRows: number;
  ms: number;
  /** Where the time went: sending and waiting for replies, and the per-input row counts. */
  sendMs: number;
  countMs: number;
  known500s: number;
}

/**
 * 500s found in code this suite may not change (features/payouts is being rewritten): each is
 * counted and printed instead of failing, and the suite fails once one no longer happens, so
 * the entry is removed with the fix. Reproduce with the body shown.
 */
const KNOWN_500S: { route: string; path: string; kind: string; body: string; note: string }[] = [];

function routeName(route: FuzzRoute): string {
  return `${route.method} ${route.path}`;
}

function testName(route: FuzzRoute): string {
  return `${routeName(route)}${route.awaitingPayout ? ' (a payout awaiting approval)' : ''}`;
}

describe(`every BFF route refuses bad input (${KIND})`, () => {
  let database: TestDatabase;
  let t: TestApp;
  let idp: TestIdp;
  let raw: RawClient;
  let webDir: string;
  const calls: string[] = [];
  const cookies = new Map<string, string>();
  const reports: RouteReport[] = [];
  let awaitingPayoutId = '';

  beforeAll(async () => {
    webDir = await mkdtemp(join(tmpdir(), 'fuzz-web-'));
    await mkdir(join(webDir, 'assets'));
    await writeFile(join(webDir, 'index.html'), '<!doctype html><title>SPA</title>');
    await writeFile(join(webDir, 'assets', 'app.js'), 'console.log(1)');
    database = await openTestDatabase(KIND);
    // Single sign-on on (AUTH_MODE=both): the OIDC routes meet the fuzz for real.
    idp = await startTestIdp({
      clients: [
        {
          client_id: 'fuzz',
          client_secret: 'fuzz-secret',
          redirect_uris: ['http://127.0.0.1/api/auth/oidc/callback'],
        },
      ],
      accounts: [],
    });
    t = await startTestApp({
      database,
      env: {
        OIDC_ISSUER: idp.issuer,
        OIDC_CLIENT_ID: 'fuzz',
        OIDC_CLIENT_SECRET: 'fuzz-secret',
        OIDC_ROLE_MAP: 'payouts-finance=finance',
        WEB_DIST_DIR: webDir,
        // Failed sign-ins are throttled per address: the fuzz sends thousands from one.
        SIGN_IN_MAX_FAILURES_PER_ADDRESS: '100000',
        SIGN_IN_MAX_FAILURES_PER_ACCOUNT: '1000',
        // Every refused input logs a warning: only errors (a 5xx) are worth the time here.
        LOG_LEVEL: 'error',
        // Every payout over 1,000 waits for a second person: the fixture below is one.
        APPROVAL_THRESHOLDS: '*=1000',
      },
      wrapOrchestrator: (client) =>
        new Proxy(client, {
          get(target, key, receiver) {
            const value: unknown = Reflect.get(target, key, receiver);
            if (typeof value !== 'function') return value;
            return (...args: unknown[]) => {
              calls.push(String(key));
              return (value as (...a: unknown[]) => unknown).apply(target, args);
            };
          },
        }),
    });
    raw = createRawClient(t.baseUrl);
    for (const role of ['finance', 'support', 'admin'] as const) {
      cookies.set(role, (await t.signIn(role)).cookie!);
    }
    // A payout awaiting approval, created by finance: approve/reject/cancel are fuzzed on it too.
    const created = await (
      await t.signIn('finance')
    )('/api/payouts', {
      method: 'POST',
      headers: { 'Idempotency-Key': 'fuzz-awaiting-approval' },
      json: {
        order_id: 'fuzz-awaiting-1',
        provider: 'northwind_pay',
        country: 'BE',
        currency: 'EUR',
        state: null,
        amount: '5000.00',
        payout_method_type: 'credit_card',
        metadata: {
          ...TEST_CARD_METADATA,
        },
      },
    });
    const payout = (await readJson(created)) as { id: string; status: string };
    expect([created.status, payout.status]).toEqual([201, 'awaiting_approval']);
    awaitingPayoutId = payout.id;
    // Warm the metadata caches the way a day's use does: a read after that is a real call.
    const admin = await t.signIn('admin');
    for (const path of [
      '/api/providers?country=BE&currency=EUR',
      '/api/providers?country=US&currency=USD',
      '/api/providers/matrix',
    ]) {
      expect((await admin(path)).status).toBe(200);
    }
  });

  afterAll(async () => {
    raw?.close();
    await t?.close();
    await idp?.stop();
    await database?.close();
    await rm(webDir, { recursive: true, force: true });
    if (reports.length > 0) {
      const lines = reports.map(
        (r) =>
          `${r.route.padEnd(48)} ${String(r.inputs).padStart(5)} inputs ${String(r.ms).padStart(6)} ms (send ${Math.round(r.sendMs)}, count ${Math.round(r.countMs)})  ${JSON.stringify(r.statuses)}${r.orchestratorReads ? `  reads:${r.orchestratorReads}` : ''}${r.auditRows ? `  audit:${r.auditRows}` : ''}${r.known500s ? `  KNOWN 500s:${r.known500s}` : ''}`,
      );
      const total = reports.reduce((n, r) => n + r.inputs, 0);
      const knownNotes = KNOWN_500S.map((k) => `  KNOWN 500: ${k.route} ${k.body}: ${k.note}`);
      console.log(
        `routes fuzz (${KIND}, ${RUNS} runs per route): ${reports.length} routes, ${total} inputs\n${[...lines, ...knownNotes].join('\n')}`,
      );
    }
  });

  it('lists every route a router mounts', () => {
    const app = createApp({
      config: t.config,
      db: t.db,
      jobsDb: t.database.handle.jobsDb,
      logger: pino({ level: 'silent' }),
      orchestrator: t.orchestrator,
      corridors: [],
      readinessChecks: {},
    });
    const listed = new Set(FUZZ_ROUTES.map(routeName));
    const mounted = new Set(
      mountedRoutes(app, '').map((r) => `${r.method.toUpperCase()} ${r.path}`),
    );
    const missing = [...mounted].filter((r) => !listed.has(r));
    expect(missing, 'mounted routes missing from FUZZ_ROUTES').toEqual([]);
    const notMounted = FUZZ_ROUTES.filter(
      (r) => !r.path.includes('*') && !mounted.has(routeName(r)),
    );
    expect(notMounted.map(routeName), 'FUZZ_ROUTES entries no router mounts').toEqual([]);
  });

  // Each known 500 is still there (else: remove it from KNOWN_500S with the fix).
  for (const known of KNOWN_500S) {
    it(`known 500 still happens: ${known.route} ${known.body}`, async () => {
      const calls0 = calls.length;
      const res = await raw.send({
        method: 'POST',
        path: known.path,
        body: known.body,
        headers: {
          'Content-Type': 'application/json',
          'Idempotency-Key': 'fuzz-known-500-probe',
          Origin: t.config.publicUrl.origin,
          Cookie: cookies.get('admin')!,
        },
      });
      expect(res.status, `fixed? remove "${known.route} ${known.kind}" from KNOWN_500S`).toBe(500);
      console.log(
        `KNOWN 500 (features/payouts, not fixed here): ${known.route} ${known.body} -> 500 after orchestrator calls [${calls.slice(calls0).join(', ')}]; ${known.note}`,
      );
    });
  }

  async function send(route: FuzzRoute, input: FuzzInput): Promise<RawResponse> {
    const headers = { ...input.request.headers };
    if (route.method !== 'GET') headers.Origin = t.config.publicUrl.origin;
    const cookie =
      input.cookie ?? (route.role === 'anonymous' ? undefined : cookies.get(route.role));
    if (cookie !== undefined) headers.Cookie = cookie;
    return raw.send({ ...input.request, headers });
  }

  function check(route: FuzzRoute, input: FuzzInput, res: RawResponse, report: RouteReport) {
    const where = `${input.kind}: ${input.request.method} ${input.request.path.slice(0, 300)} ${JSON.stringify(input.request.headers)} body ${JSON.stringify(String(input.request.body ?? '').slice(0, 200))} -> ${res.status} ${res.text.slice(0, 300)}`;
    t.secretScanner.check(where, res.text);
    const known = KNOWN_500S.find((k) => k.route === routeName(route) && k.kind === input.kind);
    if (known && res.status === 500) {
      report.known500s += 1;
      return;
    }
    expect(res.status, where).toBeLessThan(500);
    const type = String(res.headers['content-type'] ?? '');
    if (input.expect === 'problem') {
      expect(res.status, where).toBeGreaterThanOrEqual(400);
    }
    if (res.status >= 400) {
      expect(type, where).toContain(PROBLEM_CONTENT_TYPE);
      const problem = JSON.parse(res.text) as { code?: unknown; status?: unknown };
      expect(Object.keys(ERROR_CODES), where).toContain(problem.code);
      expect(problem.status, where).toBe(res.status);
    }
    if (route.path === '*') expect(res.text, where).not.toMatch(/root:|\[core\]|PRIVATE KEY/);
  }

  // Routes whose inputs may legitimately read the orchestrator or write an audit row, and those
  // on the real payout, run one at a time (so every call and row is theirs); the rest run side by side (vitest's
  // maxConcurrency, 5), sharing the app and database: a write by any of them still shows.
  const alone = (route: FuzzRoute) =>
    (route.expectedAudit ?? []).length > 0 ||
    (route.orchestratorReads ?? []).length > 0 ||
    route.awaitingPayout === true;
  const ordered = [...FUZZ_ROUTES.filter(alone), ...FUZZ_ROUTES.filter((r) => !alone(r))];
  for (const route of ordered) {
    const test = alone(route) ? it : it.concurrent;
    test(
      `${testName(route)}: ${RUNS} bad inputs, never a 5xx, an orchestrator call or a write`,
      { timeout: 300_000 },
      async () => {
        const started = Date.now();
        const report: RouteReport = {
          route: testName(route),
          inputs: 0,
          statuses: {},
          kinds: {},
          orchestratorReads: 0,
          auditRows: 0,
          ms: 0,
          sendMs: 0,
          countMs: 0,
          known500s: 0,
        };
        const expectedAudit = route.expectedAudit ?? [];
        const sandboxSeen = () => ({
          creates: t.sandbox.inspect.createCalls().length,
          statusChecks: t.sandbox.inspect.statusCalls().length,
          payouts: t.sandbox.inspect.payouts().length,
          deposits: t.sandbox.inspect.deposits().length,
        });
        const sandboxBefore = sandboxSeen();
        const hashesBefore = await tableHashes(t.db);
        const auditBefore = await auditCount(t.db, expectedAudit);
        const signInHits = route.countsFailedSignIns;
        let counts = await rowCounts(t.db);
        const context = {
          notificationToken: t.config.orchestrator.notificationToken,
          awaitingPayoutId,
        };
        // One input of every kind first, in batches as the generated ones are sent.
        const everyKind = badRequestKinds(route, context)
          .map(
            ({ arbitrary }, i) => fc.sample(arbitrary, { numRuns: 1, seed: (SEED ?? 0) + i })[0]!,
          )
          .filter((input) => !route.awaitingPayout || invalidByConstruction(input));
        const examples: [FuzzInput[]][] = [];
        for (let i = 0; i < everyKind.length; i += BATCH) {
          examples.push([everyKind.slice(i, i + BATCH)]);
        }
        await fc.assert(
          fc.asyncProperty(
            fc.array(badRequests(route, context), {
              minLength: BATCH,
              maxLength: BATCH,
            }),
            async (inputs) => {
              // Invalid-by-construction inputs go together, so any orchestrator call is theirs.
              for (const expectation of ['problem', 'no5xx'] as const) {
                const group = inputs.filter((input) => input.expect === expectation);
                if (group.length === 0) continue;
                const callsBefore = calls.length;
                const hitsBefore = signInHits ? await rateLimitHitsTotal(t.db) : 0;
                const sentAt = performance.now();
                const replies = await Promise.all(group.map((input) => send(route, input)));
                report.sendMs += performance.now() - sentAt;
                const newCalls = calls.slice(callsBefore);
                report.orchestratorReads += newCalls.length;
                group.forEach((input, i) => {
                  const res = replies[i]!;
                  report.inputs += 1;
                  report.statuses[res.status] = (report.statuses[res.status] ?? 0) + 1;
                  report.kinds[input.kind] = (report.kinds[input.kind] ?? 0) + 1;
                  check(route, input, res, report);
                });
                if (signInHits) {
                  // Exactly one hit per limiter for each failed sign-in, none for anything else.
                  const failed = replies.filter((res) => res.status === 401).length;
                  expect(
                    (await rateLimitHitsTotal(t.db)) - hitsBefore,
                    `rate limit hits for ${replies.map((r) => r.status).join(',')}`,
                  ).toBe(failed * signInHits.limiters);
                }
                const allowed = expectation === 'no5xx' ? (route.orchestratorReads ?? []) : [];
                expect(
                  newCalls.filter((c) => !allowed.includes(c)),
                  `orchestrator calls for ${group.map((g) => `${g.kind} ${g.request.path.slice(0, 100)}`).join(' | ')}`,
                ).toEqual([]);
              }
              const countedAt = performance.now();
              const after = await rowCounts(t.db);
              report.countMs += performance.now() - countedAt;
              const audited = expectedAudit.length > 0 ? after.audit_log - counts.audit_log : 0;
              // Checked above, hit by hit.
              const throttled = signInHits ? after.rate_limit_hits - counts.rate_limit_hits : 0;
              expect(
                JSON.stringify({
                  ...after,
                  audit_log: after.audit_log - audited,
                  rate_limit_hits: after.rate_limit_hits - throttled,
                }),
                `rows written by one of: ${inputs.map((i) => `${i.kind} ${i.request.path.slice(0, 100)}`).join(' | ')}`,
              ).toBe(JSON.stringify(counts));
              counts = after;
            },
          ),
          {
            numRuns: Math.ceil(RUNS / BATCH) + examples.length,
            examples,
            ...(SEED === undefined ? {} : { seed: SEED }),
            endOnFailure: true,
            // The counterexample can be a 100 kB body: report the assertion and the seed only.
            reporter: (details) => {
              if (!details.failed) return;
              const cause =
                details.errorInstance instanceof Error
                  ? details.errorInstance.message
                  : String(details.errorInstance);
              throw new Error(
                `${testName(route)} failed after ${details.numRuns} inputs (FUZZ_SEED=${details.seed}): ${cause.slice(0, 1_500)}`,
              );
            },
          },
        );
        // The orchestrator itself saw nothing: no payout or deposit created, no status asked.
        expect(sandboxSeen()).toEqual(sandboxBefore);
        const hashesAfter = await tableHashes(t.db);
        report.auditRows = (await auditCount(t.db, expectedAudit)) - auditBefore;
        // Only the expected audit rows and sign-in counts changed: every other table is byte
        // for byte the same.
        const changed = {
          ...(report.auditRows > 0 ? { audit_log: '' } : {}),
          ...(signInHits ? { rate_limit_hits: '' } : {}),
        };
        expect({ ...hashesAfter, ...changed }).toEqual({ ...hashesBefore, ...changed });
        report.ms = Date.now() - started;
        reports.push(report);
        // Every kind that applies to the route met it.
        expect(everyKind.filter((input) => !report.kinds[input.kind]).map((i) => i.kind)).toEqual(
          [],
        );
      },
    );
  }
});
