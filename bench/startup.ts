import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cpuMs, percentile, round } from './support/load.js';
import type { BenchSection } from './types.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const TARGET_MS = 3000;
/** A first start makes the PGlite cluster and seeds the demo history: slower, so fewer runs. */
const FRESH_RUNS = Number(process.env['BENCH_STARTUP_FRESH_RUNS'] ?? 3);
const EXISTING_RUNS = Number(process.env['BENCH_STARTUP_RUNS'] ?? 5);
const GIVE_UP_MS = 120_000;

/**
 * CPU time (ms) used so far by the live processes of a process group (npm, scripts/start.mjs,
 * the BFF): on this shared 2-core machine the wall time mostly measures the neighbours, the CPU
 * time much less so.
 */
function groupCpuMs(pgid: number): number {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // After the command name: state, ppid, pgrp.
      const pgrp = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);
      if (pgrp === pgid) total += cpuMs(Number(entry)) ?? 0;
    } catch {
      // Gone meanwhile.
    }
  }
  return total;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

interface Start {
  readyMs: number;
  /** When the BFF first answered at all (503 "Starting" until wired). */
  listeningMs: number;
  /** CPU time of npm start's processes until ready. */
  cpuMs: number;
  load: number;
}

/**
 * One `npm start` on `dataDir`: from the spawn to the first `/readyz` that answers 200 (the
 * database answers and the orchestrator login works), then SIGTERM to its process group.
 */
async function timeStart(dataDir: string): Promise<Start> {
  const port = await freePort();
  const load = loadavg()[0]!;
  const started = performance.now();
  const child = spawn('npm', ['start', '--silent'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir },
    stdio: ['ignore', 'ignore', 'pipe'],
    // Its own process group: npm, scripts/start.mjs and the BFF stop together.
    detached: true,
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let exitCode: number | null | undefined;
  void exited.then(() => (exitCode = child.exitCode));
  let listeningMs = Number.NaN;
  try {
    for (;;) {
      if (exitCode !== undefined) throw new Error(`npm start exited (${exitCode}): ${stderr}`);
      if (performance.now() - started > GIVE_UP_MS) throw new Error('not ready in 2 minutes');
      try {
        const reply = await fetch(`http://127.0.0.1:${port}/readyz`);
        if (Number.isNaN(listeningMs)) listeningMs = performance.now() - started;
        if (reply.status === 200) {
          const readyMs = performance.now() - started;
          return { readyMs, listeningMs, cpuMs: groupCpuMs(child.pid!), load };
        }
      } catch {
        // Not listening yet.
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    if (child.pid !== undefined && exitCode === undefined) process.kill(-child.pid, 'SIGTERM');
    await exited;
  }
}

const stats = (starts: Start[]) => ({
  runs: starts.length,
  'median s': round(
    percentile(
      starts.map((s) => s.readyMs),
      50,
    ) / 1000,
    2,
  ),
  'min s': round(Math.min(...starts.map((s) => s.readyMs)) / 1000, 2),
  'max s': round(Math.max(...starts.map((s) => s.readyMs)) / 1000, 2),
  'CPU median s': round(
    percentile(
      starts.map((s) => s.cpuMs),
      50,
    ) / 1000,
    2,
  ),
  'listening median s': round(
    percentile(
      starts.map((s) => s.listeningMs),
      50,
    ) / 1000,
    2,
  ),
  load: starts.map((s) => round(s.load, 1)).join(' '),
});

/**
 * `npm start` on a built checkout until `/readyz` says ready, on a fresh data folder
 * (the PGlite cluster is created and the demo history seeded) and on one that exists (every
 * later start). Each run is a new `npm start` process; the checkout is built first (untimed).
 */
export const section: BenchSection = {
  name: 'startup',
  async run(ctx) {
    const build = spawnSync(
      process.execPath,
      ['-e', "import('./scripts/buildStale.mjs').then((m) => m.buildStale())"],
      { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] },
    );
    if (build.status !== 0) throw new Error('building the checkout failed');

    const fresh: Start[] = [];
    const existing: Start[] = [];
    const dataDirs: string[] = [];
    try {
      for (let i = 0; i < FRESH_RUNS; i++) {
        const dir = mkdtempSync(join(tmpdir(), 'payouts-bench-startup-'));
        dataDirs.push(dir);
        fresh.push(await timeStart(dir));
        ctx.log(`fresh data folder: ready in ${round(fresh.at(-1)!.readyMs / 1000, 2)} s`);
      }
      const dir = dataDirs[0] ?? mkdtempSync(join(tmpdir(), 'payouts-bench-startup-'));
      if (dataDirs.length === 0) {
        dataDirs.push(dir);
        await timeStart(dir);
      }
      for (let i = 0; i < EXISTING_RUNS; i++) {
        existing.push(await timeStart(dir));
        ctx.log(`existing data folder: ready in ${round(existing.at(-1)!.readyMs / 1000, 2)} s`);
      }
    } finally {
      for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    }

    const median = (starts: Start[]) =>
      percentile(
        starts.map((s) => s.readyMs),
        50,
      );
    const target = (name: string, starts: Start[]) => ({
      name,
      target: `<= ${TARGET_MS / 1000} s`,
      actual: `${round(median(starts) / 1000, 2)} s`,
      met: median(starts) <= TARGET_MS,
    });
    return {
      rows: [
        ...(fresh.length > 0 ? [{ 'data folder': 'fresh', ...stats(fresh) }] : []),
        { 'data folder': 'existing', ...stats(existing) },
      ],
      figures: {
        'startup.existing.medianMs': Math.round(median(existing)),
        'startup.existing.cpuMedianMs': Math.round(
          percentile(
            existing.map((s) => s.cpuMs),
            50,
          ),
        ),
        ...(fresh.length > 0 ? { 'startup.fresh.medianMs': Math.round(median(fresh)) } : {}),
      },
      targets: [
        target('npm start -> /readyz ready, existing data folder (median)', existing),
        ...(fresh.length > 0
          ? [target('npm start -> /readyz ready, fresh data folder (median)', fresh)]
          : []),
      ],
    };
  },
};
