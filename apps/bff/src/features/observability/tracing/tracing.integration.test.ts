import { randomUUID } from 'node:crypto';
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import type { IncomingMessage } from 'node:http';
import { context, propagation, trace } from '@opentelemetry/api';
import { node, tracing } from '@opentelemetry/sdk-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../testing/testApp.js';
import { TEST_CARD_METADATA } from '../../../testing/testCardMetadata.js';
import {
  openTestDatabase,
  appTestDatabaseKinds,
  type TestDatabase,
} from '../../../testing/testDatabase.js';

type ReadableSpan = tracing.ReadableSpan;

const parentOf = (span: ReadableSpan) => span.parentSpanContext?.spanId;

describe.each(appTestDatabaseKinds)('traces (%s)', (kind) => {
  let database: TestDatabase;
  let t: TestApp;
  const exporter = new tracing.InMemorySpanExporter();
  const provider = new node.NodeTracerProvider({
    spanProcessors: [new tracing.SimpleSpanProcessor(exporter)],
  });
  // Every HTTP request any server of this process receives (the sandbox's included).
  const received: { url: string; traceparent: string | undefined }[] = [];
  const onRequest = (message: unknown) => {
    const { request } = message as { request: IncomingMessage };
    const header = request.headers.traceparent;
    received.push({
      url: request.url ?? '',
      traceparent: Array.isArray(header) ? header[0] : header,
    });
  };

  beforeAll(async () => {
    // What `startTracing` does with OTEL_* set, with an in-memory exporter instead.
    provider.register();
    subscribe('http.server.request.start', onRequest);
    database = await openTestDatabase(kind);
    t = await startTestApp({ database });
  });
  afterAll(async () => {
    unsubscribe('http.server.request.start', onRequest);
    await t.close();
    await database.close();
    await provider.shutdown();
    trace.disable();
    context.disable();
    propagation.disable();
  });

  it('a payout create is one trace: server span, SQL spans, orchestrator client span with traceparent sent', async () => {
    const finance = await t.signIn('finance');
    exporter.reset();
    received.length = 0;
    const res = await finance('/api/payouts', {
      method: 'POST',
      headers: { 'Idempotency-Key': randomUUID() },
      json: {
        order_id: `trace-${randomUUID()}`,
        provider: 'northwind_pay',
        country: 'BE',
        currency: 'EUR',
        state: null,
        amount: '10.00',
        payout_method_type: 'credit_card',
        metadata: TEST_CARD_METADATA,
      },
    });
    expect(res.status).toBe(201);
    let spans: ReadableSpan[] = [];
    for (let i = 0; i < 50; i += 1) {
      spans = exporter.getFinishedSpans();
      if (spans.some((s) => s.name === 'POST /api/payouts')) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const server = spans.find((s) => s.name === 'POST /api/payouts');
    expect(server, spans.map((s) => s.name).join(', ')).toBeDefined();
    expect(server!.attributes['http.route']).toBe('/api/payouts');
    expect(server!.attributes['http.response.status_code']).toBe(201);
    const traceId = server!.spanContext().traceId;
    const inTrace = spans.filter((s) => s.spanContext().traceId === traceId);
    const byId = new Map(inTrace.map((s) => [s.spanContext().spanId, s]));
    const descendsFromServer = (span: ReadableSpan) => {
      for (let p = parentOf(span); p !== undefined; p = byId.get(p) && parentOf(byId.get(p)!)) {
        if (p === server!.spanContext().spanId) return true;
      }
      return false;
    };

    const sql = inTrace.filter((s) => s.attributes['db.system'] !== undefined);
    expect(sql.length).toBeGreaterThan(0);
    for (const span of sql) expect(descendsFromServer(span), span.name).toBe(true);

    const orchestrator = inTrace.find((s) => s.name === 'orchestrator createPayout');
    expect(orchestrator).toBeDefined();
    expect(descendsFromServer(orchestrator!)).toBe(true);
    // No URL, id or order id in span names: route templates and operation names only.
    for (const span of inTrace) expect(span.name).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}|trace-/);

    // The sandbox received the orchestrator span's context on the create call.
    const created = received.find((r) => /\/payouts$/.test(r.url) && r.traceparent);
    expect(created, JSON.stringify(received)).toBeDefined();
    const [, sentTraceId, parentId] = created!.traceparent!.split('-');
    expect(sentTraceId).toBe(traceId);
    expect(parentId).toBe(orchestrator!.spanContext().spanId);
  });
});
