import { defineProject, mergeConfig } from 'vitest/config';
import { sharedConfig } from '../../vitest.shared.js';

export default mergeConfig(
  sharedConfig,
  defineProject({
    test: {
      name: 'e2e',
      include: ['**/*.spec.ts'],
      globalSetup: ['./support/globalSetup.ts'],
      // A journey takes 15-35 s alone; beside the unit suite on a slow hour of this 2-core host,
      // two of them took over 60 s (2026-11-26). Each step still fails at its own 10 s locator
      // timeout, so a hang is caught as soon as before.
      testTimeout: 120_000,
      // Retrying assertions (`expect.poll`) wait as long as a locator does (browser.ts), not 1 s.
      expect: { poll: { timeout: 10_000, interval: 100 } },
      hookTimeout: 120_000,
      // One Chromium and one server at a time: this is a 2-core machine.
      fileParallelism: false,
      // One module graph for every journey file (each still starts its own server; they share one
      // Chromium, support/browser.ts):
      // importing the BFF and Playwright again per file was about 50 s of CPU in CI.
      isolate: false,
    },
  }),
);
