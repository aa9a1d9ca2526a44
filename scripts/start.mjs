// `npm start`: build every workspace whose sources are newer than its build, then run the BFF
// (which serves the SPA and the API on one port).
import { buildStale } from './buildStale.mjs';

try {
  buildStale();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

// The BFF in this process, not a child: a second Node process was 0.1-0.15 s of every start.
// Its main module handles the signals and the exit code itself.
await import(new URL('../apps/bff/dist/main.js', import.meta.url).href);
