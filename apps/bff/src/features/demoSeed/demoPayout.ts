import {
  accountLast4,
  type PayoutValidator,
  currencyScale,
  isCryptoCurrency,
  matchRule,
  normalizeAmount,
  SAMPLE_CARD_NUMBERS,
  sampleWalletAddresses,
  type ApprovalPolicy,
  type ApprovalRule,
  type Corridor,
  type PayoutMetadataValue,
  type PayoutProvider,
  type PayoutRequest,
} from '@payouts/contracts';
import { ledgerMetadata, recipientOf } from '../payouts/index.js';
import type { NewPayoutEvent, NewPayoutRow } from '../payouts/index.js';
import type { SeededRandom } from './seededRandom.js';
import { BANKS, FIRST_NAMES, LAST_NAMES, REJECTION_REASONS, TYPICAL } from './demoNames.js';
import type { DemoPlan, DemoPlanInput, DemoUser, DemoWorld } from './demoHistoryPlan.js';

/** One demo payout of the plan: its amount, recipient, approvals, timeline and outcome. */

export type Outcome =
  'approved' | 'declined' | 'failed' | 'rejected' | 'awaiting_approval' | 'attention';

export interface Option {
  corridor: Corridor;
  provider: PayoutProvider;
  providers: readonly PayoutProvider[];
  template: PayoutRequest;
  validate: PayoutValidator;
}

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** `in_process` -> `InProcess`, as the orchestrator spells statuses. */
function statusRaw(status: string): string {
  return status
    .split('_')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');
}

/** Integer minor units as a decimal string with `scale` places (crypto: trailing zeros dropped). */
function fromMinor(minor: number, scale: number, crypto: boolean): string {
  const digits = String(minor).padStart(scale + 1, '0');
  const text = scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
  return crypto ? normalizeAmount(text) : text;
}

function pspPrefix(provider: string): string {
  return (
    provider
      .replace(/[^a-z]/gi, '')
      .slice(0, 3)
      .toUpperCase() || 'PSP'
  );
}

export function pick<T>(rng: SeededRandom, items: readonly T[], count: number): T[] {
  const pool = [...items];
  const chosen: T[] = [];
  while (chosen.length < count && pool.length > 0) {
    chosen.push(pool.splice(rng.int(0, pool.length - 1), 1)[0]!);
  }
  return chosen;
}

/** An amount of the currency's scale around its typical size, never a special one. */
function amountOf(rng: SeededRandom, world: DemoWorld, currency: string, factor: number): string {
  const crypto = isCryptoCurrency(currency);
  const scale = currencyScale(currency);
  // Crypto amounts carry at most six decimals, as people type them.
  const places = crypto ? Math.min(scale, 6) : scale;
  const typical = TYPICAL[currency] ?? (crypto ? 0.05 : 250);
  const major = Math.min(typical * 80, typical * factor * Math.exp(0.85 * rng.normal()));
  let minor = Math.max(1, Math.round(major * 10 ** places));
  // Round fiat to whole units now and then, as real payouts often are.
  if (!crypto && places > 0 && rng.next() < 0.3)
    minor = Math.max(1, Math.round(minor / 10 ** places)) * 10 ** places;
  let amount = fromMinor(minor, places, crypto);
  while (world.isSpecialAmount(amount)) {
    minor += 1;
    amount = fromMinor(minor, places, crypto);
  }
  return amount;
}

function ruleFor(
  policy: ApprovalPolicy,
  request: PayoutRequest,
  at: Date,
): ApprovalRule | undefined {
  try {
    return matchRule(policy, {
      currency: request.currency,
      amount: request.amount,
      payout_method_type: request.payout_method_type,
      provider: request.provider,
      country: request.country,
      beneficiary: null,
      in_batch: false,
      now: at,
    });
  } catch {
    // A policy without a default rule: nothing to freeze.
    return undefined;
  }
}

/** The request a person would have sent: the template, another recipient, the amount. */
/**
 * A PSP's sample details as one demo person's: their name in the name fields the PSP asks for
 * (the card holder's cut to 26 characters), and an e-mail made of it (`tag` before the `@`).
 */
