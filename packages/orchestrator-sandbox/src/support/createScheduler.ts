export interface Scheduler {
  /** Runs `fn` after `ms` unless the scheduler is closed first. */
  after(ms: number, fn: () => void): void;
  /** Resolves after `ms`, or at once when the scheduler closes. */
  sleep(ms: number): Promise<void>;
  readonly closed: boolean;
  /** Cancels every pending timer; pending sleeps resolve. */
  close(): void;
}

/** Owns every timer the sandbox starts, so `close()` leaves nothing running. */
export function createScheduler(): Scheduler {
  const timers = new Map<NodeJS.Timeout, () => void>();
  let closed = false;

  function after(ms: number, fn: () => void, onCancel: () => void = () => {}): void {
    if (closed) {
      onCancel();
      return;
    }
    const timer = setTimeout(() => {
      timers.delete(timer);
      fn();
    }, ms);
    timers.set(timer, onCancel);
  }

  return {
    after: (ms, fn) => after(ms, fn),
    sleep: (ms) => new Promise<void>((resolve) => after(ms, resolve, resolve)),
    get closed() {
      return closed;
    },
    close() {
      closed = true;
      for (const [timer, onCancel] of timers) {
        clearTimeout(timer);
        onCancel();
      }
      timers.clear();
    },
  };
}
