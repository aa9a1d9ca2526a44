import type {
  OverviewDeclinesDto,
  OverviewProvidersDto,
  OverviewSummaryDto,
  OverviewTimeseriesDto,
} from '@payouts/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payouts, users } from '../../db/schema.js';
import { tableHashes } from '../../testing/fuzz/dbSnapshot.js';
import { startTestApp, type ApiFetch, type TestApp } from '../../testing/testApp.js';
import {
  openTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from '../../testing/testDatabase.js';
import { insertKnownPayouts, type KnownPayout } from './overviewTesting.js';

const EUR_CC = {
  country: 'BE',
  currency: 'EUR',
  provider: 'northwind_pay',
  type: 'credit_card',
} as const;
const EUR_BA = {
  country: 'BE',
  currency: 'EUR',
  provider: 'northwind_pay',
  type: 'bank_account',
} as const;
const USD_BA = {
  country: 'US',
  currency: 'USD',
  provider: 'harbor_payments',
  type: 'bank_account',
} as const;
const JPY_BA = {
  country: 'JP',
  currency: 'JPY',
  provider: 'meridian_transfers',
  type: 'bank_account',
} as const;

/** Known payouts: 11 in 2030-01-10..12 (UTC), one in the two days before. */
const KNOWN: KnownPayout[] = [
  {
    ...EUR_CC,
    createdAt: '2030-01-10T10:15:00Z',
    status: 'approved',
    amount: '10.50',
    finalAfter: 30,
  },
  {
    ...EUR_CC,
    createdAt: '2030-01-10T10:45:00Z',
    status: 'declined',
    amount: '5.25',
    finalAfter: 90,
    declineCode: '51',
    declineReason: 'Insufficient funds',
  },
  // 23:30 UTC on the 10th is 08:30 on the 11th in Tokyo.
  {
    ...USD_BA,
    createdAt: '2030-01-10T23:30:00Z',
    status: 'approved',
    amount: '100.00',
    finalAfter: 4000,
  },
  {
    ...USD_BA,
    createdAt: '2030-01-11T01:00:00Z',
    status: 'failed',
    amount: '7.00',
    finalAfter: 10,
  },
  {
    ...EUR_CC,
    createdAt: '2030-01-11T02:00:00Z',
    status: 'pending',
    amount: '1.10',
    updatedAfter: 50,
  },
  {
    ...EUR_CC,
    createdAt: '2030-01-11T03:00:00Z',
    status: 'declined',
    amount: '2.00',
    finalAfter: 400,
    declineCode: '51',
    declineReason: 'Not enough money',
  },
  {
    ...EUR_BA,
    createdAt: '2030-01-11T04:00:00Z',
    status: 'declined',
    amount: '3.00',
    finalAfter: 400,
    declineCode: '05',
    declineReason: 'Do not honour',
  },
  {
    ...EUR_CC,
    createdAt: '2030-01-11T05:00:00Z',
    status: 'declined',
    amount: '4.00',
    finalAfter: 400,
    declineCode: '51',
    declineReason: 'Insufficient funds',
  },
  // A lab test payout, declined without a code; its final_at missing (updated_at stands in).
  {
    ...EUR_CC,
    createdAt: '2030-01-11T06:00:00Z',
    status: 'declined',
    amount: '0.99',
    updatedAfter: 5000,
    isTest: true,
  },
  { ...USD_BA, createdAt: '2030-01-11T07:00:00Z', status: 'unknown', amount: '50.00' },
  { ...JPY_BA, createdAt: '2030-01-11T08:00:00Z', status: 'awaiting_approval', amount: '1000' },
  {
    ...EUR_CC,
    createdAt: '2030-01-09T12:00:00Z',
    status: 'approved',
    amount: '20.00',
    finalAfter: 60,
  },
];

const RANGE = 'from=2030-01-10T00:00:00Z&to=2030-01-12T00:00:00Z';
const amount = (currency: string, count: number, sum: string) => ({ currency, count, amount: sum });

describe.each(testDatabaseKinds)('the overview API (%s)', (kind) => {
  let database: TestDatabase;
  let t: TestApp;
  let support: ApiFetch;
  const get = async <T>(path: string): Promise<T> => {
    const res = await support(path);
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as T;
  };

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    t = await startTestApp({ database });
    support = await t.signIn('support');
    const [creator] = await database.handle.db.select({ id: users.id }).from(users).limit(1);
    await insertKnownPayouts(database.handle.db, creator!.id, KNOWN);
  });
  afterAll(async () => {
    await t?.close();
    await database?.close();
  });

  it('sums per status and currency, with the previous period of the same length', async () => {
    const body = await get<OverviewSummaryDto>(
      `/api/overview/summary?from=2030-01-10T00:20:00Z&to=2030-01-11T23:10:00Z`,
    );
    // Rounded to whole hours: from down, to up.
    expect(body).toMatchObject({
      from: '2030-01-10T00:00:00.000Z',
      to: '2030-01-12T00:00:00.000Z',
      previous_from: '2030-01-08T00:00:00.000Z',
      previous_to: '2030-01-10T00:00:00.000Z',
    });
    const byStatus = Object.fromEntries(body.statuses.map((s) => [s.status, s]));
    expect(body.statuses.map((s) => s.status)).toEqual([
      'awaiting_approval',
      'rejected',
      'submitting',
      'pending',
      'in_process',
      'authorized',
      'approved',
      'declined',
      'failed',
      'unknown',
      'unrecognized',
    ]);
    expect(byStatus.approved).toEqual({
      status: 'approved',
      current: [amount('EUR', 1, '10.50'), amount('USD', 1, '100.00')],
      previous: [amount('EUR', 1, '20.00')],
    });
    expect(byStatus.declined!.current).toEqual([amount('EUR', 5, '15.24')]);
    expect(byStatus.failed!.current).toEqual([amount('USD', 1, '7.00')]);
    expect(byStatus.pending!.current).toEqual([amount('EUR', 1, '1.10')]);
    expect(byStatus.unknown!.current).toEqual([amount('USD', 1, '50.00')]);
    expect(byStatus.awaiting_approval!.current).toEqual([amount('JPY', 1, '1000')]);
    expect(byStatus.rejected).toEqual({ status: 'rejected', current: [], previous: [] });
    expect(body.totals).toEqual({
      current: [amount('EUR', 7, '26.84'), amount('JPY', 1, '1000'), amount('USD', 3, '157.00')],
      previous: [amount('EUR', 1, '20.00')],
    });
  });

  it('filters by corridor, PSP, type and test payouts', async () => {
    const totals = async (filter: string) =>
      (await get<OverviewSummaryDto>(`/api/overview/summary?${RANGE}&${filter}`)).totals.current;
    expect(await totals('country=US')).toEqual([amount('USD', 3, '157.00')]);
    expect(await totals('currency=EUR')).toEqual([amount('EUR', 7, '26.84')]);
    expect(await totals('provider=harbor_payments')).toEqual([amount('USD', 3, '157.00')]);
    expect(await totals('payout_method_type=bank_account')).toEqual([
      amount('EUR', 1, '3.00'),
      amount('JPY', 1, '1000'),
      amount('USD', 3, '157.00'),
    ]);
    expect(await totals('is_test=1')).toEqual([amount('EUR', 1, '0.99')]);
    expect(await totals('is_test=0&currency=EUR')).toEqual([amount('EUR', 6, '25.85')]);
    expect(await totals('country=US&currency=EUR')).toEqual([]);
  });

  it('has every hour of a two-day range, zeros included, one series per currency', async () => {
    const body = await get<OverviewTimeseriesDto>(`/api/overview/timeseries?${RANGE}`);
    expect(body.bucket).toBe('hour');
    expect(body.tz).toBe('UTC');
    expect(body.buckets).toHaveLength(48);
    expect(body.buckets[0]).toBe('2030-01-10T00:00:00.000Z');
    expect(body.buckets[47]).toBe('2030-01-11T23:00:00.000Z');
    expect(body.series.map((s) => s.currency)).toEqual(['EUR', 'JPY', 'USD']);
    const eur = body.series[0]!;
    expect(eur.count[10]).toBe(2);
    expect(eur.amount[10]).toBe('15.75');
    expect(eur.failed[10]).toBe(1);
    expect(eur.count[9]).toBe(0);
    expect(eur.amount[9]).toBe('0');
    const usd = body.series[2]!;
    expect(usd.count.reduce((a, b) => a + b, 0)).toBe(3);
    expect(usd.unknown[31]).toBe(1);
    expect(usd.failed[25]).toBe(1);
  });

  it('buckets days in the asked time zone (Tokyo moves a payout to the next day)', async () => {
    const utc = await get<OverviewTimeseriesDto>(`/api/overview/timeseries?${RANGE}&bucket=day`);
    expect(utc.buckets).toEqual(['2030-01-10T00:00:00.000Z', '2030-01-11T00:00:00.000Z']);
    const usdUtc = utc.series.find((s) => s.currency === 'USD');
    expect(usdUtc).toEqual({
      currency: 'USD',
      count: [1, 2],
      amount: ['100.00', '57.00'],
      failed: [0, 1],
      unknown: [0, 1],
    });
    const eurUtc = utc.series.find((s) => s.currency === 'EUR')!;
    expect(eurUtc.count).toEqual([2, 5]);
    expect(eurUtc.amount).toEqual(['15.75', '11.09']);

    const tokyo = await get<OverviewTimeseriesDto>(
      `/api/overview/timeseries?${RANGE}&bucket=day&tz=Asia/Tokyo`,
    );
    expect(tokyo.tz).toBe('Asia/Tokyo');
    expect(tokyo.buckets).toEqual([
      '2030-01-09T15:00:00.000Z',
      '2030-01-10T15:00:00.000Z',
      '2030-01-11T15:00:00.000Z',
    ]);
    const usdTokyo = tokyo.series.find((s) => s.currency === 'USD');
    expect(usdTokyo).toEqual({
      currency: 'USD',
      count: [0, 3, 0],
      amount: ['0', '157.00', '0'],
      failed: [0, 1, 0],
      unknown: [0, 1, 0],
    });

    // Longer than two days: day buckets unless asked.
    const week = await get<OverviewTimeseriesDto>(
      '/api/overview/timeseries?from=2030-01-05T00:00:00Z&to=2030-01-12T00:00:00Z',
    );
    expect(week.bucket).toBe('day');
    expect(week.buckets).toHaveLength(7);
    expect(week.series.find((s) => s.currency === 'EUR')!.count).toEqual([0, 0, 0, 0, 1, 2, 5]);
  });

  it('rates PSPs and types with the median time to a final status', async () => {
    const body = await get<OverviewProvidersDto>(`/api/overview/providers?${RANGE}`);
    expect(body.rows).toEqual([
      {
        provider: 'northwind_pay',
        provider_title: 'Northwind Pay',
        payout_method_type: 'credit_card',
        total: 6,
        final: 5,
        approved: 1,
        declined: 4,
        failed: 0,
        success_rate: 0.2,
        // 30 s, 90 s, 400 s, 400 s, 5000 s: the middle one interpolated in (300, 600].
        median_seconds_to_final: 375,
      },
      {
        provider: 'harbor_payments',
        provider_title: 'Harbor Payments',
        payout_method_type: 'bank_account',
        total: 3,
        final: 2,
        approved: 1,
        declined: 0,
        failed: 1,
        success_rate: 0.5,
        median_seconds_to_final: 10,
      },
      {
        provider: 'meridian_transfers',
        provider_title: 'Meridian Transfers',
        payout_method_type: 'bank_account',
        total: 1,
        final: 0,
        approved: 0,
        declined: 0,
        failed: 0,
        success_rate: null,
        median_seconds_to_final: null,
      },
      {
        provider: 'northwind_pay',
        provider_title: 'Northwind Pay',
        payout_method_type: 'bank_account',
        total: 1,
        final: 1,
        approved: 0,
        declined: 1,
        failed: 0,
        success_rate: 0,
        median_seconds_to_final: 450,
      },
    ]);
    const cards = await get<OverviewProvidersDto>(
      `/api/overview/providers?${RANGE}&payout_method_type=credit_card&is_test=0`,
    );
    expect(cards.rows).toHaveLength(1);
    expect(cards.rows[0]).toMatchObject({ total: 5, declined: 3, success_rate: 0.25 });
  });

  it('lists the top decline codes with their most frequent reason and share', async () => {
    expect(await get<OverviewDeclinesDto>(`/api/overview/declines?${RANGE}`)).toEqual({
      total_declined: 5,
      rows: [
        { decline_code: '51', decline_reason: 'Insufficient funds', count: 3, share: 0.6 },
        { decline_code: null, decline_reason: null, count: 1, share: 0.2 },
        { decline_code: '05', decline_reason: 'Do not honour', count: 1, share: 0.2 },
      ],
    });
    expect(
      await get<OverviewDeclinesDto>(
        `/api/overview/declines?${RANGE}&payout_method_type=bank_account`,
      ),
    ).toEqual({
      total_declined: 1,
      rows: [{ decline_code: '05', decline_reason: 'Do not honour', count: 1, share: 1 }],
    });
    expect(await get<OverviewDeclinesDto>(`/api/overview/declines?${RANGE}&country=US`)).toEqual({
      total_declined: 0,
      rows: [],
    });
  });

  it('follows a status change and a deletion', async () => {
    const db = database.handle.db;
    const [pending] = await db.select().from(payouts).where(eq(payouts.status, 'pending'));
    await db
      .update(payouts)
      .set({
        status: 'approved',
        updatedAt: new Date('2030-01-11T02:00:20Z'),
        finalAt: new Date('2030-01-11T02:00:20Z'),
      })
      .where(eq(payouts.id, pending!.id));
    const summary = await get<OverviewSummaryDto>(`/api/overview/summary?${RANGE}`);
    const of = (status: string) => summary.statuses.find((s) => s.status === status)!.current;
    expect(of('pending')).toEqual([]);
    expect(of('approved')).toEqual([amount('EUR', 2, '11.60'), amount('USD', 1, '100.00')]);
    expect(summary.totals.current[0]).toEqual(amount('EUR', 7, '26.84'));

    await db.delete(payouts).where(eq(payouts.currency, 'JPY'));
    const after = await get<OverviewSummaryDto>(`/api/overview/summary?${RANGE}`);
    expect(after.totals.current.map((a) => a.currency)).toEqual(['EUR', 'USD']);
  });

  it.each([
    ['from after to', 'from=2030-01-12T00:00:00Z&to=2030-01-10T00:00:00Z', '/to'],
    ['over 400 days', 'from=2029-01-01T00:00:00Z&to=2030-02-06T00:00:00Z', '/to'],
    ['a zone that does not exist', `${RANGE}&tz=Mars/Olympus_Mons`, '/tz'],
    ['an unknown parameter', `${RANGE}&colour=red`, '/colour'],
    ['no offset', 'from=2030-01-10T00:00:00&to=2030-01-12T00:00:00Z', '/from'],
    ['a bad bucket', `${RANGE}&bucket=week`, '/bucket'],
    ['a bad test flag', `${RANGE}&is_test=yes`, '/is_test'],
  ])(
    'refuses %s with a 422 naming the field, and writes nothing',
    async (_name, query, pointer) => {
      const before = await tableHashes(database.handle.db);
      for (const route of ['summary', 'timeseries', 'providers', 'declines']) {
        const res = await support(`/api/overview/${route}?${query}`);
        expect(res.status).toBe(422);
        expect(res.headers.get('content-type')).toContain('application/problem+json');
        const body = (await res.json()) as { code: string; errors: { pointer: string }[] };
        expect(body.code).toBe('validation_failed');
        expect(body.errors.map((e) => e.pointer)).toContain(pointer);
      }
      expect(await tableHashes(database.handle.db)).toEqual(before);
    },
  );
});
