import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import type { PayoutListQueryParams } from './payoutListParams.js';
import { payoutExportQuery, payoutListQuery } from './payoutListQuery.js';

describe('the payouts list query', () => {
  it('names the same parameters as the SPA sends (checked by tsc)', () => {
    expectTypeOf<keyof PayoutListQueryParams>().toEqualTypeOf<
      keyof z.input<typeof payoutListQuery>
    >();
  });

  it('gives the defaults for an empty query', () => {
    expect(payoutListQuery.parse({})).toEqual({ sort: 'created_at', order: 'desc', limit: 25 });
  });

  it('reads statuses, codes, amounts and a whole last day', () => {
    const q = payoutListQuery.parse({
      status: 'pending,approved,',
      country: ' be ',
      currency: 'usdt',
      amount_min: '10.5',
      created_from: '2030-01-01',
      created_to: '2030-01-31',
      limit: '100',
    });
    expect(q.status).toEqual(['pending', 'approved']);
    expect(q.country).toBe('BE');
    expect(q.currency).toBe('USDT');
    expect(q.amount_min).toBe('10.5');
    expect(q.created_from).toEqual(new Date('2030-01-01T00:00:00.000Z'));
    expect(q.created_to).toEqual(new Date('2030-02-01T00:00:00.000Z'));
    expect(q.limit).toBe(100);
  });

  it('reads a status list with spaces and repeats as each status once', () => {
    expect(payoutListQuery.parse({ status: ' pending , pending,approved' }).status).toEqual([
      'pending',
      'approved',
    ]);
    expect(payoutListQuery.safeParse({ status: 'pending,nope' }).success).toBe(false);
  });

  it('takes an instant with its offset as that exact instant', () => {
    const q = payoutListQuery.parse({ created_to: '2030-01-31T23:59:59.999+01:00' });
    expect(q.created_to).toEqual(new Date('2030-01-31T22:59:59.999Z'));
  });

  it.each([
    ['status', 'paid'],
    ['amount_min', '-1'],
    ['amount_max', '1e3'],
    ['country', 'BEL'],
    ['currency', 'E'],
    ['created_from', '2030-02-30'],
    ['limit', '101'],
    ['limit', '0'],
    ['sort', 'status'],
    ['include_test', 'yes'],
    ['is_test', 'true'],
    ['unknown', '1'],
  ])('refuses %s=%s', (key, value) => {
    const result = payoutListQuery.safeParse({ [key]: value });
    expect(result.success).toBe(false);
    // A bad value names its parameter in the path; an unknown one in `keys`.
    const [issue] = result.error?.issues ?? [];
    expect(issue?.code === 'unrecognized_keys' ? issue.keys : issue?.path.slice(0, 1)).toEqual([
      key,
    ]);
  });

  it('has no cursor or limit in the export', () => {
    expect(payoutExportQuery.safeParse({ limit: '10' }).success).toBe(false);
    expect(payoutExportQuery.safeParse({ cursor: 'x' }).success).toBe(false);
    expect(payoutExportQuery.parse({})).toEqual({ sort: 'created_at', order: 'desc' });
  });
});
