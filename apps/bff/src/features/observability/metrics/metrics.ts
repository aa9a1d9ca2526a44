import { timingSafeEqual, createHash } from 'node:crypto';
import { isOrchestratorError, type OrchestratorClient } from '@payouts/orchestrator-client';
import { sql } from 'drizzle-orm';
import { Router, type Request, type RequestHandler } from 'express';
import type { Logger } from 'pino';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database, JobsDb } from '../../../db/database.js';
import { BATCH_ROW_QUEUE } from '../../batches/index.js';
import { RECONCILABLE_STATUSES } from '../../payouts/index.js';
import type { Clock } from '../../../shared/clock.js';
import { mountedRoutes } from '../mountedRoutes.js';
import { AppError } from '../../../shared/AppError.js';

/*
 * Prometheus metrics (docs/decisions/023). Labels come only from bounded sets: the
 * route template (`req.route.path`, never the URL), the method, the status, the orchestrator
 * operation (a method name of the client) and an outcome (`ok` or an error kind). No id, e-mail
 * or other value a user chooses ever becomes a label.
 */

/** pg's `Pool` counters (PostgreSQL only). */
export interface PoolStats {
  readonly totalCount: number;
  readonly idleCount: number;
  readonly waitingCount: number;
}

export interface MetricsDependencies {
  db: Database;
  jobsDb: JobsDb;
  clock: Clock;
  logger: Logger;
  /** `ATTENTION_AFTER_MINUTES`: a non-final payout older than this needs attention. */
  attentionAfterMs: number;
  pool?: PoolStats | undefined;
  /** How long the backlog and queue figures are kept between scrapes. */
  cacheMs?: number;
}

export interface Metrics {
  registry: Registry;
  /** Counts and times every request by route template, method and status. */
  httpMiddleware: RequestHandler;
  /** The client, its calls counted and timed per operation and outcome. */
  instrumentOrchestrator(client: OrchestratorClient): OrchestratorClient;
}

