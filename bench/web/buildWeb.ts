import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WEB_DIR } from './routeWeights.js';

const VITE_BIN = new URL('../../node_modules/vite/bin/vite.js', import.meta.url).pathname;

/**
 * A production build of apps/web from its current sources into `outDir`, with the manifest
 * (`.vite/manifest.json`) that says which chunks each page needs. NODE_ENV is left out
 * of the build's environment: Vite takes a NODE_ENV it inherits (vitest sets `test`) for the
 * app's `process.env.NODE_ENV`, and React then ships its development build, some 80 kB gzip more.
 */
export function buildWeb(outDir: string): Promise<void> {
  const env = { ...process.env };
  delete env['NODE_ENV'];
  return new Promise<void>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [VITE_BIN, 'build', '--outDir', outDir, '--emptyOutDir', '--manifest', '--logLevel', 'warn'],
      { cwd: WEB_DIR, env, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`vite build exited with ${code}:\n${output}`));
    });
  });
}

let built: Promise<string> | undefined;

/**
 * `buildWeb` into a temporary folder (removed when the process exits), once per run, shared by
 * the page-weight and form sections. Not apps/web/dist: that one belongs to `npm start` and the
 * browser journeys, which may be using it. BENCH_WEB_DIST=<folder> measures that production
 * build (with its .vite/manifest.json) instead, e.g. to compare a change with the current one.
 */
export function buildWebOnce(log: (line: string) => void): Promise<string> {
  const given = process.env['BENCH_WEB_DIST'];
  if (given) {
    log(`the build in ${given} (BENCH_WEB_DIST)`);
    return Promise.resolve(given);
  }
  built ??= (async () => {
    const outDir = mkdtempSync(join(tmpdir(), 'payouts-bench-web-'));
    process.once('exit', () => rmSync(outDir, { recursive: true, force: true }));
    log(`vite build -> ${outDir}`);
    await buildWeb(outDir);
    return outDir;
  })();
  return built;
}
