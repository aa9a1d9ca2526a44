import type { PayoutRecord } from '@payouts/contracts';
import { describe, expect, it } from 'vitest';
import {
  cancelDeferred,
  foldFound,
  foldMissing,
  lookupMissed,
  nextCheckAt,
  resendRefused,
  sealedDataLost,
  type FoldContext,
  type ReconcileSchedule,
} from './payoutChanges.js';
import type { PayoutRow } from './payoutsRepository.js';

const schedule: ReconcileSchedule = { backoffMs: 1_000, maxBackoffMs: 8_000, staleAfterMs: 25_000 };
const NOW = new Date('2030-01-02T03:04:05.000Z');
const EARLIER = new Date('2030-01-02T03:00:00.000Z');
const later = (ms: number) => new Date(NOW.getTime() + ms);

function row(overrides: Partial<PayoutRow> = {}): PayoutRow {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    orderId: 'order-1',
    provider: 'northwind_pay',
    country: 'BE',
    currency: 'EUR',
    state: null,
    amount: '125.5',
    payoutMethodType: 'bank_account',
    metadata: {},
    recipientName: null,
    recipientEmail: null,
    accountLast4: null,
    accountFingerprint: null,
    status: 'pending',
    orchestratorStatusRaw: 'Pending',
    orchestratorId: 'orch-1',
    pspTransactionId: null,
    declineCode: null,
    declineReason: null,
    failureReason: null,
    createdBy: '00000000-0000-4000-8000-00000000000a',
    createdAt: EARLIER,
    updatedAt: EARLIER,
    isTest: false,
    beneficiaryId: null,
    submission: null,
    approvalThreshold: null,
    approvalRule: null,
    approvedBy: null,
    approvedAt: null,
    rejectedBy: null,
    rejectedAt: null,
    rejectionReason: null,
    cancelled: false,
    unknownSince: null,
    attentionReason: null,
    markFailedRequestedBy: null,
    markFailedRequestedAt: null,
    markFailedReason: null,
    markedFailedBy: null,
    resentFrom: null,
    nextCheckAt: later(60_000),
    checkAttempts: 2,
    notificationChecks: 0,
    notificationWindowAt: null,
    leaseOwner: null,
    leaseUntil: null,
    batchId: null,
    batchRow: null,
    finalAt: null,
    isDemo: false,
    ...overrides,
  };
}

function record(overrides: Partial<PayoutRecord> = {}): PayoutRecord {
  return {
    id: 'orch-1',
    transaction_id: 'psp-tx-1',
    psp_name: 'northwind_pay',
    psp_order_id: null,
    merchant_order_id: 'order-1',
    first_name: null,
    last_name: null,
    email: null,
    country: 'BE',
    state: null,
    amount: '125.5',
    currency: 'EUR',
    payout_method_type: 'bank_account',
    status: 'approved',
    status_raw: 'Approved',
    decline_code: null,
    decline_reason: null,
    processing_date: NOW.toISOString(),
    processing_date_timestamp: NOW.getTime(),
    psp_response_json: {},
    ...overrides,
  };
}

const user: FoldContext = { actor: 'finance@example.com', schedule };
const reconciler: FoldContext = { actor: 'system', schedule, leaseOwner: 'worker-1' };

describe('nextCheckAt', () => {
  it('never checks final or unsent payouts, waits out a send, then backs off to a cap', () => {
    expect(nextCheckAt(schedule, 'approved', 0, NOW)).toBeNull();
    expect(nextCheckAt(schedule, 'awaiting_approval', 0, NOW)).toBeNull();
    expect(nextCheckAt(schedule, 'submitting', 5, NOW)).toEqual(later(25_000));
    expect(nextCheckAt(schedule, 'pending', 0, NOW)).toEqual(later(1_000));
    expect(nextCheckAt(schedule, 'pending', 2, NOW)).toEqual(later(4_000));
    expect(nextCheckAt(schedule, 'unknown', 40, NOW)).toEqual(later(8_000));
  });
});

