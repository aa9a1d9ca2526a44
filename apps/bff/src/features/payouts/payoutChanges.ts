import type { PayoutAttentionReason, PayoutRecord, PayoutStatus } from '@payouts/contracts';
import { decideTransition, isFinalStatus, toPayoutStatus } from './payoutStatus.js';
import type { NewPayoutEvent, NewPayoutRow, PayoutRow } from './payoutsRepository.js';

/*
 * The pure half of the lifecycle: what a payout row becomes when something happens to it, as
 * `{ patch, events }`, with no database, clock or orchestrator. `payoutLifecycle.ts` applies these
 * inside `repo.change`; the unit tests call them directly.
 */

export interface ReconcileSchedule {
  /** First delay between checks of a non-final payout; doubles per attempt up to `maxBackoffMs`. */
  backoffMs: number;
  maxBackoffMs: number;
  /** A payout still `submitting` this long after it was sent belongs to a request that died. */
  staleAfterMs: number;
}

export type Patch = Partial<Omit<NewPayoutRow, 'id'>>;

export interface RowChange {
  patch: Patch;
  events: NewPayoutEvent[];
}

/** Where what the orchestrator says about a payout comes from. */
export type RecordSource = 'status_check' | 'notification' | 'lookup' | 'reconciler';

export interface FoldContext {
  actor: string;
  schedule: ReconcileSchedule;
  /** The reconciler's lease, released with the change when this owner still holds it. */
  leaseOwner?: string | undefined;
}

/**
 * The person's reason a reported status carries: a status we do not know needs someone to read
 * it; any known one settles what a person was asked (decision 039).
 */
export function attentionOfReported(status: PayoutStatus): PayoutAttentionReason | null {
  return status === 'unrecognized' ? 'unrecognized_status' : null;
}

/** When the reconciler should next look at a payout in `status` (null: never). */
export function nextCheckAt(
  schedule: ReconcileSchedule,
  status: PayoutStatus,
  attempts: number,
  now: Date,
): Date | null {
  if (isFinalStatus(status) || status === 'awaiting_approval') return null;
  if (status === 'submitting') return new Date(now.getTime() + schedule.staleAfterMs);
  const delay = Math.min(schedule.backoffMs * 2 ** Math.min(attempts, 30), schedule.maxBackoffMs);
  return new Date(now.getTime() + delay);
}

/** Lease columns cleared, only when this owner still holds the lease. */
export function releaseLease(current: PayoutRow, owner: string | undefined): Patch {
  return owner !== undefined && current.leaseOwner === owner
    ? { leaseOwner: null, leaseUntil: null }
    : {};
}

/**
 * The row once the orchestrator has answered for it (created, found, or refused): its next
 * check, and the sealed request erased, since it will never be sent again.
 */
export function settled(
  schedule: ReconcileSchedule,
  status: PayoutStatus,
  attempts: number,
  now: Date,
): Patch {
  return {
    status,
    nextCheckAt: nextCheckAt(schedule, status, attempts, now),
    checkAttempts: attempts,
    submission: null,
    unknownSince: null,
  };
}

const fromReconcilerOf = (source: RecordSource) => source === 'reconciler' || source === 'lookup';

