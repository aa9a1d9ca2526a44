/** Milliseconds per name, over a busy time, summed across recordings. */
export interface Tally {
  busyMs: number;
  ms: Record<string, number>;
}

export interface Share {
  name: string;
  ms: number;
  /** Percent of the busy time. */
  share: number;
}

export function emptyTally(): Tally {
  return { busyMs: 0, ms: {} };
}

export function addTo(into: Tally, from: Tally): Tally {
  into.busyMs += from.busyMs;
  for (const [name, ms] of Object.entries(from.ms)) into.ms[name] = (into.ms[name] ?? 0) + ms;
  return into;
}

export function topShares(tally: Tally, n: number): Share[] {
  return Object.entries(tally.ms)
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([name, ms]) => ({
      name,
      ms: Math.round(ms * 10) / 10,
      share: tally.busyMs > 0 ? Math.round((ms / tally.busyMs) * 1000) / 10 : 0,
    }));
}

/** `UpdateLayoutTree 41% · FunctionCall 22% · …` */
export function sharesLine(tally: Tally, n: number): string {
  return topShares(tally, n)
    .map((entry) => `${entry.name} ${entry.share}%`)
    .join(' · ');
}
