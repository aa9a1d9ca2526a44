import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../shared/AppError.js';
import { parseInput } from './parseInput.js';
import { toJsonPointer } from './toJsonPointer.js';

function decodePointer(pointer: string): string[] {
  return pointer
    .split('/')
    .slice(1)
    .map((s) => s.replaceAll('~1', '/').replaceAll('~0', '~'));
}

describe('toJsonPointer', () => {
  it('escapes ~ and / per RFC 6901, so any path round-trips', () => {
    expect(toJsonPointer(['metadata', 'a/b', 'c~d', 0])).toBe('/metadata/a~1b/c~0d/0');
    fc.assert(
      fc.property(fc.array(fc.string()), (path) => {
        expect(decodePointer(toJsonPointer(path))).toEqual(path);
      }),
    );
  });
});

describe('parseInput', () => {
  const schema = z
    .object({ email: z.string().min(1), nested: z.object({ n: z.number() }) })
    .strict();

  it('returns the parsed value', () => {
    expect(parseInput(schema, { email: 'a', nested: { n: 1 } })).toEqual({
      email: 'a',
      nested: { n: 1 },
    });
  });

  it('turns every issue into a pointer, unknown keys included', () => {
    let caught: unknown;
    try {
      parseInput(schema, { email: '', nested: { n: 'x' }, extra: 1, 'we/ird': 2 });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(AppError);
    const error = caught as AppError;
    expect(error.code).toBe('validation_failed');
    expect(error.status).toBe(422);
    expect(error.errors?.map((e) => e.pointer).sort()).toEqual(
      ['/email', '/extra', '/nested/n', '/we~1ird'].sort(),
    );
  });
});
