import { randomUUID } from 'node:crypto';
import {
  isFinalStatus,
  validateBatchRows,
  type BatchBeneficiary,
  type BatchFileModel,
  type Corridor,
  type PayoutMethodType,
  type PayoutStatus,
} from '@payouts/contracts';
import type { Logger } from 'pino';
import { AppError } from '../../shared/AppError.js';
import type { Clock } from '../../shared/clock.js';
import type { AuditContext, SessionUser } from '../../shared/identity.js';
import type { SealedBox } from '../../shared/sealedBox.js';
import type { BeneficiaryPayouts } from '../beneficiaries/index.js';
import type {
  PayoutCreation,
  CreatePayoutResult,
  PayoutLifecycle,
  PayoutsRepository,
  BatchApprovalForRow,
} from '../payouts/index.js';
import { cancelDeferred } from '../payouts/index.js';
import type { ProvidersService } from '../providers/index.js';
import type { UsersRepository } from '../users/index.js';
import { startSending } from './batchDecisions.js';
import { modelOf, openCells } from './batchModel.js';
import type { BatchQueue, BatchRowJob } from './batchQueue.js';
import {
  FAILED_PAYOUT_STATUSES,
  type BatchesRepository,
  type BatchItemRow,
  type BatchRow,
} from './batchesRepository.js';
import type { PspThrottle } from './pspThrottle.js';

/**
 * Sends batch rows, one job per row (docs/decisions/019). A row is sent only by the sender that
 * claimed it (`queued` -> `sending`, in `batch_rows`), through the one payout path: the row
 * becomes an ordinary payout (`payoutCreation.create`, idempotency key `batch:<id>:<row>`,
 * unique (batch, row)), sent by the lifecycle. A 429 puts the row back in the queue after
 * Retry-After; a send without an answer is `unknown` and the reconciler takes it from there
 * (decision 007), never this sender.
 */
export interface BatchSender {
  /** The queue's handler: settles one row (throws only for what should be retried). */
  sendRow(job: BatchRowJob): Promise<void>;
  /**
   * Puts back on the queue rows whose job was lost or whose sender died, and completes
   * batches whose every row is settled and every payout final.
   */
  sweep(): Promise<void>;
  /** Completes a `submitting` batch when it is done; answers its status. */
  completeIfDone(batchId: string): Promise<string | undefined>;
}

export interface BatchSenderSettings {
  /** A claim older than this belongs to a sender that died. */
  staleAfterMs: number;
  /** A row queued longer than this without being taken is queued again (a lost job). */
  requeueAfterMs: number;
}

/**
 * Payout statuses with nothing more to happen. A row waiting for its own approval keeps the batch
 * sending: the batch completes once that approval (or rejection) is given.
 */
function settledForBatch(status: string): boolean {
  return isFinalStatus(status as PayoutStatus);
}

