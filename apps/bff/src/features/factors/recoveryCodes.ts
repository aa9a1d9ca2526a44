import { createHmac, hkdfSync, randomInt, timingSafeEqual } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@payouts/contracts';

// No 0/o, 1/l/i: a code is read off paper and typed.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const LENGTH = 10;
const NORMALIZED = new RegExp(`^[${ALPHABET}]{${LENGTH}}$`);

/** `xxxx-xxxx-xx`: 10 characters of a 31-letter alphabet (about 49 bits), from crypto random. */
export function newRecoveryCode(): string {
  let raw = '';
  for (let i = 0; i < LENGTH; i += 1) raw += ALPHABET[randomInt(ALPHABET.length)];
  return `${raw.slice(0, 4)}-${raw.slice(4, 8)}-${raw.slice(8)}`;
}

export function newRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  const codes = new Set<string>();
  while (codes.size < count) codes.add(newRecoveryCode());
  return [...codes];
}

/** What a user types, any case, with or without dashes and spaces; undefined when not a code. */
export function normalizeRecoveryCode(input: string): string | undefined {
  const code = input.toLowerCase().replace(/[\s-]+/g, '');
  return NORMALIZED.test(code) ? code : undefined;
}

export interface RecoveryCodeHasher {
  /** The stored form: an HMAC under the newest key, bound to the user. */
  hash(userId: string, code: string): string;
  /** Whether `input` is the code `stored` was made from (any configured key; constant time). */
  matches(userId: string, input: string, stored: string): boolean;
}

/**
 * Codes are stored as HMACs, not plain hashes: 49 bits would fall to an offline search of a
 * stolen table, an HMAC under a key the database does not hold does not. The keys are derived
 * from PAYOUT_DATA_KEYS (the first hashes, every one verifies), so rotating that key does not
 * void the codes users keep on paper.
 */
export function createRecoveryCodeHasher(secrets: readonly string[]): RecoveryCodeHasher {
  if (secrets.length === 0) throw new Error('createRecoveryCodeHasher needs at least one key');
  const keys = secrets.map((secret) =>
    Buffer.from(hkdfSync('sha256', secret, 'payouts', 'staff-recovery-code-v1', 32)),
  );
  const mac = (key: Buffer, userId: string, code: string) =>
    createHmac('sha256', key).update(`${userId}:${code}`).digest();
  return {
    hash(userId, code) {
      const normalized = normalizeRecoveryCode(code);
      if (normalized === undefined) throw new Error('not a recovery code');
      return mac(keys[0]!, userId, normalized).toString('base64url');
    },
    matches(userId, input, stored) {
      const normalized = normalizeRecoveryCode(input);
      const expected = Buffer.from(stored, 'base64url');
      if (normalized === undefined || expected.length !== 32) return false;
      let found = false;
      // Every key is tried, match or not: the time taken says nothing about which one matched.
      for (const key of keys) {
        if (timingSafeEqual(mac(key, userId, normalized), expected)) found = true;
      }
      return found;
    },
  };
}
