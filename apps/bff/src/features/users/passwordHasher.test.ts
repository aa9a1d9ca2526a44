import { describe, expect, it } from 'vitest';
import { createPasswordHasher, DEFAULT_SCRYPT_PARAMS } from './passwordHasher.js';

const cheap = createPasswordHasher({ N: 1024, r: 8, p: 1 });

describe('passwordHasher', () => {
  it('stores scrypt with its parameters and a fresh salt, and verifies only the right password', async () => {
    const a = await cheap.hash('correct horse battery');
    const b = await cheap.hash('correct horse battery');
    expect(a).toMatch(/^scrypt\$1024\$8\$1\$[A-Za-z0-9+/]{22}==\$[A-Za-z0-9+/]{43}=$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain('correct horse');
    await expect(cheap.verify('correct horse battery', a)).resolves.toBe(true);
    await expect(cheap.verify('correct horse batterY', a)).resolves.toBe(false);
    await expect(cheap.verify('', a)).resolves.toBe(false);
  });

  it('verifies with the parameters stored in the hash, not the current ones', async () => {
    const stored = await cheap.hash('a password');
    const stronger = createPasswordHasher({ N: 2048, r: 8, p: 1 });
    await expect(stronger.verify('a password', stored)).resolves.toBe(true);
    expect(stronger.needsRehash(stored)).toBe(true);
    expect(cheap.needsRehash(stored)).toBe(false);
  });

  it('refuses malformed or absurd stored hashes instead of throwing', async () => {
    for (const stored of [
      '',
      'plain',
      'scrypt$1000$8$1$c2FsdA==$aGFzaA==',
      'bcrypt$x',
      `scrypt$${2 ** 24}$8$1$a$b`,
    ]) {
      await expect(cheap.verify('x', stored)).resolves.toBe(false);
    }
  });

  it('defaults to memory-hard parameters', () => {
    expect(DEFAULT_SCRYPT_PARAMS.N).toBeGreaterThanOrEqual(2 ** 15);
    expect(DEFAULT_SCRYPT_PARAMS.r).toBe(8);
  });
});
