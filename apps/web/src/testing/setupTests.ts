import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { cacheComputedStyle } from './cachedComputedStyle.js';
import { removeTestStyles } from './testStyleCache.js';

configure({
  // Pages are lazy chunks: the first render of each one in a run waits for its module.
  asyncUtilTimeout: 5_000,
  // Role queries skip the visibility check (a computed-style walk per node, slow in jsdom);
  // tests look for what is on screen anyway.
  defaultHidden: true,
});

if (typeof window !== 'undefined') cacheComputedStyle(window);

afterEach(() => {
  cleanup();
  removeTestStyles();
  if (typeof window !== 'undefined') {
    window.sessionStorage.clear();
    window.localStorage.clear();
  }
});
