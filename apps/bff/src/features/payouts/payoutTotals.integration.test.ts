import { compareAmounts, normalizeAmount, sumAmounts } from '@payouts/contracts';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/database.js';
import { readJson, startTestApp, type ApiFetch, type TestApp } from '../../testing/testApp.js';
import {
  openTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from '../../testing/testDatabase.js';
import {
  insertKnownPayouts,
  insertTestUser,
  type KnownPayout,
} from '../overview/overviewTesting.js';

const CURRENCIES = [
  ['BE', 'EUR', 'northwind_pay', 'bank_account'],
  ['GB', 'GBP', 'contoso_payouts', 'bank_account'],
  ['JP', 'JPY', 'northwind_pay', 'credit_card'],
  ['US', 'BTC', 'contoso_payouts', 'crypto'],
] as const;
const STATUSES = ['approved', 'declined', 'pending', 'awaiting_approval', 'unknown'] as const;

/** 2030-03-01 … 03-04, at minutes that fall inside hours and days, so every plan piece is used. */
function knownPayouts(): KnownPayout[] {
  return Array.from({ length: 96 }, (_, i) => {
    const [country, currency, provider, type] = CURRENCIES[i % CURRENCIES.length]!;
    const status = STATUSES[(i * 7) % STATUSES.length]!;
    const at = Date.parse('2030-03-01T00:00:00Z') + i * 47 * 60_000 + (i % 5) * 60_000;
    return {
      createdAt: new Date(at).toISOString(),
      country,
      currency,
      provider,
      type,
      status,
      amount:
        currency === 'JPY'
          ? `${1000 + i * 37}`
          : `${i + 1}.${String((i * 13) % 100).padStart(2, '0')}`,
      ...(status === 'declined'
        ? { declineCode: i % 2 === 0 ? 'insufficient_funds' : 'do_not_honor' }
        : {}),
      isTest: i % 9 === 0,
    };
  });
}

type Query = Record<string, string>;

/** What the list's every page adds up to: the totals' meaning. */
async function listedTotals(client: ApiFetch, query: Query) {
  const byCurrency = new Map<string, string[]>();
  let cursor: string | undefined;
  do {
    const params = new URLSearchParams({ ...query, limit: '100', ...(cursor ? { cursor } : {}) });
    const res = await client(`/api/payouts?${params.toString()}`);
    expect(res.status).toBe(200);
    const page = await readJson(res);
    for (const p of page.items as { currency: string; amount: string }[]) {
      byCurrency.set(p.currency, [...(byCurrency.get(p.currency) ?? []), p.amount]);
    }
    cursor = page.next_cursor ?? undefined;
  } while (cursor !== undefined);
  return [...byCurrency].map(([currency, amounts]) => ({
    currency,
    count: amounts.length,
    amount: sumAmounts(amounts),
  }));
}

/** By currency, amounts in canonical form (`138.90` and `138.9` are the same sum). */
const sorted = (rows: { currency: string; count: number; amount: string }[]) =>
  rows
    .map((row) => ({ ...row, amount: normalizeAmount(row.amount) }))
    .sort((a, b) => a.currency.localeCompare(b.currency));

describe.each(testDatabaseKinds)('GET /api/payouts/totals (%s)', (kind) => {
  let database: TestDatabase;
  let t: TestApp;
  let finance: ApiFetch;
  let support: ApiFetch;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    t = await startTestApp({ database });
    finance = await t.signIn('finance');
    support = await t.signIn('support');
    const { db } = database.handle;
    const creator = await insertTestUser(db, 'totals-creator@example.com');
    const ids = await insertKnownPayouts(db, creator, knownPayouts());
    // Open for long (created in 2026-01, before any attention cut-off), and handed to a person.
    const old = await insertKnownPayouts(
      db,
      creator,
      knownPayouts()
        .slice(0, 24)
        .map((p, i) => ({ ...p, createdAt: `2026-01-0${1 + (i % 9)}T0${i % 10}:17:00.000Z` })),
    );
    await db.execute(
      sql`update payouts set attention_reason = 'unresolved' where id in (${sql.join(
        [...ids.slice(40, 46), ...old.slice(0, 6)].map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
    );
    // Changed after creation, as the reconciler would: the rollups follow the current status.
    await db.execute(
      sql`update payouts set status = 'approved' where id in (${sql.join(
        ids.slice(0, 10).map((id) => sql`${id}::uuid`),
        sql`, `,
      )}) and status = 'pending'`,
    );
  });
  afterAll(async () => {
    await t?.close();
    await database?.close();
  });

  const instant = fc
    .oneof(
      fc.integer({
        min: Date.parse('2025-12-31T20:00:00Z'),
        max: Date.parse('2026-01-10T06:00:00Z'),
      }),
      fc.integer({
        min: Date.parse('2030-02-28T20:00:00Z'),
        max: Date.parse('2030-03-04T06:00:00Z'),
      }),
    )
    .map((ms) => new Date(ms - (ms % 60_000)).toISOString());
  /** The rollups' keys and the creation range: read from the rollups. */
  const rollupFilters = fc.record(
    {
      status: fc.subarray([...STATUSES], { minLength: 1 }).map((s) => s.join(',')),
      currency: fc.constantFrom('EUR', 'GBP', 'JPY', 'BTC'),
      provider: fc.constantFrom('northwind_pay', 'contoso_payouts'),
      country: fc.constantFrom('BE', 'GB', 'JP', 'US'),
      payout_method_type: fc.constantFrom('bank_account', 'credit_card', 'crypto'),
      decline_code: fc.constantFrom('insufficient_funds', 'do_not_honor'),
      is_test: fc.constantFrom('0', '1'),
      created_from: fc.oneof(instant, fc.constantFrom('2030-03-02')),
      created_to: fc.oneof(instant, fc.constantFrom('2030-03-03')),
    },
    { requiredKeys: [] },
  );
  /** One filter the rollups do not have: summed from the payouts. */
  const directFilter = fc.oneof(
    fc.record({ amount_min: fc.constantFrom('10', '50.5') }),
    fc.record({ q: fc.constantFrom('overview-2030-03-01', 'overview-2030-03-02T1') }),
    fc.record({ needs_attention: fc.constant('1') }),
    fc.record({ needs_my_approval: fc.constant('1') }),
  );

  async function agreesWithList(query: Query): Promise<void> {
    const res = await finance(`/api/payouts/totals?${new URLSearchParams(query).toString()}`);
    expect(res.status).toBe(200);
    const body = await readJson(res);
    const expected = await listedTotals(finance, query);
    expect(sorted(body.by_currency)).toEqual(sorted(expected));
    expect(body.count).toBe(expected.reduce((sum, row) => sum + row.count, 0));
  }

  it('adds up to what the list pages hold, from the rollups (whole days, hours, minutes)', async () => {
    await fc.assert(fc.asyncProperty(rollupFilters, agreesWithList), { numRuns: 30 });
    // A range of minutes, hours and days at both ends, with payouts in each piece.
    await agreesWithList({
      created_from: '2030-03-01T10:17:00Z',
      created_to: '2030-03-03T05:41:00Z',
    });
  });

  it('totals "needs attention" (open for long, or handed to a person) as the list does', async () => {
    await agreesWithList({ needs_attention: '1' });
    const body = await readJson(await finance('/api/payouts/totals?needs_attention=1'));
    // The old open ones and every handed-over one, old or not.
    expect(body.count).toBeGreaterThan(6);
    await agreesWithList({
      needs_attention: '1',
      status: 'approved,unknown',
      created_to: '2030-03-02',
    });
  });

  it('adds up to what the list pages hold, from the payouts (search, amount, approval, attention)', async () => {
    await fc.assert(
      fc.asyncProperty(rollupFilters, directFilter, (a, b) => agreesWithList({ ...a, ...b })),
      { numRuns: 20 },
    );
  });

  it('sums exactly, most payouts first, with every digit kept', async () => {
    const res = await finance('/api/payouts/totals?currency=EUR');
    const body = await readJson(res);
    const { db } = database.handle;
    const [row] = await rowsOf<{ count: string; amount: string }>(
      db,
      sql`select count(*)::text as count, sum(amount)::text as amount from payouts where currency = 'EUR'`,
    );
    expect(body).toEqual({
      count: Number(row!.count),
      by_currency: [{ currency: 'EUR', count: Number(row!.count), amount: row!.amount }],
    });
    const all = (await readJson(await finance('/api/payouts/totals'))) as {
      by_currency: { count: number; amount: string }[];
    };
    const counts = all.by_currency.map((c) => c.count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect(all.by_currency.every((c) => compareAmounts(c.amount, '0') > 0)).toBe(true);
  });

  it('offers the PSPs and decline codes that exist as the filters’ choices', async () => {
    const res = await support('/api/payouts/filter-options');
    expect(res.status).toBe(200);
    const body = (await readJson(res)) as {
      providers: { id: string; title: string | null; count: number }[];
      decline_codes: { code: string; reason: string | null; count: number }[];
    };
    const { db } = database.handle;
    const byProvider = await rowsOf<{ provider: string; count: string }>(
      db,
      sql`select provider, count(*)::text as count from payouts group by provider`,
    );
    for (const row of byProvider) {
      expect(body.providers.find((p) => p.id === row.provider)?.count).toBe(Number(row.count));
    }
    // A configured PSP without payouts is offered too, by its name.
    expect(body.providers.some((p) => p.count === 0 && p.title !== null)).toBe(true);
    const declines = await rowsOf<{ code: string; count: string }>(
      db,
      sql`select decline_code as code, count(*)::text as count from payouts
        where decline_code is not null group by decline_code order by count(*) desc, decline_code`,
    );
    expect(body.decline_codes.map((d) => [d.code, d.count])).toEqual(
      declines.map((d) => [d.code, Number(d.count)]),
    );
    expect((await support('/api/payouts/filter-options?provider=x')).status).toBe(422);
  });

  it('answers nothing awaiting support, who approve nothing', async () => {
    const res = await support('/api/payouts/totals?needs_my_approval=1');
    expect(await readJson(res)).toEqual({ count: 0, by_currency: [] });
  });

  it.each([
    ['sort=amount', '/sort'],
    ['limit=10', '/limit'],
    ['created_from=yesterday', '/created_from'],
    ['amount_min=1e3', '/amount_min'],
    ['status=paid', '/status/0'],
  ])('refuses %s with a 422 naming it', async (query, pointer) => {
    const res = await finance(`/api/payouts/totals?${query}`);
    expect(res.status).toBe(422);
    const body = (await readJson(res)) as { errors: { pointer: string }[] };
    expect(body.errors.map((e) => e.pointer)).toContain(pointer);
  });
});
