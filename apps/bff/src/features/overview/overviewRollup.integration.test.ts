import { OVERVIEW_FINAL_HIST_BOUNDS, type PayoutStatus } from '@payouts/contracts';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payouts } from '../../db/schema.js';
import {
  openTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from '../../testing/testDatabase.js';
import { createPayoutsRepository } from '../payouts/payoutsRepository.js';
import { createOverviewRepository } from './overviewRepository.js';
import { createOverviewService, hourRangeOf } from './overviewService.js';
import {
  insertKnownPayouts,
  insertTestUser,
  rollupFromScratch,
  seriesFromScratch,
  storedRollup,
  storedSeries,
  type KnownPayout,
} from './overviewTesting.js';

const STATUSES: PayoutStatus[] = [
  'awaiting_approval',
  'pending',
  'unknown',
  'approved',
  'declined',
  'failed',
  'rejected',
];

const payoutArb: fc.Arbitrary<KnownPayout> = fc.record({
  // A few hours of two days, so rows share rollup keys.
  createdAt: fc
    .tuple(
      fc.integer({ min: 0, max: 1 }),
      fc.integer({ min: 0, max: 3 }),
      fc.integer({ min: 0, max: 59 }),
    )
    .map(([d, h, m]) => `2030-01-1${d}T0${h}:${String(m).padStart(2, '0')}:00.000Z`),
  country: fc.constantFrom('BE', 'US'),
  currency: fc.constantFrom('EUR', 'USD'),
  provider: fc.constantFrom('northwind_pay', 'harbor_payments'),
  type: fc.constantFrom('credit_card' as const, 'bank_account' as const),
  status: fc.constantFrom(...STATUSES),
  amount: fc.integer({ min: 1, max: 99_999 }).map((c) => (c / 100).toFixed(2)),
  finalAfter: fc.option(fc.constantFrom(0, 1, 3, 30, 61, 3600, 700_000), { nil: undefined }),
  declineCode: fc.option(fc.constantFrom('05', '51'), { nil: undefined }),
  declineReason: fc.option(fc.constantFrom('Do not honour', 'Insufficient funds'), {
    nil: undefined,
  }),
  isTest: fc.boolean(),
});

type Change =
  | { kind: 'status'; i: number; status: PayoutStatus; at: number }
  | { kind: 'lease'; i: number }
  | { kind: 'amount'; i: number; amount: string }
  | { kind: 'decline'; i: number; code: string | null }
  | { kind: 'move'; i: number; country: string; hours: number }
  | { kind: 'touch'; i: number; at: number }
  | { kind: 'delete'; i: number };

const changeArb: fc.Arbitrary<Change> = fc.oneof(
  fc.record({
    kind: fc.constant('status' as const),
    i: fc.nat(),
    status: fc.constantFrom(...STATUSES),
    at: fc.integer({ min: 0, max: 200_000 }),
  }),
  fc.record({ kind: fc.constant('lease' as const), i: fc.nat() }),
  fc.record({
    kind: fc.constant('amount' as const),
    i: fc.nat(),
    amount: fc.constantFrom('0.01', '12.34', '500'),
  }),
  fc.record({
    kind: fc.constant('decline' as const),
    i: fc.nat(),
    code: fc.option(fc.constantFrom('05', '14'), { nil: null }),
  }),
  // Another corridor or hour: the payout leaves its rows for others.
  fc.record({
    kind: fc.constant('move' as const),
    i: fc.nat(),
    country: fc.constantFrom('BE', 'US'),
    hours: fc.integer({ min: -30, max: 30 }),
  }),
  // updated_at alone: the time to final of a final payout without final_at.
  fc.record({
    kind: fc.constant('touch' as const),
    i: fc.nat(),
    at: fc.integer({ min: 0, max: 200_000 }),
  }),
  fc.record({ kind: fc.constant('delete' as const), i: fc.nat() }),
);

describe.each(testDatabaseKinds)('the overview rollup (%s)', (kind) => {
  let database: TestDatabase;
  let userId: string;
  const db = () => database.handle.db;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    userId = await insertTestUser(db(), 'rollup@example.com');
  });
  afterAll(async () => {
    await database?.close();
  });

  const expectExact = async () => {
    for (const grain of ['hour', 'day'] as const) {
      expect(await storedRollup(db(), grain)).toEqual(
        await rollupFromScratch(db(), OVERVIEW_FINAL_HIST_BOUNDS, grain),
      );
      expect(await storedSeries(db(), grain)).toEqual(
        await seriesFromScratch(db(), OVERVIEW_FINAL_HIST_BOUNDS, grain),
      );
    }
  };

  it('puts each time to final in the slot the contracts bounds name', async () => {
    const probes = OVERVIEW_FINAL_HIST_BOUNDS.flatMap((b, i) => [
      [b, i + 1],
      [b + 0.5, i + 2],
    ]);
    for (const [seconds, slot] of [[0, 1], [-3, 1], ...probes]) {
      const result: unknown = await db().execute(
        sql`select payout_stats_final_slot(${seconds}::float8) as s`,
      );
      const rows = (result as { rows: { s: number }[] }).rows;
      expect([seconds, Number(rows[0]!.s)]).toEqual([seconds, slot]);
    }
  });

  it('counts inserts, status changes through the repository (final_at from the clock) and deletes', async () => {
    const [id] = await insertKnownPayouts(db(), userId, [
      {
        createdAt: '2030-02-01T10:20:00Z',
        country: 'BE',
        currency: 'EUR',
        provider: 'northwind_pay',
        type: 'credit_card',
        status: 'pending',
        amount: '10.10',
      },
      {
        createdAt: '2030-02-01T10:40:00Z',
        country: 'BE',
        currency: 'EUR',
        provider: 'northwind_pay',
        type: 'credit_card',
        status: 'pending',
        amount: '0.90',
      },
    ]);
    await expectExact();
    const key = `${Date.parse('2030-02-01T10:00:00Z') / 1000}|BE|EUR|northwind_pay|credit_card|f`;
    expect(await storedRollup(db())).toContain(
      `${key}|pending|||2|11.00|{0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0}`,
    );

    const repo = createPayoutsRepository(db());
    const at = new Date('2030-02-01T10:21:30Z');
    await repo.change(id!, () => ({
      patch: {
        status: 'declined',
        declineCode: '51',
        declineReason: 'Insufficient funds',
        updatedAt: at,
      },
      events: [],
    }));
    const [row] = await db().select().from(payouts).where(eq(payouts.id, id!));
    expect(row!.finalAt).toEqual(at);
    await expectExact();
    // 90 s to final: the slot of (60, 120].
    expect(await storedRollup(db())).toEqual(
      expect.arrayContaining([
        `${key}|pending|||1|0.90|{0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0}`,
        `${key}|declined|51|Insufficient funds|1|10.10|{0,0,0,0,0,0,1,0,0,0,0,0,0,0,0,0,0,0}`,
      ]),
    );
    // A later touch (the lease, a check time) changes nothing, final_at included.
    await repo.change(id!, () => ({
      patch: { updatedAt: new Date('2030-02-03T00:00:00Z'), leaseOwner: null },
      events: [],
    }));
    const [again] = await db().select().from(payouts).where(eq(payouts.id, id!));
    expect(again!.finalAt).toEqual(at);
    await expectExact();

    await db().delete(payouts).where(eq(payouts.id, id!));
    await expectExact();
    expect((await storedRollup(db())).filter((r) => r.includes('declined'))).toEqual([]);
  });

  it('rebuilds to what the triggers kept', async () => {
    const hourly = await storedRollup(db(), 'hour');
    const daily = await storedRollup(db(), 'day');
    const seriesHourly = await storedSeries(db(), 'hour');
    const seriesDaily = await storedSeries(db(), 'day');
    expect(seriesDaily.length).toBeGreaterThan(0);
    await db().execute(sql`select payout_stats_rebuild()`);
    expect(await storedRollup(db(), 'hour')).toEqual(hourly);
    expect(await storedRollup(db(), 'day')).toEqual(daily);
    expect(await storedSeries(db(), 'hour')).toEqual(seriesHourly);
    expect(await storedSeries(db(), 'day')).toEqual(seriesDaily);
  });

  it('stays equal to a GROUP BY over payouts after random inserts, updates and deletes', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(payoutArb, { minLength: 1, maxLength: 12 }),
        fc.array(changeArb, { maxLength: 10 }),
        async (rows, changes) => {
          const ids = await insertKnownPayouts(db(), userId, rows);
          const live = [...ids];
          for (const change of changes) {
            if (live.length === 0) break;
            const id = live[change.i % live.length]!;
            const where = eq(payouts.id, id);
            if (change.kind === 'status') {
              const at = new Date(Date.parse('2030-01-10T00:00:00Z') + change.at * 1000);
              await createPayoutsRepository(db()).change(id, () => ({
                patch: { status: change.status, updatedAt: at },
                events: [],
              }));
            } else if (change.kind === 'lease') {
              await db()
                .update(payouts)
                .set({ leaseOwner: 'p', nextCheckAt: new Date('2030-03-01T00:00:00Z') })
                .where(where);
            } else if (change.kind === 'amount') {
              await db().update(payouts).set({ amount: change.amount }).where(where);
            } else if (change.kind === 'decline') {
              await db().update(payouts).set({ declineCode: change.code }).where(where);
            } else if (change.kind === 'move') {
              await db()
                .update(payouts)
                .set({
                  country: change.country,
                  createdAt: sql`${payouts.createdAt} + ${`${change.hours} hours`}::interval`,
                })
                .where(where);
            } else if (change.kind === 'touch') {
              const at = new Date(Date.parse('2030-01-10T00:00:00Z') + change.at * 1000);
              await db().update(payouts).set({ updatedAt: at }).where(where);
            } else {
              await db().delete(payouts).where(where);
              live.splice(live.indexOf(id), 1);
            }
          }
          await expectExact();
        },
      ),
      { numRuns: 25, seed: 15 },
    );
  });

  // Around each clock change of 2030: Berlin and New York both ways, Santiago falling back at
  // midnight (its local day runs backwards for an hour), Auckland (+13, so a UTC day's noon is
  // the next local day) and Lord Howe (a half-hour change), with partial days at both ends.
  it.each([
    ['Europe/Berlin', '2030-03-29T05:00:00Z', '2030-04-02T21:00:00Z'],
    ['Europe/Berlin', '2030-10-25T00:00:00Z', '2030-10-29T00:00:00Z'],
    ['America/New_York', '2030-03-08T00:00:00Z', '2030-03-12T00:00:00Z'],
    ['America/New_York', '2030-11-01T03:00:00Z', '2030-11-05T13:00:00Z'],
    ['America/Santiago', '2030-04-05T00:00:00Z', '2030-04-09T00:00:00Z'],
    ['America/Santiago', '2030-09-06T00:00:00Z', '2030-09-10T00:00:00Z'],
    ['Pacific/Auckland', '2030-04-05T00:00:00Z', '2030-04-09T07:00:00Z'],
    ['Australia/Lord_Howe', '2030-04-05T00:00:00Z', '2030-04-09T00:00:00Z'],
  ])(
    'moves the hours a clock change puts in another local day (%s, %s .. %s)',
    async (tz, from, to) => {
      // A payout every 50 minutes from a day before the range to a day after it.
      const first = Date.parse(from) - 86_400_000;
      const rows: KnownPayout[] = [];
      for (let at = first, i = 0; at < Date.parse(to) + 86_400_000; at += 3_000_000, i += 1) {
        rows.push({
          createdAt: new Date(at).toISOString(),
          country: i % 2 ? 'BE' : 'US',
          currency: i % 3 ? 'EUR' : 'USD',
          provider: 'northwind_pay',
          type: 'credit_card',
          status: STATUSES[i % STATUSES.length]!,
          amount: `${(i % 97) + 1}.25`,
        });
      }
      await insertKnownPayouts(db(), userId, rows);
      await expectSeriesFromPayouts(tz, from, to);
    },
  );

  it.each([
    ['UTC', '2030-01-09T20:00:00Z', '2030-01-12T03:00:00Z'],
    ['Asia/Tokyo', '2030-01-09T20:00:00Z', '2030-01-12T03:00:00Z'],
    ['America/New_York', '2030-01-10T00:00:00Z', '2030-02-02T00:00:00Z'],
    ['Asia/Kolkata', '2030-01-10T01:30:00Z', '2030-01-11T22:10:00Z'],
    ['Europe/Berlin', '2030-01-10T05:00:00Z', '2030-01-10T21:00:00Z'],
  ])(
    'reads days from the daily rollup and hours from the hourly one alike (%s, %s .. %s)',
    async (tz, from, to) => {
      await expectSeriesFromPayouts(tz, from, to);
    },
  );

  /** The day series and the totals of `from .. to` in `tz` equal a grouping of payouts. */
  const expectSeriesFromPayouts = async (tz: string, from: string, to: string) => {
    const service = createOverviewService({ repo: createOverviewRepository(db()) });
    const query = { from: new Date(from), to: new Date(to), tz, bucket: 'day' as const };
    const series = await service.timeseries(query);
    const range = hourRangeOf(query);
    // The same figures straight from payouts: each payout in the local day of its hour.
    const result: unknown = await db().execute(sql`
        select (extract(epoch from date_trunc('day', date_trunc('hour', created_at, 'UTC') at time zone ${tz}) at time zone ${tz}) * 1000)::float8 as start_ms,
          currency, count(*)::int as count, sum(amount)::text as amount
        from payouts
        where created_at >= ${range.from.toISOString()}::timestamptz
          and created_at < ${range.to.toISOString()}::timestamptz
        group by 1, 2`);
    const direct = (
      result as { rows: { start_ms: number; currency: string; count: number; amount: string }[] }
    ).rows;
    const fromSeries = series.series.flatMap((s) =>
      series.buckets.flatMap((b, i) =>
        s.count[i] === 0 ? [] : [`${b} ${s.currency} ${s.count[i]} ${Number(s.amount[i])}`],
      ),
    );
    expect(fromSeries.sort()).toEqual(
      direct
        .map(
          (r) =>
            `${new Date(Number(r.start_ms)).toISOString()} ${r.currency} ${r.count} ${Number(r.amount)}`,
        )
        .sort(),
    );
    const summary = await service.summary(query);
    const totals = new Map<string, number>();
    for (const r of direct) totals.set(r.currency, (totals.get(r.currency) ?? 0) + r.count);
    expect(summary.totals.current.map((a) => [a.currency, a.count])).toEqual(
      [...totals.entries()].sort(([a], [b]) => a.localeCompare(b)),
    );
  };
});
