import { jsonNumber, stringifyLosslessJson } from '../http/losslessJson.js';
import type { RandomSource } from '../support/createRandom.js';
import type { Scheduler } from '../support/createScheduler.js';
import type {
  NotificationMode,
  SandboxLogger,
  SandboxNotification,
  SentNotification,
} from '../types.js';

export interface NotifierDeps {
  url: string | null;
  retry: { maxAttempts: number; baseDelayMs: number };
  reorderWindowMs: number;
  scheduler: Scheduler;
  random: RandomSource;
  logger: SandboxLogger;
  /** Per-attempt time limit. */
  attemptTimeoutMs?: number;
}

export interface Notifier {
  /** Queues a notification; never waits for its delivery. */
  notify(notification: SandboxNotification): void;
  setUrl(url: string | null): void;
  setMode(mode: NotificationMode): void;
  mode(): NotificationMode;
  sent(): SentNotification[];
  idle(): Promise<void>;
  close(): void;
}

interface Delivery {
  url: string;
  notification: SandboxNotification;
}

/**
 * Writes the amount as a JSON number, digit for digit, like every other orchestrator amount; a
 * sparse notification has none.
 */
function toWire(notification: SandboxNotification): string {
  const { attributes } = notification.data.charge;
  const amount = attributes.amount as string | undefined;
  return stringifyLosslessJson({
    ...notification,
    data: {
      ...notification.data,
      charge: {
        ...notification.data.charge,
        attributes:
          amount === undefined ? attributes : { ...attributes, amount: jsonNumber(amount) },
      },
    },
  });
}

/**
 * Delivers callbacks in the background. `normal`: once each, in order per transaction.
 * `duplicate`: each twice. `reorder`: held for a short window, then sent newest first.
 * `chaos`: held, shuffled, and about half of them sent twice. Non-2xx answers and network
 * errors are retried with doubling delays up to `maxAttempts`.
 */
export function createNotifier(deps: NotifierDeps): Notifier {
  let url = deps.url;
  let mode: NotificationMode = 'normal';
  let pending = 0;
  let waiters: (() => void)[] = [];
  const records: SentNotification[] = [];
  const chains = new Map<string, Promise<void>>();
  let held: Delivery[] = [];
  let flushScheduled = false;
  const abort = new AbortController();

  function settleWaiters(): void {
    if (pending > 0) return;
    const ready = waiters;
    waiters = [];
    for (const resolve of ready) resolve();
  }

  async function attemptOnce(delivery: Delivery, body: string): Promise<number> {
    const signal = AbortSignal.any([
      abort.signal,
      AbortSignal.timeout(deps.attemptTimeoutMs ?? 5000),
    ]);
    const response = await fetch(delivery.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'payouts-orchestrator-sandbox' },
      body,
      signal,
    });
    await response.arrayBuffer().catch(() => undefined);
    return response.status;
  }

  async function deliver(delivery: Delivery): Promise<void> {
    const body = toWire(delivery.notification);
    let attempts = 0;
    let httpStatus: number | null = null;
    let error: string | null = null;
    let delivered = false;
    while (attempts < deps.retry.maxAttempts && !deps.scheduler.closed) {
      attempts += 1;
      try {
        httpStatus = await attemptOnce(delivery, body);
        if (httpStatus >= 200 && httpStatus < 300) {
          delivered = true;
          error = null;
          break;
        }
        error = `HTTP ${httpStatus}`;
      } catch (e) {
        httpStatus = null;
        error = e instanceof Error ? e.message : String(e);
      }
      if (attempts < deps.retry.maxAttempts) {
        await deps.scheduler.sleep(deps.retry.baseDelayMs * 2 ** (attempts - 1));
      }
    }
    if (!delivered) {
      deps.logger.warn(
        { charge: delivery.notification.data.charge.id, attempts, error },
        'notification not delivered',
      );
    }
    records.push({
      url: delivery.url,
      body,
      notification: delivery.notification,
      attempts,
      delivered,
      httpStatus,
      error,
      at: new Date().toISOString(),
    });
  }

  /** Runs deliveries one after another on a named chain; each counts as pending until done. */
  function enqueueOnChain(key: string, deliveries: Delivery[]): void {
    pending += deliveries.length;
    const previous = chains.get(key) ?? Promise.resolve();
    const next = previous.then(async () => {
      for (const delivery of deliveries) {
        try {
          await deliver(delivery);
        } catch (error) {
          // Never leave `idle()` waiting on a delivery that could not even be written.
          deps.logger.error({ err: error }, 'notification not sent');
        } finally {
          pending -= 1;
          settleWaiters();
        }
      }
    });
    chains.set(key, next);
    void next.finally(() => {
      if (chains.get(key) === next) chains.delete(key);
    });
  }

  function flushHeld(): void {
    flushScheduled = false;
    const batch = held;
    held = [];
    pending -= batch.length;
    let order: Delivery[];
    if (mode === 'chaos') {
      order = [];
      for (const delivery of batch) {
        order.push(delivery);
        if (deps.random.next() < 0.5) order.push(delivery);
      }
      for (let i = order.length - 1; i > 0; i -= 1) {
        const j = Math.floor(deps.random.next() * (i + 1));
        [order[i], order[j]] = [order[j] as Delivery, order[i] as Delivery];
      }
    } else {
      order = [...batch].reverse();
    }
    enqueueOnChain('held-batch', order);
    settleWaiters();
  }

  return {
    notify(notification) {
      if (url === null || deps.scheduler.closed) return;
      const delivery: Delivery = { url, notification };
      if (mode === 'reorder' || mode === 'chaos') {
        held.push(delivery);
        pending += 1;
        if (!flushScheduled) {
          flushScheduled = true;
          deps.scheduler.after(deps.reorderWindowMs, flushHeld);
        }
        return;
      }
      const copies = mode === 'duplicate' ? [delivery, delivery] : [delivery];
      // In order per transaction (a sparse notification names only its order).
      const charge = notification.data.charge as { id?: string };
      enqueueOnChain(charge.id ?? `order:${notification.data.order_id}`, copies);
    },
    setUrl(next) {
      url = next;
    },
    setMode(next) {
      mode = next;
    },
    mode: () => mode,
    sent: () => records.map((r) => ({ ...r })),
    idle() {
      if (pending === 0) return Promise.resolve();
      return new Promise<void>((resolve) => waiters.push(resolve));
    },
    close() {
      abort.abort();
      // Held deliveries are dropped: the flush timer is cancelled with the scheduler.
      pending -= held.length;
      held = [];
      settleWaiters();
    },
  };
}
