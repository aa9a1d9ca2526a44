/**
 * How fast this process sends batch rows to each PSP: at most `concurrency` at once per PSP,
 * none while the orchestrator asked us to wait (429 Retry-After), and a growing pause after
 * answers that failed on its side (5xx, timeouts), reset by the next success.
 */
export interface PspThrottle {
  /** Runs `send` when the PSP has a free slot and is not paused. */
  run<T>(psp: string, send: () => Promise<T>): Promise<T>;
  /** The orchestrator said "retry after": nothing goes to this PSP before then. */
  pause(psp: string, seconds: number): void;
  /** A failure on the orchestrator's side: back off (doubling up to the maximum). */
  backoff(psp: string): void;
  /** A send went through: the backoff starts again from its base. */
  succeeded(psp: string): void;
  /** When the PSP may be sent to again (ms since epoch; 0: now). */
  pausedUntil(psp: string): number;
}

export interface PspThrottleSettings {
  concurrency: number;
  backoffBaseMs: number;
  backoffMaxMs: number;
}

interface PspState {
  active: number;
  waiting: (() => void)[];
  pausedUntil: number;
  failures: number;
}

export function createPspThrottle(
  settings: PspThrottleSettings,
  {
    now = () => Date.now(),
    sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
  }: { now?: () => number; sleep?: (ms: number) => Promise<void> } = {},
): PspThrottle {
  const states = new Map<string, PspState>();
  const stateOf = (psp: string): PspState => {
    let state = states.get(psp);
    if (!state) {
      state = { active: 0, waiting: [], pausedUntil: 0, failures: 0 };
      states.set(psp, state);
    }
    return state;
  };

  async function acquire(state: PspState): Promise<void> {
    if (state.active < settings.concurrency) {
      state.active += 1;
      return;
    }
    // The releasing send hands its slot over directly: no one jumps the queue.
    await new Promise<void>((resolve) => state.waiting.push(resolve));
  }

  function release(state: PspState): void {
    const next = state.waiting.shift();
    if (next) next();
    else state.active -= 1;
  }

  return {
    async run(psp, send) {
      const state = stateOf(psp);
      await acquire(state);
      try {
        // A pause may begin while waiting for the slot: honour it before sending.
        for (let wait = state.pausedUntil - now(); wait > 0; wait = state.pausedUntil - now()) {
          await sleep(wait);
        }
        return await send();
      } finally {
        release(state);
      }
    },
    pause(psp, seconds) {
      const state = stateOf(psp);
      state.pausedUntil = Math.max(state.pausedUntil, now() + Math.max(0, seconds) * 1000);
    },
    backoff(psp) {
      const state = stateOf(psp);
      // Sends that were in flight together fail together: one failure per pause, not one each.
      if (state.pausedUntil > now()) return;
      state.failures += 1;
      const ms = Math.min(
        settings.backoffMaxMs,
        settings.backoffBaseMs * 2 ** (state.failures - 1),
      );
      state.pausedUntil = Math.max(state.pausedUntil, now() + ms);
    },
    succeeded(psp) {
      stateOf(psp).failures = 0;
    },
    pausedUntil(psp) {
      return stateOf(psp).pausedUntil;
    },
  };
}
