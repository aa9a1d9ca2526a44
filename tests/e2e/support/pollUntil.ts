import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Reads until `done` holds, for state that changes out of the page's sight (the orchestrator's
 * notifications reaching the BFF). Usable in hooks, unlike `expect.poll`.
 */
export async function pollUntil<T>(
  what: string,
  read: () => Promise<T>,
  done: (value: T) => boolean,
  { timeoutMs = 10_000, intervalMs = 100 } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) {
      throw new Error(`${what}: still ${JSON.stringify(value)} after ${timeoutMs} ms`);
    }
    await sleep(intervalMs);
  }
}
