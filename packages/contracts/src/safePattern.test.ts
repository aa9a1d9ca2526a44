import { describe, expect, it } from 'vitest';
import { compileSchema } from './contractsAjv.js';
import {
  compileSafePattern,
  isSafePattern,
  loadPatternEngine,
  safePattern,
  UnsafePatternError,
} from './safePattern.js';

const CATASTROPHIC = `${'a'.repeat(40)}!`;

describe('safePattern', () => {
  it('finds a match anywhere in the input, as RegExp#test does', () => {
    expect(safePattern('[0-9]{3}').test('ab123cd')).toBe(true);
    expect(safePattern('^[0-9]{3}$').test('ab123cd')).toBe(false);
    expect(safePattern('^.$').test('😀')).toBe(true);
  });

  it('refuses a pathological input to a nested quantifier in linear time', () => {
    // A backtracking RegExp takes minutes here: the test's timeout fails it.
    expect(safePattern('^(a+)+$').test(CATASTROPHIC)).toBe(false);
    expect(safePattern('^(a|a)*$').test(CATASTROPHIC)).toBe(false);
    expect(safePattern('^(a+)+$').test('aaaa')).toBe(true);
  });

  it('refuses what RE2 cannot run and what JavaScript cannot compile', () => {
    for (const source of ['(?=a)a', '(?<!b)a', '(a)\\1', '\\u00e9', '[', '\\p{Script=Latin}']) {
      expect(isSafePattern(source), source).toBe(false);
      expect(() => compileSafePattern(source), source).toThrow(UnsafePatternError);
    }
    expect(isSafePattern('^[A-Z]{2}[0-9]{2}[A-Z0-9]{10,30}$')).toBe(true);
    expect(isSafePattern('^\\p{L}+$')).toBe(true);
  });

  it('loads once: loading again keeps the engine', async () => {
    await loadPatternEngine();
    expect(safePattern('^a$').test('a')).toBe(true);
  });

  it('is what the contracts ajv matches patterns and patternProperties with', () => {
    const validate = compileSchema({
      type: 'object',
      properties: { code: { type: 'string', pattern: '^(a+)+$' } },
      patternProperties: { '^(x+)+$': { type: 'number' } },
    });
    expect(validate({ code: CATASTROPHIC })).toBe(false);
    expect(validate({ code: 'aaa' })).toBe(true);
    expect(validate({ [CATASTROPHIC.replace(/a/g, 'x')]: 'not checked' })).toBe(true);
    expect(validate({ xxx: 'a string' })).toBe(false);
    // Two patterns in one schema stay two patterns (ajv keys them by their string).
    const both = compileSchema({
      type: 'object',
      properties: {
        a: { type: 'string', pattern: '^a$' },
        b: { type: 'string', pattern: '^b$' },
      },
    });
    expect(both({ a: 'a', b: 'b' })).toBe(true);
    expect(both({ a: 'b', b: 'a' })).toBe(false);
  });
});