/** A check or lookup that did not find the payout at the orchestrator. */
export function foldMissing(
  current: PayoutRow,
  source: RecordSource,
  now: Date,
  { actor, schedule, leaseOwner }: FoldContext,
): RowChange {
  const attempts = current.checkAttempts + 1;
  return {
    patch: {
      nextCheckAt: nextCheckAt(schedule, current.status, attempts, now),
      checkAttempts: attempts,
      updatedAt: now,
      ...releaseLease(current, leaseOwner),
    },
    // The reconciler says "not found" once; a user's check always shows in the timeline.
    events:
      fromReconcilerOf(source) && current.checkAttempts > 1
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

/**
 * What one lookup by order id of an unknown payout answered, kept as evidence: not found (and
 * how many records the page held: a filter the orchestrator ignored shows here), or the error
 * kind when the lookup itself failed.
 */
export type LookupAnswer = { found: false; records: number } | { found: null; error: string };

/**
 * An unknown payout that a lookup did not find. Every lookup is evidence (its timeline keeps
 * each one, for the person who may have to decide); past the grace period it goes to a person
 * (`attentionReason`, once), and lookups stop once `lookupMs` has passed since the outcome went
 * unknown. Nothing is re-sent here.
 */
export function lookupMissed(
  current: PayoutRow,
  now: Date,
  { actor, schedule, leaseOwner }: FoldContext,
  answer: LookupAnswer,
  {
    graceMs,
    lookupMs,
    reason = 'unresolved',
  }: {
    graceMs: number;
    lookupMs: number;
    reason?: PayoutAttentionReason;
  },
): RowChange {
  // Settled meanwhile (a notification, a user's check): nothing of this lookup applies.
  if (current.status !== 'unknown' || current.orchestratorId !== null) {
    return { patch: { ...releaseLease(current, leaseOwner) }, events: [] };
  }
  const attempts = current.checkAttempts + 1;
  const elapsed = now.getTime() - (current.unknownSince ?? current.updatedAt).getTime();
  const events: NewPayoutEvent[] = [
    { type: 'lookup', actor, at: now, data: { source: 'lookup', ...answer } },
  ];
  const patch: Patch = {
    nextCheckAt: nextCheckAt(schedule, 'unknown', attempts, now),
    checkAttempts: attempts,
    updatedAt: now,
    ...releaseLease(current, leaseOwner),
  };
  if (elapsed >= graceMs && current.attentionReason === null) {
    patch.attentionReason = reason;
    events.push({
      type: 'needs_resolution',
      actor,
      at: now,
      data: { reason, lookups: attempts, unknown_for_seconds: Math.round(elapsed / 1000) },
    });
  }
  if (elapsed >= lookupMs) {
    patch.nextCheckAt = null;
    events.push({
      type: 'lookups_ended',
      actor,
      at: now,
      data: { lookups: attempts, unknown_for_seconds: Math.round(elapsed / 1000) },
    });
  }
  return { patch, events };
}

/**
 * A re-send (same order id) that the orchestrator turned away: the first send may exist there,
 * so the payout stays unknown, is looked up again soon, and goes to a person.
 */
export function resendRefused(
  current: PayoutRow,
  now: Date,
  { actor, schedule, leaseOwner, kind, code }: FoldContext & { kind: string; code: string },
): RowChange | undefined {
  if (current.status !== 'unknown') return undefined;
  return {
    patch: {
      nextCheckAt: nextCheckAt(schedule, 'unknown', 0, now),
      attentionReason: 'resend_refused',
      updatedAt: now,
      ...releaseLease(current, leaseOwner),
    },
    events: [
      { type: 'resubmit_refused', actor, at: now, data: { kind, code, may_exist: true } },
      { type: 'needs_resolution', actor, at: now, data: { reason: 'resend_refused' } },
    ],
  };
}

/** The events that say what a found record taught us (none for a periodic check that learned nothing). */
function foundEvents(
  current: PayoutRow,
  record: PayoutRecord,
  source: RecordSource,
  now: Date,
  actor: string,
): {
  events: NewPayoutEvent[];
  reported: PayoutStatus;
  transition: ReturnType<typeof decideTransition>;
} {
  const currentStatus = current.status;
  const reported = toPayoutStatus(record.status);
  const t = decideTransition(currentStatus, { kind: 'reported', status: reported });
  const rawChanged = record.status_raw !== current.orchestratorStatusRaw;
  const events: NewPayoutEvent[] = [];
  // Periodic checks that learn nothing new stay out of the timeline.
  if (
    !fromReconcilerOf(source) ||
    rawChanged ||
    t.outcome === 'changed' ||
    !current.orchestratorId
  ) {
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
      data: { reported, orchestrator_status: record.status_raw, kept: t.to, reason: t.reason },
    });
  }
  return { events, reported, transition: t };
}