describe('foldFound: what an orchestrator record does to a payout', () => {
  it('applies a final status from a user check: settled, no further check, details kept', () => {
    const change = foldFound(
      row({ submission: 'sealed' }),
      record({ decline_code: null }),
      'status_check',
      NOW,
      user,
    );
    expect(change.neverSent).toBe(false);
    expect(change.patch).toMatchObject({
      status: 'approved',
      orchestratorStatusRaw: 'Approved',
      pspTransactionId: 'psp-tx-1',
      nextCheckAt: null,
      submission: null,
      updatedAt: NOW,
    });
    expect(change.events.map((e) => e.type)).toEqual(['status_check', 'status_changed']);
    expect(change.events[1]).toMatchObject({
      actor: 'finance@example.com',
      at: NOW,
      data: { from: 'pending', to: 'approved' },
    });
  });

  it('records a late backwards report without applying it', () => {
    const change = foldFound(
      row({ status: 'authorized', orchestratorStatusRaw: 'Authorized' }),
      record({ status: 'pending', status_raw: 'Pending' }),
      'notification',
      NOW,
      user,
    );
    expect(change.patch.status).toBe('authorized');
    expect(change.patch).not.toHaveProperty('orchestratorStatusRaw');
    expect(change.events.at(-1)).toMatchObject({
      type: 'status_ignored',
      data: { reported: 'pending', kept: 'authorized', reason: 'backwards' },
    });
  });

  it('keeps a periodic check that learned nothing out of the timeline and backs off', () => {
    const change = foldFound(
      row({ leaseOwner: 'worker-1', leaseUntil: later(1_000) }),
      record({ status: 'pending', status_raw: 'Pending' }),
      'reconciler',
      NOW,
      reconciler,
    );
    expect(change.events).toEqual([]);
    expect(change.patch).toMatchObject({
      checkAttempts: 3,
      nextCheckAt: later(8_000),
      leaseOwner: null,
      leaseUntil: null,
    });
  });

  it("leaves the reconciler's schedule alone on a user check of a non-final payout", () => {
    const change = foldFound(
      row(),
      record({ status: 'in_process', status_raw: 'InProcess' }),
      'status_check',
      NOW,
      user,
    );
    expect(change.patch.status).toBe('in_process');
    expect(change.patch).not.toHaveProperty('nextCheckAt');
    expect(change.patch).not.toHaveProperty('checkAttempts');
    // Not the lease holder: the lease stays.
    expect(change.patch).not.toHaveProperty('leaseOwner');
  });

  it('moves nothing on a payout never sent, but says so', () => {
    const change = foldFound(
      row({ status: 'awaiting_approval', orchestratorId: null }),
      record(),
      'notification',
      NOW,
      user,
    );
    expect(change.neverSent).toBe(true);
    expect(change.patch).toEqual({});
  });
});

describe('foldMissing: a check that did not find the payout', () => {
  it("shows a user's check in the timeline every time", () => {
    const change = foldMissing(row({ checkAttempts: 7 }), 'status_check', NOW, user);
    expect(change.events).toEqual([
      {
        type: 'status_check',
        actor: 'finance@example.com',
        at: NOW,
        data: { source: 'status_check', found: false },
      },
    ]);
    expect(change.patch).toMatchObject({ checkAttempts: 8, nextCheckAt: later(8_000) });
  });

  it('says "not found" from the reconciler only for the first lookups', () => {
    expect(foldMissing(row({ checkAttempts: 0 }), 'lookup', NOW, reconciler).events).toHaveLength(
      1,
    );
    expect(foldMissing(row({ checkAttempts: 2 }), 'lookup', NOW, reconciler).events).toEqual([]);
  });
});

