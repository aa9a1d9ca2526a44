// Builds each workspace whose inputs are newer than its dist/ (shared by `npm start` and the
// browser journeys' global setup). A fresh clone has no dist/, so everything builds once.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const ROOT = new URL('..', import.meta.url).pathname;

/** In dependency order; a rebuilt workspace makes every later one stale too. */
export const WORKSPACES = [
  { name: '@payouts/contracts', dir: 'packages/contracts' },
  { name: '@payouts/orchestrator-client', dir: 'packages/orchestrator-client' },
  { name: '@payouts/orchestrator-sandbox', dir: 'packages/orchestrator-sandbox' },
  { name: '@payouts/bff', dir: 'apps/bff' },
  { name: '@payouts/web', dir: 'apps/web' },
];

const INPUTS = [
  'src',
  'index.html',
  'public',
  'package.json',
  'tsconfig.build.json',
  'vite.config.ts',
];

function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let max = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    max = Math.max(max, newest(join(path, entry)));
  }
  return max;
}

/**
 * The oldest file's time under `path` (Infinity for a folder without files). The BFF's PGlite
 * template (about 1,200 files, the build's last step, so never the oldest) is not walked.
 */
function oldestIn(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let min = Infinity;
  for (const entry of readdirSync(path)) {
    if (entry === 'pglite-template') continue;
    min = Math.min(min, oldestIn(join(path, entry)));
  }
  return min;
}

/** 0 when there is no file at all (never built). Empty folders (the PGlite template has some) count for nothing. */
function oldestFile(path) {
  if (!existsSync(path)) return 0;
  const min = oldestIn(path);
  return min === Infinity ? 0 : min;
}

/**
 * @param {string[]} names workspace package names to consider (default: all)
 * @param {{ log?: (line: string) => void }} [options]
 */
export function buildStale(names = WORKSPACES.map((w) => w.name), options = {}) {
  const log = options.log ?? ((line) => console.log(line));
  let rebuilt = false;
  for (const ws of WORKSPACES) {
    if (!names.includes(ws.name)) continue;
    const dir = join(ROOT, ws.dir);
    if (!existsSync(join(dir, 'package.json'))) continue;
    const inputs = Math.max(...INPUTS.map((input) => newest(join(dir, input))));
    if (!rebuilt && oldestFile(join(dir, 'dist')) >= inputs) continue;
    log(`Building ${ws.name} ...`);
    // From an empty dist/: tsc leaves the outputs of a deleted source behind, older than every
    // input, and the workspace would then count as stale at every start.
    rmSync(join(dir, 'dist'), { recursive: true, force: true });
    // Always the production build, even when called from a test run (Vitest sets NODE_ENV=test,
    // which would make Vite bundle React's development build, and `npm start` would serve it).
    const { NODE_ENV: _mode, ...env } = process.env;
    const result = spawnSync('npm', ['run', 'build', '-w', ws.name], {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    if (result.status !== 0) throw new Error(`building ${ws.name} failed`);
    rebuilt = true;
  }
}
