import {
  context,
  propagation,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
} from '@opentelemetry/api';
import type { OrchestratorClient } from '@payouts/orchestrator-client';
import type { Request, RequestHandler } from 'express';
import { routeLabel } from '../metrics/metrics.js';

/*
 * Traces (decision 023) with manual spans through `@opentelemetry/api`: the HTTP
 * request (server), SQL statements and orchestrator calls (client), `traceparent` sent to the
 * orchestrator. Without a registered tracer provider (OTEL_* unset: `startTracing` registers
 * none) every call below is the API's no-op: nothing is recorded or sent.
 */

const tracer = () => trace.getTracer('@payouts/bff');

/** `traceparent`/`tracestate` of the active span, for the orchestrator client's requests. */
export function propagationHeaders(): Record<string, string> {
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier;
}

/** Runs `fn` in a new active span; an error marks the span and is rethrown. */
export async function inSpan<T>(
  name: string,
  kind: SpanKind,
  attributes: Attributes,
  fn: () => Promise<T>,
): Promise<T> {
  return tracer().startActiveSpan(name, { kind, attributes }, async (span) => {
    try {
      return await fn();
    } catch (error) {
      span.setStatus({ code: SpanStatusCode.ERROR });
      if (error instanceof Error) span.recordException({ name: error.name, message: '' });
      throw error;
    } finally {
      span.end();
    }
  });
}

/**
 * The server span of each request, child of an incoming `traceparent` if any; named by the
 * route template (never the URL, which may hold ids) once the reply is sent.
 */
export function tracingMiddleware(): RequestHandler {
  return (req: Request, res, next) => {
    const parent = propagation.extract(context.active(), req.headers);
    const span = tracer().startSpan(
      req.method,
      { kind: SpanKind.SERVER, attributes: { 'http.request.method': req.method } },
      parent,
    );
    res.once('finish', () => {
      const route = routeLabel(req);
      span.updateName(`${req.method} ${route}`);
      span.setAttribute('http.route', route);
      span.setAttribute('http.response.status_code', res.statusCode);
      if (res.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    });
    context.with(trace.setSpan(parent, span), next);
  };
}

const OPERATIONS = new Set([
  'getPayoutProviders',
  'createPayout',
  'listPayouts',
  'getPayout',
  'checkPayoutStatus',
  'getFingerprint',
  'createCardDeposit',
  'getDeposit',
]);

/** A client span around each orchestrator call; its requests carry that span's `traceparent`. */
export function traceOrchestrator(client: OrchestratorClient): OrchestratorClient {
  return new Proxy(client, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof property !== 'string' || !OPERATIONS.has(property)) return value;
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) =>
        inSpan(
          `orchestrator ${property}`,
          SpanKind.CLIENT,
          { 'rpc.system': 'payouts-orchestrator', 'rpc.method': property },
          () => (value as (...a: unknown[]) => Promise<unknown>).apply(target, args),
        );
    },
  });
}

const wrapped = new WeakSet<object>();

/**
 * SQL spans: wraps `query` (and PGlite's `exec` and `transaction`) of a pg Pool, pg client or
 * PGlite instance in place. The statement text is not recorded (it is a template, but its
 * comments could say anything); the operation is (`SELECT`, `INSERT`, …).
 */
export function traceSqlClient<C extends object>(client: C, system: 'postgresql' | 'pglite'): C {
  if (wrapped.has(client)) return client;
  wrapped.add(client);
  const target = client as unknown as Record<string, unknown>;
  for (const method of ['query', 'exec', 'transaction'] as const) {
    const original = target[method];
    if (typeof original !== 'function') continue;
    target[method] = function (this: unknown, ...args: unknown[]) {
      const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: unknown })?.text;
      const operation =
        method === 'transaction'
          ? 'TRANSACTION'
          : typeof text === 'string'
            ? (/^\s*([A-Za-z]+)/.exec(text)?.[1]?.toUpperCase() ?? 'SQL')
            : 'SQL';
      // Only inside a traced request: a background round's thousand statements stay untraced.
      if (!trace.getSpan(context.active())) {
        return (original as (...a: unknown[]) => unknown).apply(this, args);
      }
      return inSpan(
        `${operation} ${system}`,
        SpanKind.CLIENT,
        { 'db.system': system, 'db.operation.name': operation },
        () => (original as (...a: unknown[]) => Promise<unknown>).apply(this, args),
      );
    };
  }
  // A pg Pool's checked-out clients (transactions) get the same wrapper.
  const connect = target.connect;
  if (system === 'postgresql' && typeof connect === 'function') {
    target.connect = function (this: unknown, ...args: unknown[]) {
      const result = (connect as (...a: unknown[]) => unknown).apply(this, args);
      if (args.length > 0 || !(result instanceof Promise)) return result;
      return result.then((c: unknown) =>
        typeof c === 'object' && c !== null ? traceSqlClient(c, system) : c,
      );
    };
  }
  return client;
}
