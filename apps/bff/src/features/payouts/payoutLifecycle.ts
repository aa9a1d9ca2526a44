import type { PayoutRecord, PayoutRequest, PayoutStatus } from '@payouts/contracts';
import {
  OrchestratorError,
  type OrchestratorClient,
  type OrchestratorExchange,
} from '@payouts/orchestrator-client';
import type { Logger } from 'pino';
import type { AppError } from '../../http/AppError.js';
import type { Clock } from '../../shared/clock.js';
import type { SealedBox } from '../../shared/sealedBox.js';
import { orchestratorErrorToAppError } from '../orchestrator/orchestratorErrorToAppError.js';
import { decideTransition, isFinalStatus, toPayoutStatus } from './payoutStatus.js';
import type {
  NewPayoutEvent,
  NewPayoutRow,
  PayoutRow,
  PayoutsRepository,
} from './payoutsRepository.js';

export type PayoutsOrchestrator = Pick<
  OrchestratorClient,
  'createPayout' | 'checkPayoutStatus' | 'listPayouts'
>;

export interface ReconcileSchedule {
  /** First delay between checks of a non-final payout; doubles per attempt up to `maxBackoffMs`. */
  backoffMs: number;
  maxBackoffMs: number;
  /** A payout still `submitting` this long after it was sent belongs to a request that died. */
  staleAfterMs: number;
}

/** How a send ended, for the caller's reply. */
export type SubmitOutcome =
  | { kind: 'created'; row: PayoutRow }
  | { kind: 'refused'; row: PayoutRow; problem: AppError }
  /** A re-send refused as a duplicate order id: it does exist there; the next lookup adopts it. */
  | { kind: 'duplicate'; row: PayoutRow }
  | { kind: 'unknown'; row: PayoutRow };

export interface SubmitOptions {
  onExchange?: (exchange: OrchestratorExchange) => void;
  /** A re-send by the reconciler (same order id), after the grace period found nothing. */
  resubmission?: boolean;
  /** The reconciler's lease to release with the outcome. */
  leaseOwner?: string;
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
  /** Folds what the orchestrator says about a payout (status check, lookup, notification). */
  applyRecord(
    id: string,
    record: PayoutRecord | undefined,
    actor: string,
    source: 'status_check' | 'notification' | 'lookup' | 'reconciler',
    options?: { leaseOwner?: string },
  ): Promise<PayoutRow | undefined>;
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

type Patch = Partial<Omit<NewPayoutRow, 'id'>>;

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
  function nextCheckAt(status: PayoutStatus, attempts: number, now: Date): Date | null {
    if (isFinalStatus(status) || status === 'awaiting_approval') return null;
    if (status === 'submitting') return new Date(now.getTime() + schedule.staleAfterMs);
    const delay = Math.min(schedule.backoffMs * 2 ** Math.min(attempts, 30), schedule.maxBackoffMs);
    return new Date(now.getTime() + delay);
  }

  /** Lease columns cleared, only when this owner still holds the lease. */
  function release(current: PayoutRow, owner: string | undefined): Patch {
    return owner !== undefined && current.leaseOwner === owner
      ? { leaseOwner: null, leaseUntil: null }
      : {};
  }

