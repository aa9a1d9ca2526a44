import type { DepositStatus } from '@payouts/contracts';
import { buildNotification } from '../notifications/buildNotification.js';
import type { Notifier } from '../notifications/createNotifier.js';
import type { RandomSource } from '../support/createRandom.js';
import type { Scheduler } from '../support/createScheduler.js';
import type { SandboxDeposit } from '../types.js';
import { SANDBOX_TEST_CARDS, testCardOf } from './testCards.js';
import type { ValidDeposit } from './validateDepositRequest.js';

export type ChallengeAnswer = 'approve' | 'fail';

export interface DepositLedger {
  hasOrder(orderId: string): boolean;
  create(valid: ValidDeposit): SandboxDeposit;
  get(id: string): SandboxDeposit | undefined;
  list(): SandboxDeposit[];
  /** The customer's 3-D Secure answer; only an `in_process` deposit changes. */
  answerChallenge(id: string, answer: ChallengeAnswer): SandboxDeposit | undefined;
  /** Approves one (or every) `in_process` deposit now. False for an unknown id. */
  settle(id?: string): boolean;
}

const THREE_DS_FAILED = {
  decline_code: '3ds_failed',
  decline_reason: '3-D Secure authentication failed',
};

/** In-memory card deposits. Keeps BIN and last four digits only, never the number or CVV. */
export function createDepositLedger(deps: {
  now: () => Date;
  settleAfterMs: number;
  scheduler: Scheduler;
  random: RandomSource;
  notifier: Notifier;
  baseUrl: () => string;
}): DepositLedger {
  const deposits = new Map<string, SandboxDeposit>();
  const orders = new Set<string>();

  function notify(deposit: SandboxDeposit): void {
    deps.notifier.notify(
      buildNotification(
        {
          operationType: 'deposit',
          id: deposit.id,
          orderId: deposit.order_id,
          pspName: deposit.psp_name,
          pspOrderId: deposit.psp_order_id,
          status: deposit.status,
          amount: deposit.amount,
          currency: deposit.currency,
          declineCode: deposit.decline_code,
          declineReason: deposit.decline_reason,
          createdAt: new Date(deposit.created_at),
          updatedAt: new Date(deposit.updated_at),
          attributes: {
            card_masked_number: `${deposit.card_bin}******${deposit.card_last4}`,
            payment_method: 'credit_card',
            mid_alias: deposit.mid_alias,
          },
        },
        deps.now(),
      ),
    );
  }

  function finalize(
    deposit: SandboxDeposit,
    status: DepositStatus,
    decline?: { decline_code: string; decline_reason: string },
  ): void {
    if (deposit.status !== 'in_process') return;
    const at = deps.now().toISOString();
    deposit.status = status;
    deposit.decline_code = decline?.decline_code ?? null;
    deposit.decline_reason = decline?.decline_reason ?? null;
    deposit.updated_at = at;
    deposit.history.push({ status, at });
    notify(deposit);
  }

  return {
    hasOrder: (orderId) => orders.has(orderId),
    create(valid) {
      const at = deps.now().toISOString();
      const id = deps.random.uuid();
      const prefix = valid.psp.name
        .replace(/[^a-z]/gi, '')
        .slice(0, 3)
        .toUpperCase();
      const testCard = testCardOf(valid.card_number);
      const card = testCard ? SANDBOX_TEST_CARDS[testCard] : undefined;
      let status: DepositStatus = 'approved';
      let decline: { decline_code: string; decline_reason: string } | undefined;
      if (card?.outcome === 'declined') {
        status = 'declined';
        decline = { decline_code: card.decline_code, decline_reason: card.decline_reason };
      } else if (card?.outcome === 'in_process') {
        status = 'in_process';
      }
      const deposit: SandboxDeposit = {
        id,
        transaction_id: `${prefix}-${deps.random.digits(12)}`,
        psp_order_id: `${prefix.toLowerCase()}_dep_${deps.random.hex(16)}`,
        order_id: valid.order_id,
        psp_name: valid.psp.name,
        mid_alias: valid.mid.alias,
        routed: valid.routed,
        country: valid.country,
        state: valid.state,
        currency: valid.currency,
        amount: valid.amount,
        email: valid.email,
        first_name: valid.first_name,
        last_name: valid.last_name,
        card_brand: valid.card_brand,
        card_bin: valid.card_number.slice(0, 6),
        card_last4: valid.card_number.slice(-4),
        status,
        decline_code: decline?.decline_code ?? null,
        decline_reason: decline?.decline_reason ?? null,
        mpi_url: status === 'in_process' ? `${deps.baseUrl()}/mpi/challenge/${id}` : null,
        created_at: at,
        updated_at: at,
        history: [{ status, at }],
      };
      deposits.set(id, deposit);
      orders.add(valid.order_id);
      notify(deposit);
      if (testCard === 'threeDSecureFrictionless') {
        deps.scheduler.after(deps.settleAfterMs, () => finalize(deposit, 'approved'));
      }
      return deposit;
    },
    get: (id) => deposits.get(id),
    list: () => [...deposits.values()],
    answerChallenge(id, answer) {
      const deposit = deposits.get(id);
      if (!deposit) return undefined;
      if (answer === 'approve') finalize(deposit, 'approved');
      else finalize(deposit, 'declined', THREE_DS_FAILED);
      return deposit;
    },
    settle(id) {
      const targets = id === undefined ? [...deposits.values()] : [deposits.get(id)];
      if (targets.some((d) => d === undefined)) return false;
      for (const deposit of targets) if (deposit) finalize(deposit, 'approved');
      return true;
    },
  };
}
