import type { Logger } from 'pino';
import type { BatchQueue } from './batchQueue.js';
import type { BatchSender } from './batchSender.js';

/** This process's share of sending batches: the queue's worker and the periodic sweep. */
export interface BatchWorker {
  start(): Promise<void>;
  stop(): Promise<void>;
}

export function createBatchWorker({
  queue,
  sender,
  logger,
  concurrency,
  sweepIntervalMs,
}: {
  queue: BatchQueue;
  sender: BatchSender;
  logger: Logger;
  /** Rows this process sends at once (and per PSP). */
  concurrency: number;
  sweepIntervalMs: number;
}): BatchWorker {
  let timer: NodeJS.Timeout | undefined;
  let sweeping: Promise<void> | undefined;
  let stopped = false;

  const sweep = () => {
    if (sweeping || stopped) return;
    sweeping = sender
      .sweep()
      .catch((error: unknown) => logger.error({ err: error }, 'batch sweep failed'))
      .finally(() => {
        sweeping = undefined;
      });
  };

  return {
    async start() {
      stopped = false;
      await queue.work(concurrency, (job) => sender.sendRow(job));
      sweep();
      timer = setInterval(sweep, sweepIntervalMs);
      timer.unref();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = undefined;
      await sweeping;
      await queue.stop();
    },
  };
}
