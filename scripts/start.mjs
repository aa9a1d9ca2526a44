// `npm start`: build every workspace whose sources are newer than its build, then run the BFF.
// A fresh clone has no dist/ at all, so the first start builds everything once.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const workspaces = [
  { name: '@payouts/contracts', dir: 'packages/contracts', out: 'dist' },
  { name: '@payouts/orchestrator-client', dir: 'packages/orchestrator-client', out: 'dist' },
  { name: '@payouts/orchestrator-sandbox', dir: 'packages/orchestrator-sandbox', out: 'dist' },
  { name: '@payouts/bff', dir: 'apps/bff', out: 'dist' },
  { name: '@payouts/web', dir: 'apps/web', out: 'dist' },
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

function oldest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let min = Infinity;
  for (const entry of readdirSync(path)) min = Math.min(min, oldest(join(path, entry)));
  return min === Infinity ? 0 : min;
}

let rebuilt = false;
for (const ws of workspaces) {
  const dir = join(root, ws.dir);
  if (!existsSync(join(dir, 'package.json'))) continue;
  const inputs = Math.max(
    newest(join(dir, 'src')),
    newest(join(dir, 'index.html')),
    newest(join(dir, 'package.json')),
    newest(join(dir, 'tsconfig.build.json')),
    newest(join(dir, 'vite.config.ts')),
  );
  // A dependency rebuilt above makes this workspace's build stale too.
  if (!rebuilt && oldest(join(dir, ws.out)) >= inputs) continue;
  console.log(`Building ${ws.name} ...`);
  const result = spawnSync('npm', ['run', 'build', '-w', ws.name], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
  rebuilt = true;
}

const server = spawn(process.execPath, [join(root, 'apps/bff/dist/main.js')], {
  cwd: process.cwd(),
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
