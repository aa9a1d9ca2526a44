import { defineProject, mergeConfig } from 'vitest/config';
import { sharedConfig } from '../../vitest.shared.js';

export default mergeConfig(
  sharedConfig,
  defineProject({
    test: {
      name: 'e2e',
      include: ['**/*.spec.ts'],
      globalSetup: ['./support/globalSetup.ts'],
      testTimeout: 60_000,
      hookTimeout: 120_000,
      // One Chromium and one server at a time: this is a 2-core machine.
      fileParallelism: false,
    },
  }),
);
