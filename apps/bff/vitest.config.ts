import { defineProject, mergeConfig } from 'vitest/config';
import { sharedConfig } from '../../vitest.shared.js';

const config = mergeConfig(
  sharedConfig,
  defineProject({
    test: {
      name: 'bff',
      globalSetup: ['./src/testing/globalSetup.ts'],
    },
  }),
);

// Vitest hands these to Node as `--conditions` for the packages it does not transform. Node
// itself never picks "module" (a bundler's condition): with it, `require('@opentelemetry/api')`
// (prom-client) loads a build Node cannot run. Tests load packages as `npm start` does.
const ssr = config.ssr as { resolve: { conditions: string[] } };
ssr.resolve.conditions = ssr.resolve.conditions.filter((condition) => condition !== 'module');

export default config;
