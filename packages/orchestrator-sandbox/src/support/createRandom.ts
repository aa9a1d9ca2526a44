import { randomBytes } from 'node:crypto';

export interface RandomSource {
  /** Uniform in [0, 1). */
  next(): number;
  /** `length` lower-case hex characters. */
  hex(length: number): string;
  /** `length` decimal digits. */
  digits(length: number): string;
  /** A version-4-shaped UUID. */
  uuid(): string;
}

/**
 * Randomness for ids and the chaos mode. With a seed it is a mulberry32 stream, so ids and
 * shuffles repeat run after run; without one, ids come from the OS.
 */
export function createRandom(seed?: number): RandomSource {
  let state = (seed ?? 0) >>> 0;
  const seeded = seed !== undefined;

  function next(): number {
    if (!seeded) return randomBytes(4).readUInt32BE(0) / 2 ** 32;
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  }

  function pick(alphabet: string, length: number): string {
    let out = '';
    for (let i = 0; i < length; i += 1) out += alphabet[Math.floor(next() * alphabet.length)];
    return out;
  }

  return {
    next,
    hex: (length) => pick('0123456789abcdef', length),
    digits: (length) => pick('0123456789', length),
    uuid() {
      const h = pick('0123456789abcdef', 32);
      const variant = '89ab'[Math.floor(next() * 4)] ?? '8';
      return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
    },
  };
}