export function withDemoPerson(
  template: Readonly<Record<string, PayoutMetadataValue>>,
  first: string,
  last: string,
  tag = '',
): Record<string, PayoutMetadataValue> {
  const metadata = { ...template };
  const ascii = (text: string) => text.normalize('NFD').replace(/[^A-Za-z]/g, '');
  const names: Record<string, string> = {
    customerFirstName: first,
    customerLastName: last,
    cardHolderName: `${first} ${last}`.slice(0, 26),
    bankAccountName: `${first} ${last}`,
    email: `${ascii(first)}.${ascii(last)}${tag}@example.com`.toLowerCase(),
  };
  for (const [name, value] of Object.entries(names)) {
    if (name in metadata) metadata[name] = value;
  }
  return metadata;
}

function requestOf(
  rng: SeededRandom,
  option: Option,
  orderId: string,
  amount: string,
  declineCard: string | undefined,
  /** It will be sent (awaiting approval): checked as the create path checks it. */
  checked: boolean,
): PayoutRequest {
  const metadata = withDemoPerson(
    option.template.metadata,
    rng.pick(FIRST_NAMES),
    rng.pick(LAST_NAMES),
    String(rng.int(1, 99)),
  );
  const set = (name: string, value: PayoutMetadataValue) => {
    if (name in metadata) metadata[name] = value;
  };
  if ('creditCardNumber' in metadata) {
    set('creditCardNumber', declineCard ?? rng.pick(SAMPLE_CARD_NUMBERS.slice(0, 3)));
  }
  const banks = BANKS[option.corridor.country];
  if (banks) set('bankName', rng.pick(banks));
  const account = option.template.metadata['bankAccountNumber'];
  if (typeof account === 'string' && /^[0-9]{6,}$/.test(account)) {
    set('bankAccountNumber', String(rng.int(1, 9)) + rng.digits(account.length - 1));
  }
  if ('walletAddress' in metadata) {
    const wallets = sampleWalletAddresses(option.corridor.currency);
    if (wallets.length > 0) set('walletAddress', rng.pick(wallets));
  }
  const request: PayoutRequest = { ...option.template, order_id: orderId, amount, metadata };
  // The variations are the sample's own kinds of values, within the PSP's hints; every one
  // that will be sent is checked below all the same (one validation per payout costs a second).
  if (!checked) return request;
  // Stored as the create path stores it: the validated (normalized) request. A variation the
  // PSP's schema refuses falls back, field by field, to the template's value.
  const result = option.validate(request);
  if (result.ok) return result.value;
  for (const error of result.errors) {
    const name = /^\/metadata\/(.+)$/.exec(error.pointer)?.[1];
    if (name !== undefined && name in option.template.metadata) {
      metadata[name] = option.template.metadata[name]!;
    }
  }
  const again = option.validate(request);
  return again.ok ? again.value : { ...option.template, order_id: orderId, amount };
}

function approversFor(
  input: DemoPlanInput,
  rule: ApprovalRule,
  creator: DemoUser,
  rng: SeededRandom,
): DemoUser[] | undefined {
  const eligible = input.users.filter(
    (u) => u.id !== creator.id && (rule.approvals.roles as readonly string[]).includes(u.role),
  );
  if (eligible.length < rule.approvals.count) return undefined;
  return pick(rng, eligible, rule.approvals.count);
}

