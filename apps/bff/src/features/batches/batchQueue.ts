import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { JobsDb } from '../../db/database.js';

/** One job: send one row of one batch. */
export interface BatchRowJob {
  batchId: string;
  row: number;
}

/**
 * The job queue that sends batch rows (docs/decisions/019): pg-boss on the app's own database
 * (PostgreSQL, or PGlite through the same port), so several BFF processes share one queue and a
 * row's job survives a crash. The queue only says "look at this row now"; whether the row is
 * sent is decided by the row's claim in `batch_rows` and the payout's unique (batch, row), so a
 * job delivered twice, or a duplicate job, never sends a row twice.
 */
export interface BatchQueue {
  /** Queues the rows (a row already queued and not yet started is not queued twice). */
  enqueue(jobs: readonly BatchRowJob[], options?: { startAfterSeconds?: number }): Promise<void>;
  /** Creates the queue's tables and the queue itself, as the first `enqueue` or `work` would. */
  prepare(): Promise<void>;
  /**
   * Starts taking jobs: up to `concurrency` rows at a time in this process; `handle` settles
   * each row itself (it throws only for what should be retried).
   */
  work(concurrency: number, handle: (job: BatchRowJob) => Promise<void>): Promise<void>;
  stop(): Promise<void>;
}

export const BATCH_ROW_QUEUE = 'batch-rows';

interface JobData {
  batch_id: string;
  row: number;
}

async function withRetries<T>(logger: Logger, run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= 5) throw error;
      logger.warn({ err: error, attempt }, 'batch queue setup failed; trying again');
      await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 400 * attempt));
    }
  }
}

export function createBatchQueue({
  jobsDb,
  logger,
  pollingIntervalSeconds = 0.5,
}: {
  jobsDb: JobsDb;
  logger: Logger;
  /** How often an idle worker looks for jobs (pg-boss's minimum is 0.5 s). */
  pollingIntervalSeconds?: number;
}): BatchQueue {
  let started: Promise<PgBoss> | undefined;
  let stopped = false;

  function boss(): Promise<PgBoss> {
    started ??= (async () => {
      // Processes starting together on a new database race to create pg-boss's schema (a
      // duplicate schema, a deadlock): the loser tries again with a new instance.
      const instance = await withRetries(logger, async () => {
        const candidate = new PgBoss({
          db: jobsDb,
          schema: 'pgboss',
          // No cron schedules; maintenance (expiry, archiving) runs in every process.
          schedule: false,
          supervise: true,
          migrate: true,
        });
        candidate.on('error', (error: Error) => {
          logger.error({ err: error }, 'batch queue error');
        });
        try {
          await candidate.start();
        } catch (error) {
          await candidate.stop({ graceful: false, wait: true }).catch(() => undefined);
          throw error;
        }
        return candidate;
      });
      // `short`: at most one waiting job per row (the singleton key); a running one does not
      // block the next (a `stately` queue would refuse to start a row's new job while a dead
      // process's job of it is still `active`, and pg-boss then fetches nothing at all).
      await withRetries(logger, () =>
        instance.createQueue(BATCH_ROW_QUEUE, {
          name: BATCH_ROW_QUEUE,
          policy: 'short',
          retryLimit: 10,
          retryDelay: 2,
          retryBackoff: true,
          // A job outlives its handler only when its process died: then it is tried again (and
          // finds its row claimed or settled, or stale and taken over).
          expireInSeconds: 5 * 60,
        }),
      );
      return instance;
    })();
    return started;
  }

  return {
    async prepare() {
      await boss();
    },

    async enqueue(jobs, options = {}) {
      if (jobs.length === 0) return;
      const instance = await boss();
      const startAfter =
        options.startAfterSeconds !== undefined && options.startAfterSeconds > 0
          ? new Date(Date.now() + options.startAfterSeconds * 1000)
          : undefined;
      for (let i = 0; i < jobs.length; i += 1000) {
        await instance.insert(
          jobs.slice(i, i + 1000).map((job) => ({
            name: BATCH_ROW_QUEUE,
            data: { batch_id: job.batchId, row: job.row } satisfies JobData,
            singletonKey: `${job.batchId}:${job.row}`,
            ...(startAfter ? { startAfter } : {}),
          })),
        );
      }
    },

    async work(concurrency, handle) {
      const instance = await boss();
      // Several workers, each fetching a few rows: a slow row holds up only its own worker's
      // next fetch, not every row of the process.
      const workers = Math.min(concurrency, 4);
      const batchSize = Math.ceil(concurrency / workers);
      for (let n = 0; n < workers; n += 1) {
        // Set once `work` answers; a fetch before that just waits the interval.
        const worker: { id?: string } = {};
        worker.id = await instance.work<JobData>(
          BATCH_ROW_QUEUE,
          { batchSize, pollingIntervalSeconds },
          async (jobs) => {
            const results = await Promise.allSettled(
              jobs.map((job) => handle({ batchId: job.data.batch_id, row: job.data.row })),
            );
            // A full fetch means more rows are likely waiting: fetch again at once instead of
            // sleeping out the polling interval (which capped a worker at `batchSize` rows per
            // interval). An empty or short fetch still waits.
            if (jobs.length >= batchSize && worker.id !== undefined) {
              instance.notifyWorker(worker.id);
            }
            const failed = results.filter((r) => r.status === 'rejected');
            if (failed.length > 0) {
              // Retried as a whole (with backoff): rows already settled are no-ops next time.
              throw (failed[0] as PromiseRejectedResult).reason;
            }
          },
        );
      }
    },

    async stop() {
      if (!started || stopped) return;
      stopped = true;
      const instance = await started;
      await instance.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
}