  /**
   * The row once the orchestrator has answered for it (created, found, or refused): its next
   * check, and the sealed request erased, since it will never be sent again.
   */
  function settled(status: PayoutStatus, attempts: number, now: Date): Patch {
    return {
      status,
      nextCheckAt: nextCheckAt(status, attempts, now),
      checkAttempts: attempts,
      submission: null,
      unknownSince: null,
    };
  }

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
      const { onExchange, resubmission = false, leaseOwner } = options;
      try {
        const created = await orchestrator.createPayout(request, onExchange ? { onExchange } : {});
        const now = clock.now();
        const reported = toPayoutStatus(created.status);
        const updated = await repo.change(row.id, (current) => {
          const t = decideTransition(current.status as PayoutStatus, {
            kind: 'reported',
            status: reported,
          });
          const events: NewPayoutEvent[] = [];
          if (resubmission) {
            events.push({
              type: 'resubmitted',
              actor,
              at: now,
              data: { reason: 'not found at the orchestrator after the grace period' },
            });
          }
          events.push({
            type: 'submitted',
            actor,
            at: now,
            data: { orchestrator_id: created.id, orchestrator_status: created.status_raw },
          });
          return {
            patch: {
              ...settled(t.to, 0, now),
              ...(t.outcome === 'changed' || t.to === reported
                ? { orchestratorStatusRaw: created.status_raw }
                : {}),
              orchestratorId: current.orchestratorId ?? created.id,
              pspTransactionId: current.pspTransactionId ?? created.transaction_id,
              updatedAt: now,
              ...release(current, leaseOwner),
            },
            events,
          };
        });
        return { kind: 'created', row: updated ?? row };
      } catch (error) {
        const now = clock.now();
        if (error instanceof OrchestratorError && !error.outcomeUnknown) {
          if (resubmission && error.kind === 'conflict') {
            // Refused as a duplicate order id: the first send did land after all.
            const updated = await repo.change(row.id, (current) => ({
              patch: {
                nextCheckAt: now,
                updatedAt: now,
                ...release(current, leaseOwner),
              },
              events: [{ type: 'resubmit_refused_duplicate', actor, at: now, data: {} }],
            }));
            return { kind: 'duplicate', row: updated ?? row };
          }
          // Refused before anything was created there: failed, and the order id is free again.
          const problem = orchestratorErrorToAppError(error);
          const updated = await repo.change(row.id, (current) => {
            const t = decideTransition(current.status as PayoutStatus, { kind: 'refused' });
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
        const t = decideTransition(current.status as PayoutStatus, { kind: 'outcome_unknown' });
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
      const fromReconciler = source === 'reconciler' || source === 'lookup';
      return repo.change(id, (current) => {
        const currentStatus = current.status as PayoutStatus;
        const attempts = current.checkAttempts + 1;
        if (!record) {
          return {
            patch: {
              nextCheckAt: nextCheckAt(currentStatus, attempts, now),
              checkAttempts: attempts,
              updatedAt: now,
              ...release(current, options.leaseOwner),
            },
            // The reconciler says "not found" once; a user's check always shows in the timeline.
            events:
              fromReconciler && current.checkAttempts > 1
                ? []
                : [
                    {
                      type: source === 'lookup' ? 'lookup' : 'status_check',
                      actor,
                      at: now,
                      data: { source, found: false },
                    },
                  ],
          };
        }
        const reported = toPayoutStatus(record.status);
        const t = decideTransition(currentStatus, { kind: 'reported', status: reported });
        const rawChanged = record.status_raw !== current.orchestratorStatusRaw;
        const events: NewPayoutEvent[] = [];
        // Periodic checks that learn nothing new stay out of the timeline.
        if (!fromReconciler || rawChanged || t.outcome === 'changed' || !current.orchestratorId) {
          events.push({
            type: source === 'lookup' ? 'lookup' : 'status_check',
            actor,
            at: now,
            data: {
              source,
              found: true,
              orchestrator_id: record.id,
              orchestrator_status: record.status_raw,
            },
          });
        }
        if (t.outcome === 'changed') {
          events.push({
            type: 'status_changed',
            actor,
            at: now,
            data: { from: currentStatus, to: t.to },
          });
        } else if (t.outcome === 'ignored') {
          // Recorded, not applied: a late `pending` after `approved` does not move it back.
          events.push({
            type: 'status_ignored',
            actor,
            at: now,
            data: {
              reported: reported,
              orchestrator_status: record.status_raw,
              kept: t.to,
              reason: t.reason,
            },
          });
        }
        if (t.outcome === 'not_allowed') {
          logger.warn({ payoutId: id }, 'orchestrator reported on a payout never sent');
          return { patch: { ...release(current, options.leaseOwner) }, events };
        }
        // The reconciler's own checks back off; a user's check or a notification does not
        // move its schedule, unless the payout is now final.
        const schedulePatch = settled(
          t.to,
          fromReconciler && t.outcome !== 'changed' ? attempts : 0,
          now,
        );
        if (!fromReconciler && !isFinalStatus(t.to) && current.nextCheckAt !== null) {
          delete schedulePatch.nextCheckAt;
          delete schedulePatch.checkAttempts;
        }
        return {
          patch: {
            ...schedulePatch,
            ...(t.to === reported ? { orchestratorStatusRaw: record.status_raw } : {}),
            orchestratorId: current.orchestratorId ?? record.id,
            pspTransactionId: record.transaction_id ?? current.pspTransactionId,
            declineCode: record.decline_code ?? current.declineCode,
            declineReason: record.decline_reason ?? current.declineReason,
            updatedAt: now,
            ...release(current, options.leaseOwner),
          },
          events,
        };
      });
    },

    async reschedule(id, leaseOwner, event) {
      const now = clock.now();
      await repo.change(id, (current) => {
        const attempts = current.checkAttempts + 1;
        return {
          patch: {
            nextCheckAt: nextCheckAt(current.status as PayoutStatus, attempts, now),
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
