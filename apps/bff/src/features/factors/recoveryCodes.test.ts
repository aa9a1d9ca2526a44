import { describe, expect, it } from 'vitest';
import {
  createRecoveryCodeHasher,
  newRecoveryCodes,
  normalizeRecoveryCode,
} from './recoveryCodes.js';

const USER = '00000000-0000-4000-8000-000000000001';
const OTHER = '00000000-0000-4000-8000-000000000002';

describe('recovery codes', () => {
  it('makes 10 distinct codes like xxxx-xxxx-xx from an unambiguous alphabet', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes)
      expect(code).toMatch(/^[a-hjkmnp-z2-9]{4}-[a-hjkmnp-z2-9]{4}-[a-hjkmnp-z2-9]{2}$/);
    // Not a constant: two sets share nothing.
    const again = new Set(newRecoveryCodes());
    expect(codes.filter((c) => again.has(c))).toEqual([]);
  });

  it('reads codes typed in any case, with or without dashes and spaces', () => {
    expect(normalizeRecoveryCode('ABCD-EFGH-JK')).toBe('abcdefghjk');
    expect(normalizeRecoveryCode(' abcd efgh jk ')).toBe('abcdefghjk');
    for (const bad of [
      '',
      'abcd-efgh-j',
      'abcd-efgh-jkl',
      'abcd-efgh-j0',
      'abcd-efgh-jl',
      'abcd_efgh_jk',
    ]) {
      expect(normalizeRecoveryCode(bad), bad).toBeUndefined();
    }
  });

  it('stores an HMAC bound to the user, never the code, and matches what was typed', () => {
    const hasher = createRecoveryCodeHasher(['key-one']);
    const [code] = newRecoveryCodes(1);
    const stored = hasher.hash(USER, code!);
    expect(stored).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(stored).not.toContain(code!.replace(/-/g, ''));
    expect(hasher.matches(USER, code!, stored)).toBe(true);
    expect(hasher.matches(USER, code!.toUpperCase().replace(/-/g, ' '), stored)).toBe(true);
    expect(hasher.matches(OTHER, code!, stored)).toBe(false);
    expect(hasher.matches(USER, 'aaaa-aaaa-aa', stored)).toBe(false);
    expect(hasher.matches(USER, 'nonsense', stored)).toBe(false);
    expect(hasher.matches(USER, code!, 'short')).toBe(false);
    // Another key makes another HMAC.
    expect(createRecoveryCodeHasher(['key-two']).hash(USER, code!)).not.toBe(stored);
  });

  it('keeps matching codes hashed under an older key after a rotation', () => {
    const old = createRecoveryCodeHasher(['key-one']);
    const rotated = createRecoveryCodeHasher(['key-two', 'key-one']);
    const stored = old.hash(USER, 'abcd-efgh-jk');
    expect(rotated.matches(USER, 'abcd-efgh-jk', stored)).toBe(true);
    expect(rotated.hash(USER, 'abcd-efgh-jk')).not.toBe(stored);
  });
});
