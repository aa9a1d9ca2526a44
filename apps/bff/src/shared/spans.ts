import { context, SpanKind, SpanStatusCode, trace, type Attributes } from '@opentelemetry/api';

/*
 * The spans every layer may open (decision 023): SQL statements from the database layer, and
 * the rest from observability's tracing. Without a registered tracer provider every call is the
 * API's no-op.
 */

export const tracer = () => trace.getTracer('@payouts/bff');

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