const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const ORCHESTRATOR_BUCKETS = [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const HTTP_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
const ORCHESTRATOR_OPERATIONS = new Set([
  'getPayoutProviders',
  'createPayout',
  'listPayouts',
  'getPayout',
  'checkPayoutStatus',
  'getFingerprint',
  'createCardDeposit',
  'getDeposit',
]);

interface RouteMatcher {
  method: string;
  template: string;
  pattern: RegExp;
}

const routeTables = new WeakMap<object, RouteMatcher[]>();

function routeTableOf(app: { router: unknown }): RouteMatcher[] {
  let table = routeTables.get(app);
  if (!table) {
    table = mountedRoutes(app, '').map((r) => ({
      method: r.method.toUpperCase(),
      template: r.path,
      pattern: new RegExp(
        `^${r.path.replace(/[.]/g, '\\.').replace(/:[A-Za-z_][A-Za-z0-9_]*/g, '[^/]+')}/?$`,
      ),
    }));
    routeTables.set(app, table);
  }
  return table;
}

/**
 * The template of the route that answered, with its mount path (`/api/payouts/:id`): looked up
 * among the app's mounted routes, so it is one of a fixed set whatever the URL. A request no
 * route answered (a 404, a static file, the SPA) is `unmatched`: probing random URLs adds no
 * series.
 */
export function routeLabel(req: Request): string {
  const matched = req.route as { path?: unknown } | undefined;
  if (typeof matched?.path !== 'string') return 'unmatched';
  const path = req.originalUrl.split('?')[0]!;
  const method = req.method === 'HEAD' ? 'GET' : req.method;
  const found = routeTableOf(req.app as unknown as { router: unknown }).find(
    (r) =>
      r.method === method && r.template.endsWith(matched.path as string) && r.pattern.test(path),
  );
  return found?.template ?? 'unmatched';
}

export function createMetrics({
  db,
  jobsDb,
  clock,
  logger,
  attentionAfterMs,
  pool,
  cacheMs = 5_000,
}: MetricsDependencies): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });

  const httpRequests = new Counter({
    name: 'bff_http_requests_total',
    help: 'HTTP requests answered, by route template, method, status code and class.',
    labelNames: ['route', 'method', 'status', 'status_class'] as const,
    registers: [registry],
  });
  const httpDuration = new Histogram({
    name: 'bff_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by route template, method and status class.',
    labelNames: ['route', 'method', 'status_class'] as const,
    buckets: HTTP_BUCKETS,
    registers: [registry],
  });
  const orchestratorCalls = new Counter({
    name: 'bff_orchestrator_calls_total',
    help: 'Orchestrator calls, by operation and outcome (ok, or the error kind).',
    labelNames: ['operation', 'outcome'] as const,
    registers: [registry],
  });
  const orchestratorDuration = new Histogram({
    name: 'bff_orchestrator_call_duration_seconds',
    help: 'Orchestrator call time (re-login and retry included), by operation and outcome.',
    labelNames: ['operation', 'outcome'] as const,
    buckets: ORCHESTRATOR_BUCKETS,
    registers: [registry],
  });

  // Backlog and queues: read on scrape with one cheap query each, kept `cacheMs` so several
  // scrapers (or one impatient one) do not load the database.
  interface Figures {
    unknown: number;
    nonFinal: number;
    needsAttention: number;
    lagSeconds: number;
    batchQueue: { queued: number; active: number } | undefined;
    mail: { pending: number; due: number };
  }
  let cached: { at: number; figures: Promise<Figures> } | undefined;

  const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

  async function readFigures(): Promise<Figures> {
    const now = clock.now();
    const attentionBefore = new Date(now.getTime() - attentionAfterMs).toISOString();
    const statuses = sql.join(
      RECONCILABLE_STATUSES.map((s) => sql`${s}`),
      sql`, `,
    );
    const [payoutRow] = rowsOf(
      await db.execute(sql`
        select
          count(*) filter (where status = 'unknown')::int as unknown,
          count(*)::int as non_final,
          count(*) filter (where created_at < ${attentionBefore}::timestamptz
            or attention_reason is not null)::int as attention,
          coalesce(extract(epoch from (${now.toISOString()}::timestamptz - min(next_check_at)
            filter (where next_check_at <= ${now.toISOString()}::timestamptz))), 0)::float8 as lag
        from payouts where status in (${statuses})`),
    );
    const [mailRow] = rowsOf(
      await db.execute(sql`
        select count(*)::int as pending,
          count(*) filter (where due_at <= ${now.toISOString()}::timestamptz)::int as due
        from staff_notification_mails where state = 'pending'`),
    );
    let batchQueue: Figures['batchQueue'];
    try {
      const [jobRow] = (
        await jobsDb.executeSql(
          `select count(*) filter (where state in ('created', 'retry'))::int as queued,
             count(*) filter (where state = 'active')::int as active
           from pgboss.job where name = $1`,
          [BATCH_ROW_QUEUE],
        )
      ).rows as Record<string, unknown>[];
      batchQueue = { queued: Number(jobRow?.queued ?? 0), active: Number(jobRow?.active ?? 0) };
    } catch (error) {
      // No queue yet (its schema is made when the worker starts) or no job database.
      logger.debug({ err: error }, 'batch queue depth not read');
    }
    return {
      unknown: Number(payoutRow?.unknown ?? 0),
      nonFinal: Number(payoutRow?.non_final ?? 0),
      needsAttention: Number(payoutRow?.attention ?? 0),
      lagSeconds: Math.max(0, Number(payoutRow?.lag ?? 0)),
      batchQueue,
      mail: { pending: Number(mailRow?.pending ?? 0), due: Number(mailRow?.due ?? 0) },
    };
  }

  function figures(): Promise<Figures> {
    const now = clock.now().getTime();
    if (!cached || now - cached.at > cacheMs) {
      const pending = readFigures();
      cached = { at: now, figures: pending };
      // A failed read is not kept: the next scrape tries again.
      pending.catch(() => {
        if (cached?.figures === pending) cached = undefined;
      });
    }
    return cached.figures;
  }

  new Gauge({
    name: 'bff_reconciler_backlog',
    help: 'Payouts the reconciler still follows, by state: unknown, non_final, needs_attention.',
    labelNames: ['state'] as const,
    registers: [registry],
    async collect() {
      const f = await figures();
      this.set({ state: 'unknown' }, f.unknown);
      this.set({ state: 'non_final' }, f.nonFinal);
      this.set({ state: 'needs_attention' }, f.needsAttention);
    },
  });
  new Gauge({
    name: 'bff_reconciler_lag_seconds',
    help: 'Age of the oldest due status check (0: none is overdue).',
    registers: [registry],
    async collect() {
      this.set((await figures()).lagSeconds);
    },
  });
  new Gauge({
    name: 'bff_queue_depth',
    help: 'Work waiting: batch rows in the pg-boss queue (queued, active), e-mails in the outbox (pending, due).',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    async collect() {
      const f = await figures();
      this.reset();
      if (f.batchQueue) {
        this.set({ queue: 'batch_rows', state: 'queued' }, f.batchQueue.queued);
        this.set({ queue: 'batch_rows', state: 'active' }, f.batchQueue.active);
      }
      this.set({ queue: 'email_outbox', state: 'pending' }, f.mail.pending);
      this.set({ queue: 'email_outbox', state: 'due' }, f.mail.due);
    },
  });
  if (pool) {
    new Gauge({
      name: 'bff_db_pool_connections',
      help: 'PostgreSQL pool connections: total, idle, and clients waiting for one.',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      },
    });
  }

  const httpMiddleware: RequestHandler = (req, res, next) => {
    const start = process.hrtime.bigint();
    res.once('finish', () => {
      const seconds = Number(process.hrtime.bigint() - start) / 1e9;
      const method = HTTP_METHODS.has(req.method) ? req.method : 'OTHER';
      const status = String(res.statusCode);
      const statusClass = `${status[0]}xx`;
      const route = routeLabel(req);
      httpRequests.inc({ route, method, status, status_class: statusClass });
      httpDuration.observe({ route, method, status_class: statusClass }, seconds);
    });
    next();
  };

  function instrumentOrchestrator(client: OrchestratorClient): OrchestratorClient {
    return new Proxy(client, {
      get(target, property, receiver) {
        const value: unknown = Reflect.get(target, property, receiver);
        if (typeof property !== 'string' || !ORCHESTRATOR_OPERATIONS.has(property)) return value;
        if (typeof value !== 'function') return value;
        const operation = property;
        return async (...args: unknown[]) => {
          const start = process.hrtime.bigint();
          let outcome = 'ok';
          try {
            return await (value as (...a: unknown[]) => Promise<unknown>).apply(target, args);
          } catch (error) {
            outcome = isOrchestratorError(error) ? error.kind : 'error';
            throw error;
          } finally {
            const seconds = Number(process.hrtime.bigint() - start) / 1e9;
            orchestratorCalls.inc({ operation, outcome });
            orchestratorDuration.observe({ operation, outcome }, seconds);
          }
        };
      },
    });
  }

  return { registry, httpMiddleware, instrumentOrchestrator };
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/**
 * `GET /metrics`: 404 without METRICS_TOKEN (off); with it, `Authorization: Bearer <token>`
 * (compared in constant time, as digests) or 401.
 */
export function createMetricsRouter({
  token,
  metrics,
}: {
  token: string | undefined;
  metrics: Metrics | undefined;
}): Router {
  const router = Router();
  const expected = token === undefined ? undefined : digest(token);
  router.get('/metrics', async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    if (!expected || !metrics) throw new AppError('not_found');
    const given = /^Bearer (.+)$/.exec(req.get('authorization') ?? '')?.[1];
    if (given === undefined || !timingSafeEqual(digest(given), expected)) {
      res.setHeader('WWW-Authenticate', 'Bearer realm="metrics"');
      throw new AppError('unauthenticated', 'Send the metrics token as a Bearer token.');
    }
    res.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
  return router;
}
