import { randomUUID } from 'node:crypto';
import { OrchestratorError } from '@payouts/orchestrator-client';
import type { Logger } from 'pino';
import type { Clock } from '../../shared/clock.js';
import type { LookupAnswer, PayoutLifecycle, PayoutsOrchestrator } from './payoutLifecycle.js';
import { orderLookup } from './orderLookup.js';
import type { PayoutRow, PayoutsRepository } from './payoutsRepository.js';

export interface ReconcilerSettings {
  /**
   * Not found at the orchestrator this long after the outcome went unknown: handed to a person,
   * or re-sent with the same order id when `refusesDuplicateOrderId`.
   */
  graceMs: number;
  /** Lookups by order id go on this long after the outcome went unknown, then stop. */
  lookupMs: number;
  /** The operator declared that the orchestrator refuses a reused order id. */
  refusesDuplicateOrderId: boolean;
  batchSize: number;
  /** How long a claimed payout stays leased: longer than any call it makes. */
  leaseMs: number;
  intervalMs: number;
}

export type ReconcileResult =
  'checked' | 'adopted' | 'not_found_yet' | 'handed_to_person' | 'resubmitted' | 'error';

export interface ReconcileRound {
  claimed: number;
  results: Partial<Record<ReconcileResult, number>>;
  /** The payout ids this process worked on in the round. */
  ids: string[];
}

export interface PayoutsReconciler {
  /** This process's lease owner id. */
  readonly owner: string;
  /** Claims one batch of due payouts and works it. */
  runOnce(): Promise<ReconcileRound>;
  /** Batches until nothing is due: every due payout is worked once (by this or another process). */
  runRound(): Promise<ReconcileRound>;
  /** Runs a round every `intervalMs` until `stop`. */
  start(): void;
  stop(): Promise<void>;
}

/**
 * Brings every payout whose outcome is open to a known, final status from evidence: looks
 * unknown ones up by order id on a backoff (adopts what it finds; past the grace period hands
 * them to a person, and re-sends with the same order id only when the operator declared that
 * the orchestrator refuses a reused one: decision 039), and checks non-final ones on a backoff.
 * Several BFF processes may run one each on one database: rows are leased with
 * `FOR UPDATE SKIP LOCKED`, so each payout is worked by one process per round.
 */
