import { describe, expect, it } from 'vitest';
import { findUnstorableText } from './refuseUnstorableText.js';

describe('findUnstorableText', () => {
  it('points at NUL and lone surrogates in values and keys, at any depth', () => {
    expect(
      findUnstorableText({
        email: 'a\u0000b',
        name: 'ok 😀 é',
        nested: [{ deep: '\uD800' }, 'fine', '\uDFFFx'],
        ['bad\u0000key']: 1,
      }),
    ).toEqual(
      expect.arrayContaining([
        { pointer: '/email', message: expect.any(String) },
        { pointer: '/nested/0/deep', message: expect.any(String) },
        { pointer: '/nested/2', message: expect.any(String) },
        { pointer: '/bad\u0000key', message: expect.any(String) },
      ]),
    );
  });

  it('accepts well-formed text, including pairs, RTL marks and zero-width characters', () => {
    expect(
      findUnstorableText({ a: '👩‍👩‍👧', b: '\u202Eabc\u202C', c: 'zero\u200Bwidth', d: 5, e: null }),
    ).toEqual([]);
  });

  it('walks a very deep body without overflowing the stack', () => {
    let value: unknown = '\u0000';
    for (let i = 0; i < 50_000; i++) value = [value];
    expect(findUnstorableText(value)).toHaveLength(1);
  });
});
