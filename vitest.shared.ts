import { fileURLToPath } from 'node:url';
import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

/**
 * Workspace packages export their TypeScript sources under the "source" condition, so tests
 * and type checks run against sources without a build step (see docs/decisions/001).
 */
// Vitest hands the server conditions to Node as `--conditions` for the packages it does not
// transform. Node itself never picks "module" (a bundler's condition): with it,
// `require('@opentelemetry/api')` (prom-client) loads a build Node cannot run. Tests load
// packages as `npm start` does.
const serverConditions = defaultServerConditions.filter((condition) => condition !== 'module');

export const sharedConfig = defineConfig({
  resolve: { conditions: ['source', ...defaultClientConditions] },
  ssr: { resolve: { conditions: ['source', ...serverConditions] } },
  // Global setups load through Vitest's own `__vitest__` environment, which takes neither of the
  // above: without this, `@payouts/bff` in a global setup resolves to an unbuilt dist/.
  environments: {
    __vitest__: { resolve: { conditions: ['source', ...serverConditions] } },
  },
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Pins fast-check's seed in CI (FC_SEED, default 42); an absolute path, for every project root.
    setupFiles: [fileURLToPath(new URL('./vitest.fastCheckSeed.ts', import.meta.url))],
    // One module graph per worker, not one per file: re-importing the BFF and its libraries for
    // each of ~90 files was a fifth of the bff project's time. No test mocks modules or stubs
    // globals; a project that must isolate (the browser journeys) says so.
    isolate: false,
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
