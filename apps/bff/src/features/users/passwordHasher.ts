import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

export interface ScryptParams {
  /** CPU/memory cost, a power of two. */
  N: number;
  r: number;
  p: number;
}

/** ~32 MiB and tens of milliseconds per hash: memory-hard against GPU guessing. */
export const DEFAULT_SCRYPT_PARAMS: ScryptParams = { N: 2 ** 15, r: 8, p: 1 };
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;

function derive(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  const options: ScryptOptions = {
    N: params.N,
    r: params.r,
    p: params.p,
    maxmem: 256 * params.N * params.r * params.p,
  };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, KEY_LENGTH, options, (error, key) => {
      if (error) reject(error);
      else resolve(key);
    });
  });
}

interface ParsedHash {
  params: ScryptParams;
  salt: Buffer;
  hash: Buffer;
}

function parse(stored: string): ParsedHash | undefined {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return undefined;
  const [N, r, p] = parts.slice(1, 4).map((v) => Number.parseInt(v ?? '', 10));
  if (!N || !r || !p || N & (N - 1) || N > 2 ** 20 || r > 32 || p > 16) return undefined;
  return {
    params: { N, r, p },
    salt: Buffer.from(parts[4] ?? '', 'base64'),
    hash: Buffer.from(parts[5] ?? '', 'base64'),
  };
}

export interface PasswordHasher {
  /** `scrypt$N$r$p$salt$hash`: the parameters travel with the hash. */
  hash(password: string): Promise<string>;
  /** Timing-safe; false for a malformed stored hash. */
  verify(password: string, stored: string): Promise<boolean>;
  /** Burns the same time as a real verify, for unknown accounts (no user enumeration by timing). */
  verifyDummy(password: string): Promise<void>;
  /** True when the stored hash used weaker parameters than the current ones. */
  needsRehash(stored: string): boolean;
}

export function createPasswordHasher(params: ScryptParams = DEFAULT_SCRYPT_PARAMS): PasswordHasher {
  const hash = async (password: string) => {
    const salt = randomBytes(SALT_LENGTH);
    const key = await derive(password, salt, params);
    return [
      'scrypt',
      params.N,
      params.r,
      params.p,
      salt.toString('base64'),
      key.toString('base64'),
    ].join('$');
  };
  const dummySalt = randomBytes(SALT_LENGTH);
  return {
    hash,
    async verify(password, stored) {
      const parsed = parse(stored);
      if (!parsed || parsed.hash.length !== KEY_LENGTH) return false;
      const key = await derive(password, parsed.salt, parsed.params);
      return timingSafeEqual(key, parsed.hash);
    },
    async verifyDummy(password) {
      await derive(password, dummySalt, params);
    },
    needsRehash(stored) {
      const parsed = parse(stored);
      return (
        !parsed ||
        parsed.params.N < params.N ||
        parsed.params.r < params.r ||
        parsed.params.p < params.p
      );
    },
  };
}
