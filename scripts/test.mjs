// `npm test`: every Vitest project. The browser journeys (project e2e) run one file at a time,
// one Chromium and one server, and leave most of a core idle; run as Vitest's last group they
// made the suite a third longer. So they run in a second Vitest process, beside the rest.
// `npm test -- <vitest arguments>` is one plain `vitest run` with them.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { ROOT } from './buildStale.mjs';

const VITEST = `${ROOT}node_modules/vitest/vitest.mjs`;
const args = process.argv.slice(2);

/** Runs `vitest run …`; lines are prefixed when two runs share the terminal. */
function vitest(runArgs, prefix) {
  const child = spawn(process.execPath, [VITEST, 'run', ...runArgs], {
    cwd: ROOT,
    stdio: prefix === undefined ? 'inherit' : ['ignore', 'pipe', 'pipe'],
  });
  if (prefix !== undefined) {
    for (const [stream, out] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ]) {
      createInterface({ input: stream }).on('line', (line) => out.write(`${prefix}${line}\n`));
    }
  }
  const exited = new Promise((resolve) => {
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
  return { child, exited };
}

const runs =
  args.length > 0
    ? [vitest(args)]
    : [vitest(['--project', '!e2e'], ''), vitest(['--project', 'e2e'], '[journeys] ')];
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => runs.forEach((run) => run.child.kill(signal)));
}
const codes = await Promise.all(runs.map((run) => run.exited));
if (runs.length > 1) {
  console.log(`\nnpm test: unit and integration exited ${codes[0]}, journeys exited ${codes[1]}`);
}
process.exit(Math.max(...codes));
