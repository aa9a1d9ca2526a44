/** A small deterministic PRNG (mulberry32): the demo history is the same for the same start. */
export interface SeededRandom {
  /** In [0, 1). */
  next(): number;
  /** An integer in [min, max]. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  /** One item, by weight. */
  weighted<T>(items: readonly (readonly [T, number])[]): T;
  /** A standard normal deviate (Box–Muller). */
  normal(): number;
  /** A version-4-shaped UUID from this stream (not for secrets). */
  uuid(): string;
  digits(count: number): string;
}

export function createSeededRandom(seed: number): SeededRandom {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const hex = (count: number) => {
    let out = '';
    while (out.length < count)
      out += Math.floor(next() * 0x100000)
        .toString(16)
        .padStart(5, '0');
    return out.slice(0, count);
  };
  return {
    next,
    int,
    pick: (items) => items[Math.floor(next() * items.length)]!,
    weighted(items) {
      const total = items.reduce((sum, [, w]) => sum + w, 0);
      let r = next() * total;
      for (const [item, w] of items) {
        r -= w;
        if (r < 0) return item;
      }
      return items[items.length - 1]![0];
    },
    normal() {
      const u = Math.max(next(), Number.EPSILON);
      return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * next());
    },
    uuid() {
      const variant = '89ab'[int(0, 3)]!;
      return `${hex(8)}-${hex(4)}-4${hex(3)}-${variant}${hex(3)}-${hex(12)}`;
    },
    digits(count) {
      let out = '';
      while (out.length < count) out += String(Math.floor(next() * 100_000)).padStart(5, '0');
      return out.slice(0, count);
    },
  };
}
