/**
 * BFF hop: what the BFF adds in front of the orchestrator, on the cheapest read there is.
 * (a) the sandbox's metadata endpoint called directly, (b) the BFF's `GET /api/providers` with
 * its cache off (one orchestrator call per request over the client's keep-alive pool), (c) the
 * same with the cache on. Sandbox and BFF each run in their own process; autocannon runs here.
 * Each target gets a load run (fixed concurrency) and a sequential pass (one connection).
 */
import {
  adminDatabaseUrl,
  Cleanup,
  sandboxToken,
  startBffServers,
  startSandboxServer,
  type BffServer,
} from './support/children.js';
import {
  loadRow,
  loadSettings,
  measure,
  percentile,
  round,
  type LoadResult,
  type LoadTarget,
  both,
  type Measured,
} from './support/load.js';
import type { BenchContext, BenchSection, SectionResult } from './types.js';

const CORRIDOR = 'country=BE&currency=EUR';
export const BFF_OWN_P50_TARGET_MS = 2;
export const HOP_RATIO_TARGET = 0.5;

/**
 * A real orchestrator is a network hop away; the sandbox answers in well under a millisecond.
 * BENCH_ORCHESTRATOR_LATENCY_MS (default 20) is added to each metadata call for the (a')/(b') runs.
 */
const ORCHESTRATOR_LATENCY_MS = Number(process.env.BENCH_ORCHESTRATOR_LATENCY_MS) || 20;

