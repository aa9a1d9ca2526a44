import { createRequire } from 'node:module';
import createCache, { type EmotionCache, type StylisElement } from '@emotion/cache';
import type * as EmotionReact from '@emotion/react';

/**
 * jsdom answers `getComputedStyle` by matching every rule of every style sheet against the
 * element and parsing each declaration, and Testing Library's name queries, user-event and axe
 * ask for it thousands of times per test. MUI's emotion adds a rule per styled variant, and the
 * default cache keeps them in the document for the whole worker (`isolate: false`): 470 rules
 * after one test file, over 900 after three. That cascade was three fifths of the web tests'
 * time (docs/decisions/031).
 *
 * A test renders with a cache of its own that keeps only the declarations a test, jsdom or axe
 * reads to tell what is shown (no layout or paint happens here), drops the rules left empty, and
 * is emptied after the test. Colour and size checks belong to the browser journeys.
 */
const READ_BY_TESTS = new Set([
  'display',
  'visibility',
  'opacity',
  'content',
  'pointer-events',
  'clip',
  'clip-path',
]);

// stylis's element types: a declaration, and a comment (serialised as nothing).
const DECLARATION = 'decl';
const COMMENT = 'comm';

function keepsSomething(element: StylisElement): boolean {
  if (element.type === DECLARATION) return READ_BY_TESTS.has(String(element.props));
  return Array.isArray(element.children) && element.children.some(keepsSomething);
}

/** A stylis plugin: what no test reads becomes a comment, which stylis writes as nothing. */
export function onlyWhatTestsRead(element: StylisElement): void {
  if (element.type !== COMMENT && !keepsSomething(element)) element.type = COMMENT;
}

/**
 * The `CacheProvider` MUI reads. MUI is loaded by Node, which picks @emotion/react's CommonJS
 * build; an `import` here goes through Vite's browser conditions to its ES build, a second copy
 * whose context MUI never sees.
 */
export const { CacheProvider: StyleCacheProvider } = createRequire(import.meta.url)(
  '@emotion/react',
) as typeof EmotionReact;

const caches: EmotionCache[] = [];

/** A new cache for one render; `removeTestStyles` empties it after the test. */
export function newTestStyleCache(): EmotionCache {
  const cache = createCache({ key: 'test', stylisPlugins: [onlyWhatTestsRead] });
  caches.push(cache);
  return cache;
}

/** Takes every rule the test's renders added out of the document (setupTests, after cleanup). */
export function removeTestStyles(): void {
  for (const cache of caches.splice(0)) cache.sheet.flush();
}