/**
 * What the orchestrator's record of a payout does to its row. `neverSent`: it reported on a
 * payout we never sent (awaiting approval); the events are kept, nothing else moves.
 */
export function foldFound(
  current: PayoutRow,
  record: PayoutRecord,
  source: RecordSource,
  now: Date,
  { actor, schedule, leaseOwner }: FoldContext,
): RowChange & { neverSent: boolean } {
  const { events, reported, transition: t } = foundEvents(current, record, source, now, actor);
  if (t.outcome === 'not_allowed') {
    return { patch: { ...releaseLease(current, leaseOwner) }, events, neverSent: true };
  }
  const fromReconciler = fromReconcilerOf(source);
  // The reconciler's own checks back off; a user's check or a notification does not move its
  // schedule, unless the payout is now final.
  const attempts = current.checkAttempts + 1;
  const schedulePatch = settled(
    schedule,
    t.to,
    fromReconciler && t.outcome !== 'changed' ? attempts : 0,
    now,
  );
  if (!fromReconciler && !isFinalStatus(t.to) && current.nextCheckAt !== null) {
    delete schedulePatch.nextCheckAt;
    delete schedulePatch.checkAttempts;
  }
  // Found while a person proposed "not sent: mark failed": the evidence withdraws the proposal.
  const proposalPending = current.markFailedRequestedBy !== null && current.markedFailedBy === null;
  if (proposalPending) {
    events.push({
      type: 'mark_failed_withdrawn',
      actor,
      at: now,
      data: { reason: 'found at the orchestrator', orchestrator_id: record.id },
    });
  }
  return {
    patch: {
      ...schedulePatch,
      ...(proposalPending
        ? { markFailedRequestedBy: null, markFailedRequestedAt: null, markFailedReason: null }
        : {}),
      ...(t.to === reported ? { orchestratorStatusRaw: record.status_raw } : {}),
      orchestratorId: current.orchestratorId ?? record.id,
      pspTransactionId: record.transaction_id ?? current.pspTransactionId,
      declineCode: record.decline_code ?? current.declineCode,
      declineReason: record.decline_reason ?? current.declineReason,
      // Found: the evidence settles what a person was asked to settle.
      attentionReason: attentionOfReported(t.to),
      updatedAt: now,
      ...releaseLease(current, leaseOwner),
    },
    events,
    neverSent: false,
  };
}

/**
 * An approved payout whose sealed details cannot be opened (sealed under another key): never
 * sent, so it fails as a refusal would. Undefined when the payout is no longer in a status a
 * refusal applies to.
 */
export function sealedDataLost(current: PayoutRow, now: Date): RowChange | undefined {
  const t = decideTransition(current.status, { kind: 'refused' });
  if (t.outcome !== 'changed') return undefined;
  return {
    patch: {
      status: t.to,
      failureReason: 'The stored payout details could not be read; create it again.',
      submission: null,
      nextCheckAt: null,
      updatedAt: now,
    },
    events: [
      { type: 'submit_failed', actor: 'system', at: now, data: { code: 'sealed_data_lost' } },
    ],
  };
}

/**
 * A batch row's payout held back by a 429 (submitting, no send under way) when its batch is
 * cancelled: never made at the orchestrator, so failed, its sealed details erased and its order
 * id free again. Undefined when a send has taken it meanwhile (it finishes as sent).
 */
export function cancelDeferred(
  current: PayoutRow,
  now: Date,
  actor: string,
  batchId: string,
): RowChange | undefined {
  if (current.status !== 'submitting' || current.nextCheckAt !== null) return undefined;
  const t = decideTransition('submitting', { kind: 'refused' });
  if (t.outcome !== 'changed') return undefined;
  return {
    patch: {
      status: t.to,
      failureReason: 'Not sent: its batch was cancelled while the orchestrator asked us to wait.',
      submission: null,
      nextCheckAt: null,
      updatedAt: now,
    },
    events: [
      {
        type: 'send_cancelled',
        actor,
        at: now,
        data: { batch_id: batchId, reason: 'batch cancelled while rate limited' },
      },
    ],
  };
}
