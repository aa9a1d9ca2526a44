/**
 * Regular expressions matched in linear time (RE2, through the pure-JS `re2js`), for every JSON
 * Schema `pattern` we check. PSPs send `pattern` hints through the orchestrator's metadata; a
 * native (backtracking) `RegExp` lets a hint like `^(a+)+$` freeze the BFF or the browser for
 * seconds on a 40-character input. See docs/decisions/006.
 *
 * The engine is held here rather than imported by the functions that use it: the BFF installs it
 * when it loads the contracts (`contractsAjv.ts`), while the browser fetches it only when a reply
 * carries a pattern hint (`loadPatternEngine`), so it stays out of the pages' bundles.
 */
import type { RE2JS } from 're2js';

export type PatternEngine = typeof RE2JS;

let engine: PatternEngine | undefined;

export function installPatternEngine(re2: PatternEngine): void {
  engine = re2;
}

export function isPatternEngineLoaded(): boolean {
  return engine !== undefined;
}

/** Loads RE2 on demand (a lazy chunk in the browser); resolves at once when it is there. */
export async function loadPatternEngine(): Promise<void> {
  if (engine) return;
  const { RE2JS: loaded } = await import('re2js');
  engine ??= loaded;
}

/** A pattern neither RE2 nor JavaScript (with the `u` flag) both accept. */
export class UnsafePatternError extends Error {
  override readonly name = 'UnsafePatternError';
}

/** Matching a pattern before `loadPatternEngine` finished: a programming error in the caller. */
export class PatternEngineNotLoadedError extends Error {
  override readonly name = 'PatternEngineNotLoadedError';
  constructor() {
    super('RE2 is not loaded: await loadPatternEngine() before matching patterns.');
  }
}

/** A compiled pattern: `test` finds a match anywhere in the input, as `RegExp#test` does. */
export interface SafePattern {
  readonly source: string;
  test(input: string): boolean;
  toString(): string;
}

function requireEngine(): PatternEngine {
  if (!engine) throw new PatternEngineNotLoadedError();
  return engine;
}

/**
 * Compiles `source` with RE2. Also refused: what JavaScript cannot compile as a Unicode RegExp (as
 * before RE2, a pattern is used only where both engines agree it is one). RE2 refuses lookarounds,
 * backreferences and `\u` escapes (it spells them `\x{…}`); its `\s`, `\w`, `\b` are ASCII-only.
 */
export function compileSafePattern(source: string): SafePattern {
  const re2 = requireEngine();
  let compiled: RE2JS;
  try {
    new RegExp(source, 'u');
    compiled = re2.compile(source);
  } catch (error) {
    throw new UnsafePatternError(`Unsupported pattern: ${(error as Error).message}`);
  }
  return {
    source,
    test: (input) => compiled.test(input),
    // ajv caches compiled patterns by this string: it must differ per pattern.
    toString: () => `/${source}/u`,
  };
}

/** Whether `source` compiles with RE2 and as a JavaScript Unicode RegExp. */
export function isSafePattern(source: string): boolean {
  try {
    compileSafePattern(source);
    return true;
  } catch (error) {
    if (error instanceof UnsafePatternError) return false;
    throw error;
  }
}

const cache = new Map<string, SafePattern>();
const MAX_CACHED = 256;

/** `compileSafePattern`, remembered by source (bounded: sources come from PSPs). */
export function safePattern(source: string): SafePattern {
  let pattern = cache.get(source);
  if (!pattern) {
    pattern = compileSafePattern(source);
    if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value as string);
    cache.set(source, pattern);
  }
  return pattern;
}

/**
 * ajv's `code.regExp` option: every `pattern` and `patternProperties` keyword ajv compiles is
 * matched by RE2. ajv passes `u` (its default `unicodeRegExp`); RE2 matches code points anyway.
 */
export const safeRegExp = Object.assign((source: string, _flags: string) => safePattern(source), {
  // Only read for ajv's standalone code, which we do not generate.
  code: 'safeRegExp',
});
