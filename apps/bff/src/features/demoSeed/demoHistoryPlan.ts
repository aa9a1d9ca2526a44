import {
  type PayoutValidator,
  currencyScale,
  isCryptoCurrency,
  matchRule,
  normalizeAmount,
  sampleAmount,
  sampleMetadata,
  samplePayoutFor,
  SAMPLE_CARD_NUMBERS,
  statesOf,
  sampleWalletAddresses,
  type ApprovalPolicy,
  type ApprovalRule,
  type Corridor,
  type PayoutMetadataValue,
  type PayoutProvider,
  type PayoutRequest,
  type PayoutStatus,
} from '@payouts/contracts';
import { ledgerMetadata, recipientOf } from '../payouts/ledgerMetadata.js';
import type { NewPayoutEvent } from '../payouts/payoutEventValues.js';
import type { NewPayoutRow } from '../payouts/payoutsRepository.js';
import { createSeededRandom, type SeededRandom } from './seededRandom.js';

/** What the orchestrator in use offers and answers, as the history is made of it. */
export interface DemoWorld {
  /** Each corridor with its PSPs per payout method type (the orchestrator's metadata). */
  corridors: readonly { corridor: Corridor; providers: readonly PayoutProvider[] }[];
  /**
   * Its real decline codes and reasons. `cardNumber`: the test card it declines with this code
   * (card payouts only); without it the code applies to any payout method type.
   */
  declines: readonly { code: string; reason: string; cardNumber?: string }[];
  /** Its message when it refuses a payout outright (a business rule): the "failed" ones. */
  refusalMessage: string;
  /** Amounts that would ask it for special behaviour (the sandbox's magic endings): avoided. */
  isSpecialAmount(amount: string): boolean;
}

export interface DemoUser {
  id: string;
  email: string;
  role: string;
}

export interface DemoPlanInput {
  /** The start time: the history ends just before it. */
  now: Date;
  world: DemoWorld;
  /** Who creates payouts (finance and admin demo users). */
  creators: readonly DemoUser[];
  /** Every demo user; approvers are those whose role the matched rule names. */
  users: readonly DemoUser[];
  policy: ApprovalPolicy;
  /** Older than this and not final: "needs attention". */
  attentionAfterMs: number;
  /** About how many payouts (the exact count, when the world allows it). */
  total: number;
  days: number;
  /** The create path's validator for a corridor's providers. */
  validatorFor(
    providers: readonly PayoutProvider[],
    corridor: Corridor,
    now: Date,
  ): PayoutValidator;
  /** Seals an awaiting payout's request as the create path does (it is sent once approved). */
  seal(id: string, request: PayoutRequest): string;
  /** When the reconciler next looks at a payout in this status. */
  nextCheckAt(status: PayoutStatus, attempts: number, now: Date): Date | null;
  seed?: number;
  /** Check every payout's request with the validator, not only those to be sent (tests). */
  checkEvery?: boolean;
}

export interface DemoApproval {
  payoutId: string;
  userId: string;
  step: number;
  at: Date;
}

export interface DemoPlan {
  payouts: NewPayoutRow[];
  events: (NewPayoutEvent & { payoutId: string })[];
  approvals: DemoApproval[];
}

type Outcome = 'approved' | 'declined' | 'failed' | 'rejected' | 'awaiting_approval' | 'attention';

