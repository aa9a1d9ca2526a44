import { context, propagation, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import type { OrchestratorClient } from '@payouts/orchestrator-client';
import type { Request, RequestHandler } from 'express';
import { inSpan, tracer } from '../../../shared/spans.js';
import { routeLabel } from '../metrics/metrics.js';

export { inSpan, traceSqlClient } from '../../../shared/spans.js';

/*
 * Traces (decision 023) with manual spans through `@opentelemetry/api`: the HTTP
 * request (server), SQL statements and orchestrator calls (client), `traceparent` sent to the
 * orchestrator. Without a registered tracer provider (OTEL_* unset: `startTracing` registers
 * none) every call below is the API's no-op: nothing is recorded or sent.
 */

/** `traceparent`/`tracestate` of the active span, for the orchestrator client's requests. */
export function propagationHeaders(): Record<string, string> {
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier;
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
