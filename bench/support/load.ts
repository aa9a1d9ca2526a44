import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

/** Nearest-rank percentile of unsorted numbers (NaN when empty). */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1]!;
}

export const round = (value: number, digits = 2): number =>
  Number.isFinite(value) ? Math.round(value * 10 ** digits) / 10 ** digits : Number.NaN;

/** Reads `Server-Timing: bff;dur=…, orch;dur=…` into milliseconds per entry. */
export function parseServerTiming(value: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const part of value.split(',')) {
    const match = /^\s*([\w-]+)\s*;\s*dur=([\d.]+)\s*$/.exec(part);
    if (match) out[match[1]!] = Number(match[2]);
  }
  return out;
}

/** The Server-Timing header of a raw autocannon `headers` event (`[name, value, …]`). */
function serverTimingOf(event: unknown): string | undefined {
  const raw = (event as { headers?: unknown } | undefined)?.headers;
  if (!Array.isArray(raw)) return undefined;
  for (let i = 0; i + 1 < raw.length; i += 2) {
    if (String(raw[i]).toLowerCase() === 'server-timing') return String(raw[i + 1]);
  }
  return undefined;
}

/** Clock ticks per second of /proc/<pid>/stat (Linux). */
const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** CPU time (user + system, all threads) a process has used, in ms; undefined off Linux. */
export function cpuMs(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name: state is field 3, utime 14, stime 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return undefined;
  }
}

export interface LoadTarget {
  label: string;
  url: string;
  method?: 'GET' | 'POST';
  /** Headers of every request. */
  headers?: Record<string, string>;
  /** Called per request: a fresh body and extra headers (unique ids, idempotency keys). */
  next?: () => { body?: string; headers?: Record<string, string> };
  /** The status every measured reply must have; others are counted as errors. */
  expectStatus: number;
  /** Server processes whose CPU time per request is reported (e.g. `{ bff: pid }`). */
  cpu?: Record<string, number>;
}

export interface LoadSettings {
  connections: number;
  durationSeconds: number;
  warmupSeconds: number;
}

export interface LoadResult {
  label: string;
  requests: number;
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  /** Replies with another status, socket errors and timeouts. */
  errors: number;
  /** Per reply, when the server sent `Server-Timing`. */
  serverTiming: { bff: number[]; orch: number[] };
  /**
   * CPU ms each watched process used per completed request: unlike latencies, this barely
   * depends on what else the machine is doing.
   */
  cpuMsPerRequest: Record<string, number>;
}

async function once(
  target: LoadTarget,
  settings: LoadSettings,
  run: { durationSeconds: number } | { amount: number; maxSeconds: number },
) {
  const timing = { bff: [] as number[], orch: [] as number[] };
  let unexpected = 0;
  const latencies: number[] = [];
  const { url, method = 'GET', headers = {}, next } = target;
  const parsed = new URL(url);
  const running = autocannon({
    url: parsed.origin,
    connections: settings.connections,
    ...('amount' in run ? { amount: run.amount } : { duration: run.durationSeconds }),
    timeout: 30,
    requests: [
      {
        method,
        path: parsed.pathname + parsed.search,
        headers,
        ...(next
          ? {
              setupRequest: (request) => {
                const extra = next();
                return {
                  ...request,
                  headers: { ...headers, ...extra.headers },
                  ...(extra.body === undefined ? {} : { body: extra.body }),
                };
              },
            }
          : {}),
      },
    ],
    setupClient(client) {
      client.on('headers', (event: unknown) => {
        const value = serverTimingOf(event);
        if (value === undefined) return;
        const entries = parseServerTiming(value);
        if (entries.bff !== undefined) timing.bff.push(entries.bff);
        if (entries.orch !== undefined) timing.orch.push(entries.orch);
      });
      client.on('response', (status: number, _bytes: number, responseTimeMs: number) => {
        // autocannon's own histogram has 1 ms steps; the raw times have microseconds.
        latencies.push(responseTimeMs);
        if (status !== target.expectStatus) unexpected += 1;
      });
    },
  });
  const cpuBefore = Object.entries(target.cpu ?? {}).map(([name, pid]) => ({
    name,
    pid,
    ms: cpuMs(pid),
  }));
  // A counted run stops early at maxSeconds (slow paths on a busy machine).
  const stopTimer =
    'amount' in run
      ? setTimeout(() => (running as unknown as { stop(): void }).stop(), run.maxSeconds * 1000)
      : undefined;
  const result = await running;
  clearTimeout(stopTimer);
  const cpuMsPerRequest: Record<string, number> = {};
  for (const { name, pid, ms } of cpuBefore) {
    const after = cpuMs(pid);
    if (ms !== undefined && after !== undefined && latencies.length > 0) {
      cpuMsPerRequest[name] = (after - ms) / latencies.length;
    }
  }
  return {
    label: target.label,
    requests: latencies.length,
    requestsPerSecond: result.duration > 0 ? latencies.length / result.duration : Number.NaN,
    latencyP50Ms: percentile(latencies, 50),
    latencyP99Ms: percentile(latencies, 99),
    errors: unexpected + result.errors + result.timeouts,
    serverTiming: timing,
    cpuMsPerRequest,
  };
}