export function createBatchSender({
  repo,
  payoutsRepository,
  payoutCreation,
  lifecycle,
  beneficiaryPayouts,
  providersService,
  usersRepository,
  sealedBox,
  throttle,
  queue,
  clock,
  logger,
  corridors,
  settings,
  onFinished,
  owner = `batch-sender-${randomUUID()}`,
}: {
  repo: BatchesRepository;
  payoutsRepository: PayoutsRepository;
  payoutCreation: PayoutCreation;
  lifecycle: PayoutLifecycle;
  beneficiaryPayouts: BeneficiaryPayouts;
  providersService: ProvidersService;
  usersRepository: UsersRepository;
  sealedBox: SealedBox;
  throttle: PspThrottle;
  queue: BatchQueue;
  clock: Clock;
  logger: Logger;
  corridors: readonly Corridor[];
  settings: BatchSenderSettings;
  /** A batch finished (its uploader is told): how many rows were paid, how many not. Never throws. */
  onFinished?: (
    batch: BatchRow,
    status: 'completed' | 'completed_with_failures',
    rows: { paid: number; notPaid: number },
  ) => Promise<void>;
  owner?: string;
}): BatchSender {
  const settle = (item: BatchItemRow, patch: Partial<BatchItemRow>) =>
    repo.settleRow({
      batchId: item.batchId,
      row: item.row,
      owner,
      patch: { ...patch, claimedBy: null, updatedAt: clock.now() },
    });

  /** The row cannot be sent (its data no longer validates, its beneficiary is gone). */
  const refuseRow = (item: BatchItemRow, errors: { column: string | null; message: string }[]) =>
    settle(item, { state: 'invalid', errors });

  /**
   * The orchestrator asked us to wait: the row goes back to the queue, after the wait. Unless
   * its batch was cancelled while this send was under way (the cancel left this payout alone
   * then): read after the deferral committed, so one of the two always fails it.
   */
  async function deferRow(
    item: BatchItemRow,
    psp: string,
    retryAfterSeconds: number | undefined,
    payoutId: string,
  ) {
    const batch = await repo.findById(item.batchId);
    if (batch?.status === 'cancelled') {
      const now = clock.now();
      await payoutsRepository.change(payoutId, (current) =>
        cancelDeferred(current, now, 'system', item.batchId),
      );
      await settle(item, { state: 'cancelled' });
      return;
    }
    const seconds = Math.max(1, retryAfterSeconds ?? 1);
    throttle.pause(psp, seconds);
    await settle(item, { state: 'queued' });
    await queue.enqueue([{ batchId: item.batchId, row: item.row }], {
      startAfterSeconds: seconds,
    });
  }

  function afterOutcome(psp: string, outcome: CreatePayoutResult['outcome']): void {
    if (outcome === 'unknown') throttle.backoff(psp);
    else if (outcome !== 'deferred') throttle.succeeded(psp);
  }

  /**
   * What every row of a sending batch shares, read once per batch and kept briefly: its
   * uploader, its approvals (complete once it sends) and its file model (the PSP's form, whose
   * validator is compiled once). The claim re-checks the batch's status on every row.
   */
  interface BatchContext {
    creator: SessionUser | undefined;
    approvals: BatchApprovalForRow[];
    model: BatchFileModel;
    until: number;
  }
  const contexts = new Map<string, Promise<BatchContext>>();
  const batchRows = new Map<string, { batch: BatchRow; until: number }>();

  async function batchOf(id: string): Promise<BatchRow | undefined> {
    const now = Date.now();
    const cached = batchRows.get(id);
    if (cached && cached.until > now) return cached.batch;
    const batch = await repo.findById(id);
    if (batch) batchRows.set(id, { batch, until: now + CONTEXT_TTL_MS });
    for (const [key, entry] of batchRows) if (entry.until <= now) batchRows.delete(key);
    return batch;
  }
  const CONTEXT_TTL_MS = 30_000;

  function contextOf(batch: BatchRow): Promise<BatchContext> {
    const cached = contexts.get(batch.id);
    if (cached) return cached;
    const loading = (async (): Promise<BatchContext> => {
      const [user, approvals, model] = await Promise.all([
        usersRepository.findById(batch.createdBy),
        repo.approvals(batch.id),
        modelOf(providersService, batch, clock.now()),
      ]);
      const actors = await repo.actors(approvals.map((a) => a.userId));
      return {
        creator: user
          ? { id: user.id, email: user.email, name: user.name, role: user.role }
          : undefined,
        approvals: approvals.map((a) => ({
          userId: a.userId,
          email: actors.get(a.userId)?.email ?? 'unknown',
          role: a.role,
          at: a.at,
        })),
        model,
        until: Date.now() + CONTEXT_TTL_MS,
      };
    })();
    contexts.set(batch.id, loading);
    loading.then(
      (context) => {
        setTimeout(() => {
          if (contexts.get(batch.id) === loading) contexts.delete(batch.id);
        }, context.until - Date.now()).unref();
      },
      () => contexts.delete(batch.id),
    );
    return loading;
  }

  /** The row as the payout the wizard would send, checked again against today's form. */
  async function payoutOf(batch: BatchRow, item: BatchItemRow, model: BatchFileModel) {
    const cells = openCells(sealedBox, batch.id, item.row, item.cellsSealed);
    if (!cells) {
      return {
        errors: [
          { column: null, message: 'This row can no longer be read (its key was rotated away).' },
        ],
      };
    }
    const reference = (cells.beneficiary_reference ?? '').trim();
    let beneficiary: Awaited<ReturnType<BeneficiaryPayouts['forPayout']>> | undefined;
    const known = new Map<string, BatchBeneficiary>();
    if (reference !== '') {
      const found = (await repo.beneficiariesByReference([reference])).get(reference);
      if (!found || found.status === 'archived') {
        return {
          errors: [
            {
              column: 'beneficiary_reference',
              message: `The saved beneficiary ${reference} is gone or archived.`,
            },
          ],
        };
      }
      try {
        beneficiary = await beneficiaryPayouts.forPayout(found.id);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        return {
          errors: [{ column: 'beneficiary_reference', message: error.detail ?? error.title }],
        };
      }
      known.set(reference, {
        reference,
        country: beneficiary.country,
        currency: beneficiary.currency,
        payout_method_type: beneficiary.payoutMethodType,
        provider: beneficiary.provider,
        metadata: beneficiary.details,
      });
    }
    const validation = validateBatchRows([cells], {
      model,
      corridors,
      beneficiaries: known,
    });
    const valid = validation.payouts[0];
    if (!valid) {
      return {
        errors: [
          ...validation.fileErrors.map((message) => ({ column: null, message })),
          ...validation.errors.map((e) => ({ column: e.column, message: e.message })),
        ],
      };
    }
    const body = {
      ...valid.payout,
      order_id: item.orderId,
      metadata: beneficiary ? beneficiary.details : valid.payout.metadata,
      payout_method_type: batch.payoutMethodType as PayoutMethodType,
    };
    return { body, beneficiary };
  }

  /** First send of a row: it becomes a payout (or is refused before one exists). */
  async function createPayout(batch: BatchRow, item: BatchItemRow): Promise<void> {
    const { creator, approvals, model } = await contextOf(batch);
    if (!creator) {
      await refuseRow(item, [{ column: null, message: 'The batch’s creator no longer exists.' }]);
      return;
    }
    const prepared = await payoutOf(batch, item, model);
    if ('errors' in prepared) {
      await refuseRow(item, prepared.errors ?? []);
      return;
    }
    const context: AuditContext = {
      actor: { id: creator.id, email: creator.email },
      ip: null,
      requestId: `batch:${batch.id}:${item.row}`,
    };
    const { body, beneficiary } = prepared;
    // The batch's approvals count for the row's own rule, where their roles fit it.
    let result: CreatePayoutResult;
    try {
      result = await throttle.run(batch.provider, () =>
        payoutCreation.create(
          {
            user: creator,
            idempotencyKey: `batch:${batch.id}:${item.row}`,
            corridor: { country: batch.country, currency: batch.currency },
            body,
          },
          context,
          {
            batch: { id: batch.id, row: item.row, approvals },
            deferRateLimited: true,
            ...(beneficiary
              ? {
                  beneficiary: {
                    id: beneficiary.id,
                    request: { batch_id: batch.id, row: item.row },
                    createdOrChangedAt: beneficiary.createdOrChangedAt,
                  },
                }
              : {}),
          },
        ),
      );
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      if (error.extensions?.payout_id !== undefined) {
        // Refused by the orchestrator: the payout exists, failed; the row is done.
        throttle.succeeded(batch.provider);
        await settle(item, { state: 'created' });
        return;
      }
      if (error.code === 'request_in_flight') {
        // Another sender's create of this row is still running: the sweep looks again later.
        return;
      }
      await refuseRow(item, [
        {
          column: error.errors?.[0]?.pointer === '/order_id' ? 'order_id' : null,
          message: error.detail ?? error.title,
        },
        ...(error.errors ?? []).slice(1).map((e) => ({ column: null, message: e.message })),
      ]);
      return;
    }
    afterOutcome(batch.provider, result.outcome);
    if (result.outcome === 'deferred') {
      await deferRow(item, batch.provider, result.retryAfterSeconds, result.payout.id);
      return;
    }
    await settle(item, { state: 'created' });
  }

  /** A later send of a row whose payout was deferred (429): the same payout, sent again. */
  async function resend(batch: BatchRow, item: BatchItemRow, payoutId: string): Promise<void> {
    const found = await payoutsRepository.findById(payoutId);
    const payout = found?.payout;
    if (!payout || payout.status !== 'submitting' || payout.nextCheckAt !== null) {
      // Sent (or being looked up by the reconciler), approved elsewhere, or final: done here.
      await settle(item, { state: 'created' });
      return;
    }
    const request = lifecycle.open(payout);
    if (!request) {
      await lifecycle.failUnreadable(payout.id);
      await settle(item, { state: 'created' });
      return;
    }
    // From here on a crash leaves it to the reconciler (looked up by order id, never re-sent blind).
    const now = clock.now();
    const armed = await payoutsRepository.change(payout.id, (current) =>
      current.status === 'submitting' && current.nextCheckAt === null
        ? {
            patch: { nextCheckAt: lifecycle.nextCheckAt('submitting', 0, now), updatedAt: now },
            events: [],
          }
        : undefined,
    );
    if (!armed || armed.nextCheckAt === null) {
      await settle(item, { state: 'created' });
      return;
    }
    const { creator } = await contextOf(batch);
    const outcome = await throttle.run(batch.provider, () =>
      lifecycle.submit(armed, request, creator?.email ?? 'system', { deferRateLimited: true }),
    );
    afterOutcome(batch.provider, outcome.kind);
    if (outcome.kind === 'deferred') {
      await deferRow(item, batch.provider, outcome.retryAfterSeconds, armed.id);
      return;
    }
    await settle(item, { state: 'created' });
  }

  const sender: BatchSender = {
    async sendRow({ batchId, row }) {
      const now = clock.now();
      const claimed = await repo.claimRow({
        batchId,
        row,
        owner,
        now,
        staleBefore: new Date(now.getTime() - settings.staleAfterMs),
      });
      if (!claimed) return;
      const item = claimed;
      // What a batch is (corridor, PSP, uploader) never changes; its status was checked above.
      const batch = await batchOf(batchId);
      if (!batch) return;
      // A first claim of a row cannot find a payout: one is made only after a claim.
      const payoutId = item.attempts > 1 ? await repo.payoutIdOfRow(batchId, row) : undefined;
      try {
        if (payoutId) await resend(batch, item, payoutId);
        else await createPayout(batch, item);
      } catch (error) {
        // Unexpected (database down, a bug): the claim goes stale and the sweep retries.
        logger.error({ err: error, batchId, row }, 'batch row not sent');
        throw error;
      }
    },

    async sweep() {
      const now = clock.now().getTime();
      const lost = await repo.rowsToRequeue({
        queuedBefore: new Date(now - settings.requeueAfterMs),
        staleBefore: new Date(now - settings.staleAfterMs),
        limit: 1000,
      });
      if (lost.length > 0) await queue.enqueue(lost);
      // Approved, but the process that approved it died before it started sending.
      for (const id of await repo.idsWithStatus('approved', 100)) {
        await startSending(repo, queue, id, clock.now());
      }
      for (const id of await repo.idsWithStatus('submitting', 100)) await sender.completeIfDone(id);
    },

    async completeIfDone(batchId) {
      const counts = await repo.counts(batchId);
      const busy = (counts.rows.queued ?? 0) + (counts.rows.sending ?? 0);
      const open = Object.entries(counts.payouts).some(
        ([status, n]) => n > 0 && !settledForBatch(status),
      );
      const failed =
        FAILED_PAYOUT_STATUSES.some((s) => (counts.payouts[s] ?? 0) > 0) ||
        (counts.rows.invalid ?? 0) > 0;
      const now = clock.now();
      // Set only by the call that completes it: another that finds it completed tells nobody.
      let completed: 'completed' | 'completed_with_failures' | undefined;
      const changed = await repo.change<string>(batchId, (batch) => {
        completed = undefined;
        if (batch.status !== 'submitting' || busy > 0 || open) return { refused: batch.status };
        const status = failed ? 'completed_with_failures' : 'completed';
        completed = status;
        return { patch: { status, completedAt: now, updatedAt: now }, audit: [], result: status };
      });
      if (changed && completed) {
        const notPaid =
          FAILED_PAYOUT_STATUSES.reduce((n, s) => n + (counts.payouts[s] ?? 0), 0) +
          (counts.rows.invalid ?? 0);
        await onFinished?.(changed.batch, completed, {
          paid: counts.payouts.approved ?? 0,
          notPaid,
        });
      }
      return changed?.result;
    },
  };

  return sender;
}