interface Option {
  corridor: Corridor;
  provider: PayoutProvider;
  providers: readonly PayoutProvider[];
  template: PayoutRequest;
  validate: PayoutValidator;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A typical payout's size in major units; others by kind. Sizes vary log-normally around it. */
const TYPICAL: Readonly<Record<string, number>> = {
  EUR: 220,
  USD: 260,
  GBP: 190,
  CAD: 340,
  AUD: 360,
  JPY: 32_000,
  MXN: 4_300,
  BTC: 0.004,
  ETH: 0.09,
  USDT: 250,
};

const FIRST_NAMES = [
  'Amelia',
  'Bruno',
  'Chloé',
  'Dmitri',
  'Elena',
  'Farid',
  'Grace',
  'Hiroshi',
  'Ines',
  'Jonas',
  'Kaito',
  'Lena',
  'Mateo',
  'Nadia',
  'Oscar',
  'Priya',
  'Quentin',
  'Rosa',
  'Sven',
  'Tara',
  'Umar',
  'Valeria',
  'Wen',
  'Yusuf',
  'Zoe',
  'Aiko',
  'Luca',
  'Maya',
  'Noah',
  'Sofia',
] as const;
const LAST_NAMES = [
  'Andersen',
  'Becker',
  'Costa',
  'Dubois',
  'Evans',
  'Fischer',
  'García',
  'Hansen',
  'Ito',
  'Janssen',
  'Kowalski',
  'Laurent',
  'Martin',
  'Nakamura',
  'Olsen',
  'Peeters',
  'Quinn',
  'Rossi',
  'Schmidt',
  'Tanaka',
  'Usman',
  'Visser',
  'Walsh',
  'Young',
  'Zimmermann',
  'Moreau',
  'Silva',
] as const;

/** Banks people are paid at, per country (names only: the stored details are the sample's). */
const BANKS: Readonly<Record<string, readonly string[]>> = {
  DE: ['Deutsche Bank', 'Commerzbank', 'Sparkasse KölnBonn'],
  FR: ['BNP Paribas', 'Crédit Agricole', 'Société Générale'],
  BE: ['Belfius Bank', 'KBC Bank', 'ING Belgium'],
  GB: ['Barclays', 'HSBC UK', 'Lloyds Bank'],
  US: ['JPMorgan Chase', 'Bank of America', 'Wells Fargo'],
  CA: ['RBC Royal Bank', 'TD Canada Trust', 'Scotiabank'],
  AU: ['Commonwealth Bank', 'Westpac', 'ANZ'],
  JP: ['MUFG Bank', 'Mizuho Bank', 'SMBC'],
  MX: ['BBVA México', 'Banorte', 'Santander México'],
};

const REJECTION_REASONS = [
  'Beneficiary details do not match the KYC record',
  'Duplicate of an earlier payout',
  'Amount above the agreed settlement',
  'Requested by compliance: hold pending review',
] as const;

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

/** A day's share of the history: weekdays busy, weekends quiet, slowly growing. */
function dayWeight(day: Date, index: number, days: number): number {
  const weekday = day.getUTCDay();
  const base = weekday === 0 ? 0.22 : weekday === 6 ? 0.35 : weekday === 1 ? 1.1 : 1;
  return base * (0.85 + (0.3 * index) / Math.max(1, days - 1));
}

const HOUR_WEIGHTS: readonly (readonly [number, number])[] = Array.from({ length: 24 }, (_, h) => [
  h,
  h >= 9 && h <= 17 ? (h === 12 ? 7 : 10) : h === 8 || h === 18 ? 5 : h >= 6 && h <= 21 ? 1.5 : 0.2,
]);

/**
 * A realistic, deterministic 90-day history: payouts with their timelines and
 * approvals, as the create, approval and status paths would have written them. Pure: no
 * database, clock or orchestrator.
 */
export function planDemoHistory(input: DemoPlanInput): DemoPlan {
  const { now } = input;
  const rng = createSeededRandom(input.seed ?? 0x15_de_30);
  const options = optionsOf(input);
  if (options.length === 0 || input.creators.length === 0) {
    return { payouts: [], events: [], approvals: [] };
  }
  // Busier corridors (fiat) and a few quiet ones (crypto), fixed per world.
  const corridorWeight = new Map<string, number>();
  for (const { corridor } of input.world.corridors) {
    const key = `${corridor.country}:${corridor.currency}`;
    corridorWeight.set(
      key,
      (isCryptoCurrency(corridor.currency) ? 0.3 : 1) * (0.5 + rng.next() * 1.5),
    );
  }
  const optionWeights = options.map((o) => {
    const perCorridor = options.filter(
      (x) =>
        x.corridor.country === o.corridor.country && x.corridor.currency === o.corridor.currency,
    ).length;
    const typeWeight = o.provider.payout_method_type === 'bank_account' ? 1.4 : 1;
    return [
      o,
      (corridorWeight.get(`${o.corridor.country}:${o.corridor.currency}`)! * typeWeight) /
        perCorridor,
    ] as const;
  });
  // Decline rates differ per PSP (4% to 11%): the overview's success-rate chart has a story.
  const declineRate = new Map<string, number>();
  for (const o of options) {
    if (!declineRate.has(o.provider.name))
      declineRate.set(o.provider.name, 0.04 + rng.next() * 0.07);
  }

  const times = creationTimes(rng, now, input.days, input.total);
  const outcomes = assignOutcomes(
    rng,
    times,
    now,
    input.attentionAfterMs,
    declineRate,
    optionWeights,
  );

  const plan: DemoPlan = { payouts: [], events: [], approvals: [] };
  times.forEach((createdAt, i) => {
    const { outcome, option } = outcomes[i]!;
    addPayout(plan, rng, input, option, createdAt, outcome, i);
  });
  return plan;
}

/**
 * The corridors whose create-path validator the plan compiles whatever its random draws: those
 * with a PSP that has hints (the plan checks its template payout against them). A start compiles
 * them early, while it waits for the demo password's hash.
 */
export function corridorsWithHints(world: Pick<DemoWorld, 'corridors'>): DemoWorld['corridors'] {
  return world.corridors.filter(({ providers }) => providers.some(hasHints));
}

/** A PSP that sends field hints (types, patterns, lengths, options): its own rules apply. */
function hasHints(provider: PayoutProvider): boolean {
  return provider.fields.some(
    (f) =>
      f.type !== undefined ||
      f.pattern !== undefined ||
      f.min_length !== undefined ||
      f.max_length !== undefined ||
      f.options !== undefined ||
      f.required !== undefined,
  );
}

/** Every (corridor, PSP, type) the orchestrator offers, with a valid request to vary. */
function optionsOf(input: DemoPlanInput): Option[] {
  const out: Option[] = [];
  for (const { corridor, providers } of input.world.corridors) {
    if (providers.length === 0) continue;
    // Compiled on first use: a corridor's validator costs tens of milliseconds to build, and
    // only corridors with hinted PSPs or payouts to be sent need one (the create path reuses
    // it later from the contracts' schema cache).
    let validator: PayoutValidator | undefined;
    const validate: PayoutValidator = (request) =>
      (validator ??= input.validatorFor(providers, corridor, input.now))(request);
    for (const provider of providers) {
      // The sample values of the PSP's own fields (its metadata schema). Without hints, the
      // name rules apply, which the contracts' samples satisfy by construction; with hints, the
      // create path's validator checks them and, where they are refused, the lab's sample
      // payout walks the hints (slower: it compiles a form).
      const named: Record<string, PayoutMetadataValue> = {
        ...sampleMetadata(provider.payout_method_type, corridor.currency, input.now),
        bankAccountType: 'checking',
      };
      const quick: PayoutRequest = {
        order_id: 'DEMO-TEMPLATE',
        provider: provider.name,
        country: corridor.country,
        currency: corridor.currency,
        state: statesOf(corridor.country)[0]?.code ?? null,
        amount: sampleAmount(corridor.currency),
        payout_method_type: provider.payout_method_type,
        metadata: Object.fromEntries(
          provider.fields.flatMap((f) =>
            named[f.name] === undefined ? [] : [[f.name, named[f.name]!]],
          ),
        ),
      };
      if (!hasHints(provider)) {
        out.push({ corridor, provider, providers, template: quick, validate });
        continue;
      }
      const checked = validate(quick);
      // Only what the create path itself accepts, as it stores it (normalized).
      const valid = checked.ok ? checked : validate(samplePayoutFor(provider, corridor, input.now));
      if (!valid.ok) continue;
      out.push({ corridor, provider, providers, template: valid.value, validate });
    }
  }
  return out;
}

/** Creation instants over `days` calendar days (UTC), sorted, all before `now`. */
function creationTimes(rng: SeededRandom, now: Date, days: number, total: number): Date[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const dayStarts = Array.from({ length: days }, (_, i) => today - (days - 1 - i) * DAY);
  // Today counts only as far as it has gone.
  const elapsedToday = Math.max(0, now.getTime() - 10 * MINUTE - today) / DAY;
  const weights = dayStarts.map((start, i) => {
    const w = dayWeight(new Date(start), i, days) * (0.85 + rng.next() * 0.3);
    return i === days - 1 ? w * elapsedToday : w;
  });
  const sum = weights.reduce((a, b) => a + b, 0);
  // Largest remainder: exactly `total`.
  const raw = weights.map((w) => (w / sum) * total);
  const counts = raw.map(Math.floor);
  let left = total - counts.reduce((a, b) => a + b, 0);
  const order = raw.map((r, i) => [r - Math.floor(r), i] as const).sort((a, b) => b[0] - a[0]);
  for (const [, i] of order) {
    if (left <= 0) break;
    counts[i]! += 1;
    left -= 1;
  }
  const times: Date[] = [];
  dayStarts.forEach((start, i) => {
    const limit = i === days - 1 ? now.getTime() - 10 * MINUTE : start + DAY;
    for (let n = 0; n < counts[i]!; n += 1) {
      let at = start + rng.weighted(HOUR_WEIGHTS) * HOUR + rng.int(0, HOUR - 1);
      // Today, after the start: somewhere in what has gone of it.
      if (at >= limit) at = start + Math.floor(rng.next() * Math.max(1, limit - start));
      times.push(new Date(at));
    }
  });
  return times.sort((a, b) => a.getTime() - b.getTime());
}

function assignOutcomes(
  rng: SeededRandom,
  times: readonly Date[],
  now: Date,
  attentionAfterMs: number,
  declineRate: ReadonlyMap<string, number>,
  optionWeights: readonly (readonly [Option, number])[],
): { outcome: Outcome; option: Option }[] {
  const out = times.map((): { outcome: Outcome; option: Option } => {
    const option = rng.weighted(optionWeights);
    const r = rng.next();
    const decline = declineRate.get(option.provider.name) ?? 0.07;
    const outcome: Outcome =
      r < decline
        ? 'declined'
        : r < decline + 0.012
          ? 'failed'
          : r < decline + 0.02
            ? 'rejected'
            : 'approved';
    return { outcome, option };
  });
  // About five waiting for approval: made in the last three days.
  const recent = times
    .map((t, i) => [t, i] as const)
    .filter(
      ([t]) => now.getTime() - t.getTime() < 3 * DAY && now.getTime() - t.getTime() > 15 * MINUTE,
    );
  for (const [, i] of pick(rng, recent, 5)) out[i]!.outcome = 'awaiting_approval';
  // A few stuck at the PSP (still pending there): older than the attention age, within a week.
  const attentionAge = Math.max(attentionAfterMs, DAY);
  const stuck = times
    .map((t, i) => [t, i] as const)
    .filter(([t, i]) => {
      const age = now.getTime() - t.getTime();
      return (
        age > attentionAge &&
        age < attentionAge + 7 * DAY &&
        out[i]!.outcome !== 'awaiting_approval'
      );
    });
  for (const [, i] of pick(rng, stuck, 4)) out[i]!.outcome = 'attention';
  return out;
}

function pick<T>(rng: SeededRandom, items: readonly T[], count: number): T[] {
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
function requestOf(
  rng: SeededRandom,
  option: Option,
  orderId: string,
  amount: string,
  declineCard: string | undefined,
  /** It will be sent (awaiting approval): checked as the create path checks it. */
  checked: boolean,
): PayoutRequest {
  const first = rng.pick(FIRST_NAMES);
  const last = rng.pick(LAST_NAMES);
  const ascii = (s: string) => s.normalize('NFD').replace(/[^A-Za-z]/g, '');
  const metadata: Record<string, PayoutMetadataValue> = { ...option.template.metadata };
  const set = (name: string, value: PayoutMetadataValue) => {
    if (name in metadata) metadata[name] = value;
  };
  set('customerFirstName', first);
  set('customerLastName', last);
  set('cardHolderName', `${first} ${last}`.slice(0, 26));
  set('bankAccountName', `${first} ${last}`);
  set('email', `${ascii(first)}.${ascii(last)}${rng.int(1, 99)}@example.com`.toLowerCase());
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

function addPayout(
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
