import type {
  PayoutAttentionReason,
  PayoutRecord,
  PayoutRequest,
  PayoutStatus,
} from '@payouts/contracts';
import {
  OrchestratorError,
  type OrchestratorClient,
  type OrchestratorExchange,
} from '@payouts/orchestrator-client';
import type { Logger } from 'pino';
import type { AppError } from '../../shared/AppError.js';
import type { Clock } from '../../shared/clock.js';
import type { SealedBox } from '../../shared/sealedBox.js';
import type { NewAuditRow } from '../audit/index.js';
import { orchestratorErrorToAppError } from '../orchestrator/index.js';
import {
  attentionOfReported,
  foldFound,
  foldMissing,
  lookupMissed,
  resendRefused,
  type LookupAnswer,
  nextCheckAt as nextCheckAtOf,
  releaseLease as release,
  sealedDataLost,
  settled as settledOf,
  type RecordSource,
  type ReconcileSchedule,
} from './payoutChanges.js';
import { decideTransition, toPayoutStatus } from './payoutStatus.js';
import type {
  IdempotencyCompletion,
  NewPayoutEvent,
  PayoutRow,
  PayoutsRepository,
} from './payoutsRepository.js';

export type { LookupAnswer, ReconcileSchedule } from './payoutChanges.js';

export type PayoutsOrchestrator = Pick<
  OrchestratorClient,
  'createPayout' | 'checkPayoutStatus' | 'listPayouts'
>;

/** How a send ended, for the caller's reply. */
export type SubmitOutcome =
  | { kind: 'created'; row: PayoutRow }
  | { kind: 'refused'; row: PayoutRow; problem: AppError }
  /**
   * A re-send turned away (any 4xx, a 409 as much as a 400 list): the first send may exist
   * there, so it stays unknown, looked up, and goes to a person.
   */
  | { kind: 'maybe_exists'; row: PayoutRow }
  | { kind: 'unknown'; row: PayoutRow }
  /**
   * Turned away with 429 before anything was made (`deferRateLimited` only): still
   * `submitting`, out of the reconciler's hands (`next_check_at` null) until sent again.
   */
  | { kind: 'deferred'; row: PayoutRow; retryAfterSeconds: number | undefined };

export interface SubmitOptions {
  onExchange?: (exchange: OrchestratorExchange) => void;
  /**
   * A re-send by the reconciler (same order id) after the grace period found nothing: only when
   * the operator declared that the orchestrator refuses a reused order id.
   */
  resubmission?: boolean;
  /** What the lookup before a re-send answered, kept on the `resubmitted` event. */
  evidence?: Record<string, unknown>;
  /** The reconciler's lease to release with the outcome. */
  leaseOwner?: string;
  /**
   * A 429 defers the payout (the batch queue sends it again after `Retry-After`) instead of
   * failing it: a batch must not lose rows to the orchestrator's rate limit.
   */
  deferRateLimited?: boolean;
  /**
   * When the orchestrator created the payout: the create request's key completion for the
   * changed row, written by the change's own statement (undefined: completed by the caller).
   */
  completeKey?: (changed: PayoutRow) => IdempotencyCompletion | undefined;
}

export interface PayoutLifecycle {
  /** The request sealed into the row, as it will be sent. */
  seal(id: string, request: PayoutRequest): string;
  /** The sealed request of a row; undefined when erased or sealed under another key. */
  open(row: PayoutRow): PayoutRequest | undefined;
  /** When the reconciler should next look at a payout in `status` (null: never). */
  nextCheckAt(status: PayoutStatus, attempts: number, now: Date): Date | null;
  /** Sends a committed `submitting`/`unknown` payout; the ledger records whatever happens. */
  submit(
    row: PayoutRow,
    request: PayoutRequest,
    actor: string,
    options?: SubmitOptions,
  ): Promise<SubmitOutcome>;
  /**
   * Folds what the orchestrator says about a payout (status check, lookup, notification);
   * `audit` rows commit with it.
   */
  applyRecord(
    id: string,
    record: PayoutRecord | undefined,
    actor: string,
    source: RecordSource,
    options?: { leaseOwner?: string; audit?: NewAuditRow[]; events?: NewPayoutEvent[] },
  ): Promise<PayoutRow | undefined>;
  /**
   * A lookup by order id of an unknown payout that did not find it (or failed): recorded as
   * evidence; past the grace period the payout goes to a person (`reason`), and lookups stop
   * once `lookupMs` has passed since its outcome went unknown.
   */
  lookupMissed(
    id: string,
    answer: LookupAnswer,
    leaseOwner: string,
    limits: { graceMs: number; lookupMs: number; reason?: PayoutAttentionReason },
  ): Promise<PayoutRow | undefined>;
  /** An approved payout whose sealed details cannot be read: failed, nothing sent. */
  failUnreadable(id: string): Promise<PayoutRow | undefined>;
  /** Marks a payout whose send never answered `unknown` (to be looked up, never re-sent blind). */
  markUnknown(
    id: string,
    actor: string,
    kind: string,
    options?: { leaseOwner?: string; restartGrace?: boolean },
  ): Promise<PayoutRow | undefined>;
  /** Pushes the next check back after a failed attempt and releases the lease. */
  reschedule(id: string, leaseOwner: string, event?: NewPayoutEvent): Promise<void>;
}

