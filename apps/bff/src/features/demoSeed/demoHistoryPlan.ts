import {
  type PayoutValidator,
  isCryptoCurrency,
  sampleAmount,
  sampleMetadata,
  samplePayoutFor,
  statesOf,
  type ApprovalPolicy,
  type Corridor,
  type PayoutMetadataValue,
  type PayoutProvider,
  type PayoutRequest,
  type PayoutStatus,
} from '@payouts/contracts';
import type { NewPayoutEvent, NewPayoutRow } from '../payouts/index.js';
import { createSeededRandom, type SeededRandom } from './seededRandom.js';
import { addPayout, DAY, HOUR, MINUTE, pick, type Option, type Outcome } from './demoPayout.js';

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
      // name rules apply, which the contracts' samples satisfy by construction, bank details
      // aside (whether an account number is an IBAN depends on the field's title too); with
      // hints or bank details, the create path's validator checks them and, where they are
      // refused, the lab's sample payout walks the candidates (slower: it compiles a form).
      const named: Record<string, PayoutMetadataValue> = {
        ...sampleMetadata(
          provider.payout_method_type,
          corridor.currency,
          input.now,
          corridor.country,
        ),
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
      if (!hasHints(provider) && provider.payout_method_type !== 'bank_account') {
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
