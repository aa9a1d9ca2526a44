// `npm start`: build every workspace whose sources are newer than its build, then run the BFF
// (which serves the SPA and the API on one port).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { buildStale, ROOT } from './buildStale.mjs';

try {
  buildStale();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

const server = spawn(process.execPath, [join(ROOT, 'apps/bff/dist/main.js')], {
  cwd: process.cwd(),
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