/**
 * Everything that moves a payout once it may reach the orchestrator: sending it, learning its
 * status, not hearing back. Shared by user requests and the background reconciler, so both record
 * the same events and make the same decisions (through `decideTransition`).
 */
export function createPayoutLifecycle({
  repo,
  orchestrator,
  clock,
  logger,
  sealedBox,
  schedule,
}: {
  repo: PayoutsRepository;
  orchestrator: PayoutsOrchestrator;
  clock: Clock;
  logger: Logger;
  sealedBox: SealedBox;
  schedule: ReconcileSchedule;
}): PayoutLifecycle {
  const nextCheckAt = (status: PayoutStatus, attempts: number, now: Date) =>
    nextCheckAtOf(schedule, status, attempts, now);
  const settled = (status: PayoutStatus, attempts: number, now: Date) =>
    settledOf(schedule, status, attempts, now);

  const lifecycle: PayoutLifecycle = {
    seal(id, request) {
      return sealedBox.seal(JSON.stringify(request), id);
    },

    open(row) {
      if (!row.submission) return undefined;
      const plain = sealedBox.open(row.submission, row.id);
      return plain === undefined ? undefined : (JSON.parse(plain) as PayoutRequest);
    },

    nextCheckAt,

    async submit(row, request, actor, options = {}) {
      const {
        onExchange,
        resubmission = false,
        leaseOwner,
        deferRateLimited = false,
        completeKey,
        evidence,
      } = options;
      try {
        const created = await orchestrator.createPayout(request, onExchange ? { onExchange } : {});
        const now = clock.now();
        const reported = toPayoutStatus(created.status);
        const updated = await repo.change(row.id, (current) => {
          const t = decideTransition(current.status, {
            kind: 'reported',
            status: reported,
          });
          const events: NewPayoutEvent[] = [];
          if (resubmission) {
            events.push({
              type: 'resubmitted',
              actor,
              at: now,
              data: {
                reason: 'not found at the orchestrator after the grace period',
                ...evidence,
              },
            });
          }
          events.push({
            type: 'submitted',
            actor,
            at: now,
            data: { orchestrator_id: created.id, orchestrator_status: created.status_raw },
          });
          const patch = {
            ...settled(t.to, 0, now),
            ...(t.outcome === 'changed' || t.to === reported
              ? { orchestratorStatusRaw: created.status_raw }
              : {}),
            orchestratorId: current.orchestratorId ?? created.id,
            pspTransactionId: current.pspTransactionId ?? created.transaction_id,
            attentionReason: attentionOfReported(t.to),
            updatedAt: now,
            ...release(current, leaseOwner),
          };
          const completion = completeKey?.({ ...current, ...patch });
          return { patch, events, ...(completion ? { completeKey: completion } : {}) };
        });
        return { kind: 'created', row: updated ?? row };
      } catch (error) {
        const now = clock.now();
        if (error instanceof OrchestratorError && !error.outcomeUnknown) {
          if (deferRateLimited && error.kind === 'rate_limited') {
            const retryAfterSeconds = error.retryAfterSeconds;
            const updated = await repo.change(row.id, (current) => {
              if (current.status !== 'submitting') return undefined;
              return {
                patch: { nextCheckAt: null, updatedAt: now, ...release(current, leaseOwner) },
                events: [
                  {
                    type: 'send_deferred',
                    actor: 'system',
                    at: now,
                    data: {
                      reason: 'rate limited by the orchestrator',
                      ...(retryAfterSeconds !== undefined
                        ? { retry_after_seconds: retryAfterSeconds }
                        : {}),
                    },
                  },
                ],
              };
            });
            return { kind: 'deferred', row: updated ?? row, retryAfterSeconds };
          }
          if (resubmission && error.kind === 'rate_limited') {
            // Turned away before anything was looked at: a 429 only ever delays.
            const updated = await repo.change(row.id, (current) => ({
              patch: {
                nextCheckAt: nextCheckAt('unknown', current.checkAttempts + 1, now),
                checkAttempts: current.checkAttempts + 1,
                ...release(current, leaseOwner),
              },
              events: [{ type: 'resubmit_deferred', actor, at: now, data: { kind: error.kind } }],
            }));
            return { kind: 'unknown', row: updated ?? row };
          }
          if (resubmission) {
            // A re-send with a used order id that is turned away says nothing about the first
            // send: whatever the refusal (a 409, a 400 list, a business rule), the payout may
            // exist there. It stays unknown, looked up, and goes to a person (decision 039).
            const updated = await repo.change(row.id, (current) =>
              resendRefused(current, now, {
                actor,
                schedule,
                leaseOwner,
                kind: error.kind,
                code: orchestratorErrorToAppError(error).code,
              }),
            );
            return { kind: 'maybe_exists', row: updated ?? row };
          }
          // Refused before anything was created there: failed, and the order id is free again.
          const problem = orchestratorErrorToAppError(error);
          const updated = await repo.change(row.id, (current) => {
            const t = decideTransition(current.status, { kind: 'refused' });
            if (t.outcome === 'not_allowed') return undefined;
            return {
              patch: {
                ...settled(t.to, current.checkAttempts, now),
                failureReason: problem.detail ?? problem.title,
                updatedAt: now,
                ...release(current, leaseOwner),
              },
              events: [
                {
                  type: 'submit_failed',
                  actor,
                  at: now,
                  data: {
                    code: problem.code,
                    kind: error.kind,
                    errors: problem.errors ?? [],
                    ...(resubmission ? { resubmission: true } : {}),
                  },
                },
              ],
            };
          });
          return { kind: 'refused', row: updated ?? row, problem };
        }
        // The request may have reached the orchestrator: unknown, to be looked up by order id.
        const kind = error instanceof OrchestratorError ? error.kind : 'internal';
        if (!(error instanceof OrchestratorError)) {
          logger.error({ err: error, payoutId: row.id }, 'payout submission failed unexpectedly');
        }
        const updated = await lifecycle.markUnknown(row.id, actor, kind, {
          ...(leaseOwner !== undefined ? { leaseOwner } : {}),
          restartGrace: resubmission,
        });
        return { kind: 'unknown', row: updated ?? row };
      }
    },

    async markUnknown(id, actor, kind, options = {}) {
      const { leaseOwner, restartGrace = false } = options;
      const now = clock.now();
      return repo.change(id, (current) => {
        const t = decideTransition(current.status, { kind: 'outcome_unknown' });
        if (t.outcome === 'ignored' || t.outcome === 'not_allowed') {
          return { patch: { ...release(current, leaseOwner) }, events: [] };
        }
        const attempts = current.checkAttempts + 1;
        return {
          patch: {
            status: t.to,
            // A re-send that went unanswered starts the grace period again.
            unknownSince: restartGrace ? now : (current.unknownSince ?? now),
            nextCheckAt: nextCheckAt(t.to, 0, now),
            checkAttempts: attempts,
            updatedAt: now,
            ...release(current, leaseOwner),
          },
          events: [{ type: 'submit_outcome_unknown', actor, at: now, data: { kind } }],
        };
      });
    },

    async applyRecord(id, record, actor, source, options = {}) {
      const now = clock.now();
      const context = { actor, schedule, leaseOwner: options.leaseOwner };
      const audit = options.audit ?? [];
      const extra = options.events ?? [];
      return repo.change(id, (current) => {
        if (!record) return { ...foldMissing(current, source, now, context), audit };
        const { neverSent, ...change } = foldFound(current, record, source, now, context);
        if (neverSent)
          logger.warn({ payoutId: id }, 'orchestrator reported on a payout never sent');
        return { ...change, events: [...extra, ...change.events], audit };
      });
    },

    async lookupMissed(id, answer, leaseOwner, limits) {
      const now = clock.now();
      return repo.change(id, (current) =>
        lookupMissed(current, now, { actor: 'system', schedule, leaseOwner }, answer, limits),
      );
    },

    async failUnreadable(id) {
      const now = clock.now();
      const failed = await repo.change(id, (current) => sealedDataLost(current, now));
      logger.error({ payoutId: id }, 'approved payout could not be unsealed; marked failed');
      return failed;
    },

    async reschedule(id, leaseOwner, event) {
      const now = clock.now();
      await repo.change(id, (current) => {
        const attempts = current.checkAttempts + 1;
        return {
          patch: {
            nextCheckAt: nextCheckAt(current.status, attempts, now),
            checkAttempts: attempts,
            ...release(current, leaseOwner),
          },
          events: event ? [event] : [],
        };
      });
    },
  };
  return lifecycle;
}