describe('lookupMissed: an unknown payout not found by order id', () => {
  const unknown = (overrides: Partial<PayoutRow> = {}) =>
    row({
      status: 'unknown',
      orchestratorId: null,
      orchestratorStatusRaw: null,
      unknownSince: EARLIER,
      checkAttempts: 1,
      ...overrides,
    });
  const limits = { graceMs: 600_000, lookupMs: 3_600_000 };
  const sinceEarlier = NOW.getTime() - EARLIER.getTime();

  it('keeps every lookup as evidence and looks again on the backoff', () => {
    const change = lookupMissed(unknown(), NOW, reconciler, { found: false, records: 0 }, limits);
    expect(change.events).toEqual([
      {
        type: 'lookup',
        actor: 'system',
        at: NOW,
        data: { source: 'lookup', found: false, records: 0 },
      },
    ]);
    expect(change.patch).toMatchObject({ nextCheckAt: later(4_000), checkAttempts: 2 });
    expect(change.patch.attentionReason).toBeUndefined();
    const failed = lookupMissed(
      unknown(),
      NOW,
      reconciler,
      { found: null, error: 'timeout' },
      limits,
    );
    expect(failed.events[0]?.data).toEqual({ source: 'lookup', found: null, error: 'timeout' });
  });

  it('hands it to a person once past the grace period, and never re-sends', () => {
    const past = { ...limits, graceMs: sinceEarlier };
    const change = lookupMissed(unknown(), NOW, reconciler, { found: false, records: 3 }, past);
    expect(change.patch.attentionReason).toBe('unresolved');
    expect(change.events.map((e) => e.type)).toEqual(['lookup', 'needs_resolution']);
    expect(change.events[1]?.data).toMatchObject({ reason: 'unresolved', lookups: 2 });
    expect(change.patch.nextCheckAt).not.toBeNull();
    // Once asked, a person is not asked again.
    const again = lookupMissed(
      unknown({ attentionReason: 'unresolved' }),
      NOW,
      reconciler,
      { found: false, records: 0 },
      past,
    );
    expect(again.events.map((e) => e.type)).toEqual(['lookup']);
    expect(again.patch.attentionReason).toBeUndefined();
  });

  it('stops looking once the lookup period is over; the payout stays unknown', () => {
    const over = { graceMs: 1, lookupMs: sinceEarlier, reason: 'sealed_data_lost' as const };
    const change = lookupMissed(unknown(), NOW, reconciler, { found: false, records: 0 }, over);
    expect(change.patch).toMatchObject({ nextCheckAt: null, attentionReason: 'sealed_data_lost' });
    expect(change.patch.status).toBeUndefined();
    expect(change.events.map((e) => e.type)).toEqual([
      'lookup',
      'needs_resolution',
      'lookups_ended',
    ]);
  });

  it('changes nothing on a payout settled meanwhile, but releases the lease', () => {
    const settled = row({ status: 'pending', leaseOwner: 'worker-1' });
    const change = lookupMissed(settled, NOW, reconciler, { found: false, records: 0 }, limits);
    expect(change).toEqual({ patch: { leaseOwner: null, leaseUntil: null }, events: [] });
  });
});

describe('resendRefused: a re-send with a used order id turned away', () => {
  it('means "may exist": still unknown, looked up soon, for a person', () => {
    const change = resendRefused(row({ status: 'unknown', orchestratorId: null }), NOW, {
      ...reconciler,
      kind: 'validation',
      code: 'orchestrator_validation',
    });
    expect(change?.patch).toMatchObject({
      attentionReason: 'resend_refused',
      nextCheckAt: later(1_000),
    });
    expect(change?.patch.status).toBeUndefined();
    expect(change?.events[0]).toMatchObject({
      type: 'resubmit_refused',
      data: { kind: 'validation', may_exist: true },
    });
  });

  it('leaves a payout that moved on meanwhile alone', () => {
    expect(
      resendRefused(row({ status: 'pending' }), NOW, {
        ...reconciler,
        kind: 'conflict',
        code: 'x',
      }),
    ).toBeUndefined();
  });
});

describe('sealedDataLost', () => {
  it('fails an approved (submitting) payout with a reason and erases its submission', () => {
    const change = sealedDataLost(row({ status: 'submitting', submission: 'sealed' }), NOW);
    expect(change?.patch).toEqual({
      status: 'failed',
      failureReason: 'The stored payout details could not be read; create it again.',
      submission: null,
      nextCheckAt: null,
      updatedAt: NOW,
    });
    expect(change?.events).toEqual([
      { type: 'submit_failed', actor: 'system', at: NOW, data: { code: 'sealed_data_lost' } },
    ]);
  });

  it('leaves a payout that has moved on (e.g. already sent) untouched', () => {
    expect(sealedDataLost(row({ status: 'pending' }), NOW)).toBeUndefined();
    expect(sealedDataLost(row({ status: 'rejected' }), NOW)).toBeUndefined();
  });
});

describe('cancelDeferred: a batch cancelled while its row waits out a 429', () => {
  it('fails a payout held back (no send under way) and erases its sealed details', () => {
    const change = cancelDeferred(
      row({ status: 'submitting', nextCheckAt: null, submission: 'sealed', orchestratorId: null }),
      NOW,
      'finance@example.com',
      'batch-1',
    );
    expect(change?.patch).toMatchObject({ status: 'failed', submission: null, nextCheckAt: null });
    expect(change?.events[0]).toMatchObject({
      type: 'send_cancelled',
      data: { batch_id: 'batch-1' },
    });
  });

  it('leaves one being sent (armed with a next check) or already answered alone', () => {
    expect(
      cancelDeferred(row({ status: 'submitting', nextCheckAt: later(5_000) }), NOW, 'x', 'b'),
    ).toBeUndefined();
    expect(
      cancelDeferred(row({ status: 'pending', nextCheckAt: null }), NOW, 'x', 'b'),
    ).toBeUndefined();
  });
});