/** A warm-up run (discarded), then the measured run. */
export async function measure(target: LoadTarget, settings: LoadSettings): Promise<LoadResult> {
  if (settings.warmupSeconds > 0) {
    await once(target, settings, { durationSeconds: settings.warmupSeconds });
  }
  return once(target, settings, { durationSeconds: settings.durationSeconds });
}

/** A sequential pass stops after this long even if it has not made `count` requests yet. */
const SEQUENTIAL_MAX_SECONDS = 6;

/**
 * `count` requests one after the other (one connection): the BFF's own time without queueing
 * behind other requests, i.e. what the hop costs one user.
 */
export function sequential(target: LoadTarget, count: number): Promise<LoadResult> {
  return once(
    { ...target, label: `${target.label}, sequential` },
    { connections: 1, durationSeconds: 0, warmupSeconds: 0 },
    { amount: count, maxSeconds: SEQUENTIAL_MAX_SECONDS },
  );
}

/**
 * Settings from the environment, for quick runs: BENCH_CONNECTIONS (16), BENCH_SECONDS (8),
 * BENCH_WARMUP_SECONDS (2), BENCH_SAMPLES (300 sequential requests for the own-time median).
 */
export function loadSettings(): LoadSettings & { samples: number } {
  const int = (name: string, fallback: number) => {
    const value = Number(process.env[name]);
    return Number.isInteger(value) && value > 0 ? value : fallback;
  };
  return {
    connections: int('BENCH_CONNECTIONS', 16),
    durationSeconds: int('BENCH_SECONDS', 8),
    warmupSeconds: int('BENCH_WARMUP_SECONDS', 2),
    samples: int('BENCH_SAMPLES', 300),
  };
}

/** One table row per load result. */
export function loadRow(result: LoadResult): Record<string, string | number> {
  return {
    target: result.label,
    'req/s': round(result.requestsPerSecond, 0),
    'p50 ms': round(result.latencyP50Ms, 3),
    'p99 ms': round(result.latencyP99Ms, 3),
    requests: result.requests,
    errors: result.errors,
    'bff own p50 ms': round(percentile(result.serverTiming.bff, 50), 3),
    'bff own p99 ms': round(percentile(result.serverTiming.bff, 99), 3),
    'orch p50 ms': round(percentile(result.serverTiming.orch, 50), 3),
    ...Object.fromEntries(
      Object.entries(result.cpuMsPerRequest).map(([name, ms]) => [
        `${name} cpu ms/req`,
        round(ms, 3),
      ]),
    ),
  };
}

export interface Measured {
  load: LoadResult;
  seq: LoadResult;
}

/** A target under load, then one request at a time. */
export async function both(
  target: LoadTarget,
  ctx: { log(line: string): void },
): Promise<Measured> {
  const settings = loadSettings();
  const load = await measure(target, settings);
  const seq = await sequential(target, settings.samples);
  ctx.log(
    `${target.label}: ${round(load.requestsPerSecond, 0)} req/s at ${settings.connections} connections; sequential p50 ${round(seq.latencyP50Ms)} ms`,
  );
  return { load, seq };
}
