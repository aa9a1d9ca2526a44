import { maskCardNumber, type OrchestratorPayoutStatus } from '@payouts/contracts';
import type { NotificationShape } from '../notifications/buildNotification.js';
import { SANDBOX_TEST_CARDS } from '../deposits/testCards.js';
import { buildNotification } from '../notifications/buildNotification.js';
import type { Notifier } from '../notifications/createNotifier.js';
import type { RandomSource } from '../support/createRandom.js';
import type { Scheduler } from '../support/createScheduler.js';
import type {
  CreateCall,
  RestoredPayout,
  SandboxPayout,
  SandboxPayoutStatus,
  StatusCall,
} from '../types.js';
import { SANDBOX_MAGIC_AMOUNTS, type MagicAmountName } from './magicAmounts.js';
import type { ValidPayout } from './validatePayoutRequest.js';

interface Step {
  status: SandboxPayoutStatus;
  decline_code?: string;
  decline_reason?: string;
}

interface PayoutState {
  payout: SandboxPayout;
  /** Statuses still to come, in order. */
  steps: Step[];
  /** Whether the steps wait for `settle()` instead of the clock. */
  held: boolean;
  /** When (sandbox clock, ms) the next step is due; null when held or final. */
  dueAt: number | null;
}

export interface PayoutLedger {
  hasOrder(orderId: string): boolean;
  /** Creates and stores a payout (synchronously, so concurrent duplicates cannot both pass). */
  create(valid: ValidPayout, magic: MagicAmountName | undefined): SandboxPayout;
  get(id: string): SandboxPayout | undefined;
  list(): SandboxPayout[];
  /** Asks "the PSP" now: takes every step that is due by the sandbox clock. */
  checkStatus(id: string): SandboxPayout | undefined;
  /** Takes every remaining step of one payout (or all) now. Returns false for an unknown id. */
  settle(id?: string): boolean;
  /**
   * Payouts made before this sandbox started (it keeps them in memory only), known again as
   * they were: held in their status until `settle()`, then approved. No notification is sent.
   */
  restore(payouts: readonly RestoredPayout[]): number;
  recordCall(call: Omit<CreateCall, 'at'>): void;
  calls(): CreateCall[];
  statusCalls(): StatusCall[];
}

const PSP_PREFIX_LENGTH = 3;

function initialStatus(valid: ValidPayout): OrchestratorPayoutStatus {
  return valid.payout_method_type === 'credit_card' ? 'in_process' : 'pending';
}

function declineCardStep(valid: ValidPayout): Step | undefined {
  const number = valid.metadata.creditCardNumber;
  for (const card of Object.values(SANDBOX_TEST_CARDS)) {
    if (card.number === number && card.outcome === 'declined') {
      return {
        status: 'declined',
        decline_code: card.decline_code,
        decline_reason: card.decline_reason,
      };
    }
  }
  return undefined;
}