export function createPayoutsReconciler({
  repo,
  lifecycle,
  orchestrator,
  clock,
  logger,
  settings,
  owner = randomUUID(),
}: {
  repo: PayoutsRepository;
  lifecycle: PayoutLifecycle;
  orchestrator: PayoutsOrchestrator;
  clock: Clock;
  logger: Logger;
  settings: ReconcilerSettings;
  owner?: string;
}): PayoutsReconciler {
  const log = logger.child({ component: 'reconciler' });

  async function lookUp(row: PayoutRow): Promise<ReconcileResult> {
    const limits = { graceMs: settings.graceMs, lookupMs: settings.lookupMs };
    let page: Awaited<ReturnType<PayoutsOrchestrator['listPayouts']>>;
    try {
      page = await orchestrator.listPayouts({ merchantOrderId: row.orderId });
    } catch (error) {
      // A failed lookup is evidence too ("we asked, it did not answer"), and never a re-send.
      log.warn({ err: error, payoutId: row.id }, 'lookup by order id failed; tried again later');
      const kind = error instanceof OrchestratorError ? error.kind : 'internal';
      await lifecycle.lookupMissed(row.id, { found: null, error: kind }, owner, limits);
      return 'error';
    }
    const found = orderLookup(page, row.orderId);
    if (found.kind === 'found') {
      await lifecycle.applyRecord(row.id, found.record, 'system', 'lookup', { leaseOwner: owner });
      return 'adopted';
    }
    if (found.kind === 'unreadable') {
      // A record with this order id exists but could not be read: never a reason to send again.
      log.warn({ payoutId: row.id }, 'a record with this order id could not be read');
      await lifecycle.lookupMissed(row.id, { found: null, error: 'unreadable_record' }, owner, {
        ...limits,
        graceMs: 0,
      });
      return 'handed_to_person';
    }
    const answer: LookupAnswer = { found: false, records: found.records };
    const since = (row.unknownSince ?? row.updatedAt).getTime();
    const pastGrace = clock.now().getTime() - since >= settings.graceMs;
    // Re-sent only when the operator declared that the orchestrator refuses a reused order id,
    // and never once a re-send was refused or the details are unreadable (a person decides).
    const mayResend = row.attentionReason === null || row.attentionReason === 'unresolved';
    if (pastGrace && settings.refusesDuplicateOrderId && mayResend) {
      const request = lifecycle.open(row);
      if (request) {
        await lifecycle.submit(row, request, 'system', {
          resubmission: true,
          leaseOwner: owner,
          evidence: { lookup: answer },
        });
        return 'resubmitted';
      }
      await lifecycle.lookupMissed(row.id, answer, owner, {
        ...limits,
        reason: 'sealed_data_lost',
      });
      return 'handed_to_person';
    }
    await lifecycle.lookupMissed(row.id, answer, owner, limits);
    return pastGrace ? 'handed_to_person' : 'not_found_yet';
  }

  async function reconcile(claimed: PayoutRow): Promise<ReconcileResult> {
    let row = claimed;
    try {
      if (row.status === 'submitting') {
        // Due only once the send is stale: the request that made it died with its process.
        row =
          (await lifecycle.markUnknown(row.id, 'system', 'abandoned', { leaseOwner: undefined })) ??
          row;
      }
      const status = row.status;
      if (status === 'unknown' && !row.orchestratorId) return await lookUp(row);
      if (row.orchestratorId) {
        const record = await orchestrator.checkPayoutStatus(row.orchestratorId);
        await lifecycle.applyRecord(row.id, record, 'system', 'reconciler', { leaseOwner: owner });
        return 'checked';
      }
      // Nothing to do (final, awaiting approval): stop scheduling it.
      await lifecycle.reschedule(row.id, owner);
      return 'checked';
    } catch (error) {
      log.warn({ err: error, payoutId: row.id }, 'reconcile attempt failed; retried later');
      await lifecycle.reschedule(row.id, owner).catch((e: unknown) => {
        log.error({ err: e, payoutId: row.id }, 'could not reschedule; the lease will expire');
      });
      return 'error';
    }
  }

  async function runOnce(): Promise<ReconcileRound> {
    const now = clock.now();
    const rows = await repo.claimDue({
      owner,
      now,
      leaseUntil: new Date(now.getTime() + settings.leaseMs),
      limit: settings.batchSize,
    });
    const round: ReconcileRound = { claimed: rows.length, results: {}, ids: [] };
    // A few at a time: the orchestrator's pool and the database share them.
    const queue = [...rows];
    const workers = Array.from({ length: Math.min(4, queue.length) }, async () => {
      for (let row = queue.shift(); row; row = queue.shift()) {
        const result = await reconcile(row);
        round.results[result] = (round.results[result] ?? 0) + 1;
        round.ids.push(row.id);
      }
    });
    await Promise.all(workers);
    return round;
  }

  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = true;

  const reconciler: PayoutsReconciler = {
    owner,
    runOnce,
    async runRound() {
      const total: ReconcileRound = { claimed: 0, results: {}, ids: [] };
      for (;;) {
        const round = await runOnce();
        if (round.claimed === 0) return total;
        total.claimed += round.claimed;
        total.ids.push(...round.ids);
        for (const [k, v] of Object.entries(round.results)) {
          const key = k as ReconcileResult;
          total.results[key] = (total.results[key] ?? 0) + v;
        }
      }
    },
    start() {
      if (!stopped) return;
      stopped = false;
      const tick = () => {
        running = reconciler
          .runRound()
          .then((round) => {
            if (round.claimed > 0) log.info({ ...round, ids: undefined }, 'reconcile round');
          })
          .catch((error: unknown) => log.error({ err: error }, 'reconcile round failed'))
          .finally(() => {
            running = undefined;
            if (!stopped) timer = setTimeout(tick, settings.intervalMs);
          });
      };
      timer = setTimeout(tick, 0);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
  return reconciler;
}