/** The sandbox's control API: every metadata call waits `ms` first. */
async function addLatency(sandboxUrl: string, ms: number): Promise<void> {
  const res = await fetch(`${sandboxUrl}/_sandbox/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ kind: 'latency', ms, route: 'metadata' }),
  });
  if (res.status !== 201) throw new Error(`sandbox refused the latency fault: HTTP ${res.status}`);
}

export const section: BenchSection = {
  name: 'hop',
  async run(ctx: BenchContext): Promise<SectionResult> {
    const settings = loadSettings();
    // The ledger is only read here (the session lookup): PostgreSQL when there is one, as in
    // production; PGlite otherwise.
    const adminUrl = adminDatabaseUrl();
    ctx.log(
      `${settings.connections} connections, ${settings.warmupSeconds} s warm-up + ${settings.durationSeconds} s per target, then ${settings.samples} sequential requests; ledger ${adminUrl ? 'PostgreSQL' : 'PGlite'}`,
    );
    const cleanup = new Cleanup();
    let direct: Measured, uncached: Measured, cached: Measured;
    let directFar: LoadResult, uncachedFar: LoadResult;
    try {
      const sandbox = await startSandboxServer();
      cleanup.add(() => sandbox.stop());
      const [bffOff, bffOn] = await startBffServers(
        sandbox,
        [{ adminUrl, providersCacheTtlMs: 0 }, { adminUrl }],
        cleanup,
      );
      const token = await sandboxToken(sandbox);
      const directTarget: LoadTarget = {
        label: '(a) sandbox metadata, direct',
        url: `${sandbox.info.url}/v2/${sandbox.credentials.apiKey}/payouts/metadata?${CORRIDOR}`,
        headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
        expectStatus: 200,
        cpu: { sandbox: sandbox.pid },
      };
      direct = await both(directTarget, ctx);
      const providers = (label: string, bff: BffServer): LoadTarget => ({
        label,
        url: `${bff.info.url}/api/providers?${CORRIDOR}`,
        headers: { cookie: bff.cookie, accept: 'application/json' },
        expectStatus: 200,
        cpu: { bff: bff.pid, sandbox: sandbox.pid },
      });
      uncached = await both(providers('(b) BFF /api/providers, cache off', bffOff!), ctx);
      cached = await both(providers('(c) BFF /api/providers, cache on', bffOn!), ctx);

      // The same (a) and (b) with the orchestrator a network distance away (load runs only).
      await addLatency(sandbox.info.url, ORCHESTRATOR_LATENCY_MS);
      const suffix = `+${ORCHESTRATOR_LATENCY_MS} ms orchestrator latency`;
      directFar = await measure({ ...directTarget, label: `(a') direct, ${suffix}` }, settings);
      uncachedFar = await measure(providers(`(b') BFF cache off, ${suffix}`, bffOff!), settings);
      ctx.log(
        `with ${suffix}: ${round(directFar.requestsPerSecond, 0)} vs ${round(uncachedFar.requestsPerSecond, 0)} req/s`,
      );
    } finally {
      await cleanup.run();
    }

    const ratio = uncached.load.requestsPerSecond / direct.load.requestsPerSecond;
    const ownP50 = percentile(uncached.seq.serverTiming.bff, 50);
    const all = [direct, uncached, cached];
    const errors =
      all.reduce((sum, m) => sum + m.load.errors + m.seq.errors, 0) +
      directFar.errors +
      uncachedFar.errors;
    const figures: Record<string, number | string> = {
      connections: settings.connections,
      durationSeconds: settings.durationSeconds,
      sequentialRequests: settings.samples,
      ledger: adminUrl ? 'postgres' : 'pglite',
      directReqPerSec: round(direct.load.requestsPerSecond, 1),
      directP50Ms: round(direct.load.latencyP50Ms, 3),
      directP99Ms: round(direct.load.latencyP99Ms, 3),
      bffUncachedReqPerSec: round(uncached.load.requestsPerSecond, 1),
      bffUncachedP50Ms: round(uncached.load.latencyP50Ms, 3),
      bffUncachedP99Ms: round(uncached.load.latencyP99Ms, 3),
      bffCachedReqPerSec: round(cached.load.requestsPerSecond, 1),
      bffCachedP50Ms: round(cached.load.latencyP50Ms, 3),
      bffCachedP99Ms: round(cached.load.latencyP99Ms, 3),
      ratioUncachedToDirect: round(ratio, 3),
      ratioCachedToDirect: round(cached.load.requestsPerSecond / direct.load.requestsPerSecond, 3),
      // Server-Timing `bff`, cache off: one request at a time (the target) and under load.
      bffOwnP50Ms: round(ownP50, 3),
      bffOwnP99Ms: round(percentile(uncached.seq.serverTiming.bff, 99), 3),
      bffOwnUnderLoadP50Ms: round(percentile(uncached.load.serverTiming.bff, 50), 3),
      bffOwnUnderLoadP99Ms: round(percentile(uncached.load.serverTiming.bff, 99), 3),
      orchSequentialP50Ms: round(percentile(uncached.seq.serverTiming.orch, 50), 3),
      bffCachedOwnP50Ms: round(percentile(cached.seq.serverTiming.bff, 50), 3),
      // What one user waits in addition, per call, going through the BFF (sequential p50s).
      directSequentialP50Ms: round(direct.seq.latencyP50Ms, 3),
      bffUncachedSequentialP50Ms: round(uncached.seq.latencyP50Ms, 3),
      bffCachedSequentialP50Ms: round(cached.seq.latencyP50Ms, 3),
      orchestratorLatencyMs: ORCHESTRATOR_LATENCY_MS,
      directWithLatencyReqPerSec: round(directFar.requestsPerSecond, 1),
      directWithLatencyP50Ms: round(directFar.latencyP50Ms, 3),
      bffUncachedWithLatencyReqPerSec: round(uncachedFar.requestsPerSecond, 1),
      bffUncachedWithLatencyP50Ms: round(uncachedFar.latencyP50Ms, 3),
      ratioWithLatency: round(uncachedFar.requestsPerSecond / directFar.requestsPerSecond, 3),
      // CPU per request (load runs): what bounds throughput once the cores are busy.
      directSandboxCpuMsPerRequest: round(direct.load.cpuMsPerRequest.sandbox ?? NaN, 3),
      bffUncachedCpuMsPerRequest: round(uncached.load.cpuMsPerRequest.bff ?? NaN, 3),
      bffUncachedSandboxCpuMsPerRequest: round(uncached.load.cpuMsPerRequest.sandbox ?? NaN, 3),
      bffCachedCpuMsPerRequest: round(cached.load.cpuMsPerRequest.bff ?? NaN, 3),
      serverTimingSamples:
        uncached.seq.serverTiming.bff.length + uncached.load.serverTiming.bff.length,
      errors,
    };
    return {
      rows: [...all.flatMap((m) => [m.load, m.seq]), directFar, uncachedFar].map(loadRow),
      figures,
      targets: [
        {
          name: 'hop: BFF own time p50 (cache off, sequential)',
          target: `<= ${BFF_OWN_P50_TARGET_MS} ms`,
          actual: `${round(ownP50, 3)} ms (under load ${figures.bffOwnUnderLoadP50Ms} ms)`,
          met: ownP50 <= BFF_OWN_P50_TARGET_MS,
        },
        {
          name: 'hop: throughput b/a (cache off / direct)',
          target: `>= ${HOP_RATIO_TARGET}`,
          actual: String(round(ratio, 3)),
          met: ratio >= HOP_RATIO_TARGET,
        },
        {
          name: 'hop: failed requests',
          target: '0',
          actual: String(errors),
          met: errors === 0,
        },
      ],
    };
  },
};
