import { AsyncLocalStorage } from 'node:async_hooks';
import type { ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { RequestHandler } from 'express';

/** What one request has spent waiting for the orchestrator so far. */
interface RequestTiming {
  orchestratorMs: number;
  orchestratorCalls: number;
}

// One store for the process: each request runs in its own context with its own totals, so
// several apps in one process (tests, the embedded sandbox) never mix their figures.
const requestTiming = new AsyncLocalStorage<RequestTiming>();

/**
 * The orchestrator client's `onCall` observer: adds one exchange's duration to the request
 * that caused it (found through the async context). Calls made outside a request (start-up
 * checks, background work) are ignored.
 */
export function recordOrchestratorCall({ durationMs }: { durationMs: number }): void {
  const timing = requestTiming.getStore();
  if (timing === undefined) return;
  timing.orchestratorMs += durationMs;
  timing.orchestratorCalls += 1;
}

const ms = (value: number): string => String(Math.round(Math.max(0, value) * 1000) / 1000);

/**
 * `bff;dur=<own ms>, orch;dur=<orchestrator ms>`; `orch` is left out when the request made no
 * orchestrator call. Own time is the total less the orchestrator's, never below 0 (calls made in
 * parallel can add up to more than the request took).
 */
export function formatServerTiming(
  totalMs: number,
  orchestrator: { ms: number; calls: number },
): string {
  const own = `bff;dur=${ms(totalMs - orchestrator.ms)}`;
  return orchestrator.calls === 0 ? own : `${own}, orch;dur=${ms(orchestrator.ms)}`;
}

/**
 * Adds `Server-Timing` to every response, set just before the headers go out (so streamed
 * replies report the time to their first byte). Mount it first so the own time covers every
 * other middleware.
 */
export function serverTiming(): RequestHandler {
  return (_req, res, next) => {
    const started = performance.now();
    const timing: RequestTiming = { orchestratorMs: 0, orchestratorCalls: 0 };
    const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
    // Node calls writeHead itself for implicit headers (write/end without it), so this sees
    // every response.
    res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
      if (!this.headersSent) {
        this.setHeader(
          'Server-Timing',
          formatServerTiming(performance.now() - started, {
            ms: timing.orchestratorMs,
            calls: timing.orchestratorCalls,
          }),
        );
      }
      return writeHead(...args);
    } as typeof res.writeHead;
    requestTiming.run(timing, next);
  };
}
