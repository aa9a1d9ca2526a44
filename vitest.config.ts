import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest's default is one worker less than the cores: a single worker on this 2-core
    // machine. Most suites wait on sockets, databases and browsers more than they compute.
    maxWorkers: 2,
    projects: [
      'packages/*/vitest.config.ts',
      'apps/*/vitest.config.ts',
      'tests/e2e/vitest.config.ts',
    ],
  },
});