/** In-memory payouts with their planned status progression. */
export function createPayoutLedger(deps: {
  now: () => Date;
  settleAfterMs: number;
  scheduler: Scheduler;
  random: RandomSource;
  notifier: Notifier;
  /** Read at each create and notification: the profile's quirks (see `SandboxOptions`). */
  quirks: {
    offListStatusRate: number;
    offListStatusKind: 'mixed' | 'on_hold' | 'voided';
    notifications: NotificationShape;
  };
}): PayoutLedger {
  const states = new Map<string, PayoutState>();
  const orders = new Set<string>();
  const createCalls: CreateCall[] = [];
  const statusCalls: StatusCall[] = [];

  function notify(payout: SandboxPayout): void {
    deps.notifier.notify(
      buildNotification(
        {
          operationType: 'payout',
          id: payout.id,
          orderId: payout.order_id,
          pspName: payout.psp_name,
          pspOrderId: payout.psp_order_id,
          status: payout.status,
          amount: payout.amount,
          currency: payout.currency,
          declineCode: payout.decline_code,
          declineReason: payout.decline_reason,
          createdAt: new Date(payout.created_at),
          updatedAt: new Date(payout.updated_at),
          attributes: { payout_method_type: payout.payout_method_type },
        },
        deps.now(),
        deps.quirks.notifications,
      ),
    );
  }

  function applyStep(state: PayoutState, step: Step): void {
    const at = deps.now().toISOString();
    state.payout.status = step.status;
    state.payout.decline_code = step.decline_code ?? null;
    state.payout.decline_reason = step.decline_reason ?? null;
    state.payout.updated_at = at;
    state.payout.history.push({ status: step.status, at });
    notify(state.payout);
  }

  /** Takes the next step and, unless held or final, plans the one after. */
  function advance(state: PayoutState): void {
    const step = state.steps.shift();
    if (!step) return;
    applyStep(state, step);
    scheduleNext(state);
  }

  function scheduleNext(state: PayoutState): void {
    if (state.held || state.steps.length === 0) {
      state.dueAt = null;
      return;
    }
    state.dueAt = deps.now().getTime() + deps.settleAfterMs;
    const expected = state.steps[0];
    deps.scheduler.after(deps.settleAfterMs, () => {
      // A settle() or check-status may have taken this step already.
      if (state.steps[0] === expected) advance(state);
    });
  }

  return {
    hasOrder: (orderId) => orders.has(orderId),
    create(valid, magic) {
      const now = deps.now();
      const at = now.toISOString();
      const id = deps.random.uuid();
      const prefix = valid.psp.name
        .replace(/[^a-z]/gi, '')
        .slice(0, PSP_PREFIX_LENGTH)
        .toUpperCase();
      const metadata = { ...valid.metadata };
      if (typeof metadata.creditCardNumber === 'string') {
        metadata.creditCardNumber = maskCardNumber(metadata.creditCardNumber);
      }

      let steps: Step[] = [{ status: 'approved' }];
      const declineCard = declineCardStep(valid);
      if (declineCard) steps = [declineCard];
      if (magic === 'decline') {
        const m = SANDBOX_MAGIC_AMOUNTS.decline;
        steps = [
          { status: 'declined', decline_code: m.decline_code, decline_reason: m.decline_reason },
        ];
      } else if (magic === 'authorizeThenApprove') {
        steps = [{ status: 'authorized' }, { status: 'approved' }];
      }
      // BridgerPay's payouts share its payment statuses: some go on hold or are voided.
      if (
        deps.quirks.offListStatusRate > 0 &&
        magic === undefined &&
        !declineCard &&
        deps.random.next() < deps.quirks.offListStatusRate
      ) {
        const kind = deps.quirks.offListStatusKind;
        const onHold = kind === 'mixed' ? deps.random.next() < 0.5 : kind === 'on_hold';
        steps = onHold
          ? [{ status: 'approved_on_hold' }, { status: 'approved' }]
          : [{ status: 'voided' }];
      }
      let status: SandboxPayoutStatus = initialStatus(valid);
      if (magic === 'approveAtCreate') {
        status = 'approved';
        steps = [];
      }

      const payout: SandboxPayout = {
        id,
        transaction_id: `${prefix}-${deps.random.digits(12)}`,
        psp_order_id: `${prefix.toLowerCase()}_ord_${deps.random.hex(16)}`,
        order_id: valid.order_id,
        psp_name: valid.psp.name,
        country: valid.country,
        state: valid.state,
        currency: valid.currency,
        amount: valid.amount,
        payout_method_type: valid.payout_method_type,
        status,
        decline_code: null,
        decline_reason: null,
        metadata,
        magic: magic ?? null,
        created_at: at,
        updated_at: at,
        history: [{ status, at }],
      };
      const state: PayoutState = { payout, steps, held: magic === 'holdPending', dueAt: null };
      states.set(id, state);
      orders.add(valid.order_id);
      notify(payout);
      scheduleNext(state);
      return payout;
    },
    get: (id) => states.get(id)?.payout,
    list: () => [...states.values()].map((s) => s.payout),
    checkStatus(id) {
      const state = states.get(id);
      statusCalls.push({ payout_id: id, found: state !== undefined, at: deps.now().toISOString() });
      if (!state) return undefined;
      while (state.dueAt !== null && deps.now().getTime() >= state.dueAt) advance(state);
      return state.payout;
    },
    settle(id) {
      const targets = id === undefined ? [...states.values()] : [states.get(id)];
      if (targets.some((s) => s === undefined)) return false;
      for (const state of targets) {
        if (!state) continue;
        state.held = false;
        while (state.steps.length > 0) {
          const step = state.steps.shift();
          if (step) applyStep(state, step);
        }
        state.dueAt = null;
      }
      return true;
    },
    restore(restored) {
      let added = 0;
      for (const r of restored) {
        // Known already (restored twice, or created in this life): kept as it is.
        if (states.has(r.id) || orders.has(r.order_id)) continue;
        const metadata = { ...r.metadata };
        const card = metadata.creditCardNumber;
        // Usually masked already (6+4, as a ledger keeps it); a full number never stays here.
        if (typeof card === 'string' && /^[0-9 -]{12,}$/.test(card)) {
          metadata.creditCardNumber = maskCardNumber(card);
        }
        const payout: SandboxPayout = {
          ...r,
          metadata,
          decline_code: null,
          decline_reason: null,
          magic: null,
          history: [{ status: r.status, at: r.created_at }],
        };
        states.set(r.id, { payout, steps: [{ status: 'approved' }], held: true, dueAt: null });
        orders.add(r.order_id);
        added += 1;
      }
      return added;
    },
    recordCall(call) {
      createCalls.push({ ...call, at: deps.now().toISOString() });
    },
    calls: () => createCalls.map((c) => ({ ...c })),
    statusCalls: () => statusCalls.map((c) => ({ ...c })),
  };
}