export function addPayout(
  plan: DemoPlan,
  rng: SeededRandom,
  input: DemoPlanInput,
  option: Option,
  createdAt: Date,
  wanted: Outcome,
  index: number,
): void {
  const { world, policy, now } = input;
  const creator = rng.weighted(
    input.creators.map((u) => [u, u.role === 'admin' ? 0.5 : 1] as const),
  );
  const currency = option.corridor.currency;
  const type = option.provider.payout_method_type;
  const needsWait = wanted === 'awaiting_approval' || wanted === 'rejected';
  let outcome = wanted;

  // Amount and rule: waiting or rejected ones are above a threshold; the others mostly not.
  let amount = amountOf(rng, world, currency, needsWait ? 30 : 1);
  const request = (a: string): PayoutRequest => ({ ...option.template, amount: a });
  let rule = ruleFor(policy, request(amount), createdAt);
  for (let tries = 0; needsWait && tries < 8 && !(rule && rule.approvals.count > 0); tries += 1) {
    amount = amountOf(rng, world, currency, 30 * 2 ** (tries + 1));
    rule = ruleFor(policy, request(amount), createdAt);
  }
  let approvers = rule && rule.approvals.count > 0 ? approversFor(input, rule, creator, rng) : [];
  for (let tries = 0; !needsWait && approvers === undefined && tries < 6; tries += 1) {
    // More approvers than the demo has: a smaller payout instead.
    amount = amountOf(rng, world, currency, 2 ** -(tries + 1));
    rule = ruleFor(policy, request(amount), createdAt);
    approvers = rule && rule.approvals.count > 0 ? approversFor(input, rule, creator, rng) : [];
  }
  const needsApproval = rule !== undefined && rule.approvals.count > 0;
  // The policy never asks for approval here: it went through like any other.
  if (needsWait && !needsApproval) outcome = 'approved';
  if (outcome === 'rejected' && approvers === undefined) outcome = 'awaiting_approval';
  if (!needsWait && needsApproval && approvers === undefined) outcome = 'awaiting_approval';

  const decline =
    outcome === 'declined'
      ? rng.pick(world.declines.filter((d) => d.cardNumber === undefined || type === 'credit_card'))
      : undefined;
  if (outcome === 'declined' && !decline) outcome = 'approved';

  const id = rng.uuid();
  const day = createdAt.toISOString().slice(0, 10).replace(/-/g, '');
  const orderId = `DEMO-${day}-${String(index + 1).padStart(5, '0')}`;
  const payout = requestOf(
    rng,
    option,
    orderId,
    amount,
    decline?.cardNumber,
    outcome === 'awaiting_approval' || input.checkEvery === true,
  );
  const recipient = recipientOf(payout.metadata);

  const events: NewPayoutEvent[] = [
    {
      type: 'created',
      actor: creator.email,
      at: createdAt,
      data: { amount: payout.amount, currency: payout.currency, provider: payout.provider },
    },
  ];
  const threshold = needsApproval ? (rule!.conditions.amount_above ?? null) : null;
  if (needsApproval) {
    events.push({
      type: 'approval_requested',
      actor: 'system',
      at: createdAt,
      data: { threshold, rule: rule!.name, approvals_required: rule!.approvals.count },
    });
  }

  const row: NewPayoutRow = {
    id,
    orderId,
    provider: payout.provider,
    country: payout.country,
    currency: payout.currency,
    state: payout.state,
    amount: payout.amount,
    payoutMethodType: type,
    metadata: ledgerMetadata(payout.metadata),
    recipientName: recipient.name,
    recipientEmail: recipient.email,
    accountLast4: accountLast4(payout.metadata),
    status: 'approved',
    createdBy: creator.id,
    createdAt,
    updatedAt: createdAt,
    isTest: false,
    isDemo: true,
    approvalThreshold: threshold,
    approvalRule: needsApproval
      ? {
          id: rule!.id,
          name: rule!.name,
          count: rule!.approvals.count,
          roles: [...rule!.approvals.roles],
        }
      : null,
    nextCheckAt: null,
  };

  // Decided by people: when the last approval (or the rejection) came, in working time.
  let sendAt = createdAt;
  let actor = creator.email;
  if (needsApproval && outcome !== 'awaiting_approval' && approvers) {
    let at = createdAt.getTime();
    const deciders = outcome === 'rejected' ? approvers.slice(0, 1) : approvers;
    deciders.forEach((approver, i) => {
      at += rng.int(4 * MINUTE, 5 * HOUR);
      at = Math.min(at, now.getTime() - 2 * MINUTE);
      const step = i + 1;
      const when = new Date(Math.max(at, createdAt.getTime() + 1000 * step));
      if (outcome === 'rejected') {
        const reason = rng.pick(REJECTION_REASONS);
        events.push({ type: 'rejected', actor: approver.email, at: when, data: { reason } });
        Object.assign(row, {
          rejectedBy: approver.id,
          rejectedAt: when,
          rejectionReason: reason,
          updatedAt: when,
          finalAt: when,
        });
        return;
      }
      const final = step >= rule!.approvals.count;
      events.push({
        type: final ? 'approved' : 'approval_recorded',
        actor: approver.email,
        at: when,
        data: { step, of: rule!.approvals.count, rule: rule!.name },
      });
      plan.approvals.push({ payoutId: id, userId: approver.id, step, at: when });
      if (final) Object.assign(row, { approvedBy: approver.id, approvedAt: when });
      sendAt = when;
      actor = approver.email;
    });
  }

  if (outcome === 'rejected') {
    row.status = 'rejected';
  } else if (outcome === 'awaiting_approval') {
    row.status = 'awaiting_approval';
    // Sealed as the create path seals it: approving it sends exactly this request.
    row.submission = input.seal(id, payout);
  } else if (outcome === 'failed') {
    const at = new Date(sendAt.getTime() + rng.int(300, 2500));
    const failure = `The orchestrator refused the request: ${world.refusalMessage}`;
    events.push({
      type: 'submit_failed',
      actor,
      at,
      data: { code: 'orchestrator_rejected', kind: 'rejected', errors: [] },
    });
    Object.assign(row, { status: 'failed', failureReason: failure, updatedAt: at, finalAt: at });
  } else {
    // Sent: the orchestrator's id and the PSP's reference, as its create reply gave them.
    const orchestratorId = rng.uuid();
    const initial = type === 'credit_card' ? 'in_process' : 'pending';
    const submittedAt = new Date(sendAt.getTime() + rng.int(300, 2500));
    events.push({
      type: 'submitted',
      actor,
      at: submittedAt,
      data: { orchestrator_id: orchestratorId, orchestrator_status: statusRaw(initial) },
    });
    Object.assign(row, {
      orchestratorId,
      pspTransactionId: `${pspPrefix(payout.provider)}-${rng.digits(12)}`,
      orchestratorStatusRaw: statusRaw(initial),
      updatedAt: submittedAt,
    });
    if (outcome === 'attention') {
      // Still pending at the PSP: the reconciler keeps asking, backing off.
      const attempts = rng.int(5, 9);
      Object.assign(row, {
        status: initial,
        checkAttempts: attempts,
        nextCheckAt: input.nextCheckAt(initial, attempts, now),
      });
    } else {
      // Cards settle in minutes, crypto within the hour, bank transfers within two days.
      const settleMs =
        type === 'credit_card'
          ? rng.int(2 * MINUTE, 40 * MINUTE)
          : type === 'crypto'
            ? rng.int(5 * MINUTE, 70 * MINUTE)
            : rng.int(40 * MINUTE, 36 * HOUR);
      const finalAt = new Date(
        Math.max(
          submittedAt.getTime() + 1000,
          Math.min(submittedAt.getTime() + settleMs, now.getTime() - MINUTE),
        ),
      );
      const status = outcome === 'declined' ? 'declined' : 'approved';
      events.push(
        {
          type: 'notification',
          actor: 'orchestrator',
          at: finalAt,
          data: {
            webhook_type: 'payout',
            orchestrator_status: statusRaw(status),
            orchestrator_id: orchestratorId,
          },
        },
        {
          type: 'status_changed',
          actor: 'orchestrator',
          at: finalAt,
          data: { from: initial, to: status },
        },
      );
      Object.assign(row, {
        status,
        orchestratorStatusRaw: statusRaw(status),
        declineCode: decline?.code ?? null,
        declineReason: decline?.reason ?? null,
        updatedAt: finalAt,
        finalAt,
      });
    }
  }
  plan.payouts.push(row);
  for (const event of events) plan.events.push({ ...event, payoutId: id });
}
