// @vitest-environment node
import fc from 'fast-check';
import { PAYOUT_METHOD_TYPES, PAYOUT_STATUSES } from '@payouts/contracts';
import { describe, expect, it } from 'vitest';
import { datePresetRange, toLocalDate } from './datePresets.js';
import {
  DEFAULT_LIST_PARAMS,
  EMPTY_FILTERS,
  hasActiveFilters,
  parsePayoutListParams,
  toApiQuery,
  toSearchParams,
  type PayoutListParams,
} from './payoutListParams.js';
import { listPollInterval } from './usePayouts.js';
import { buildPayout } from '../../testing/buildPayout.js';

const date = fc
  .date({ min: new Date(2000, 0, 1), max: new Date(2099, 11, 31), noInvalidDate: true })
  .map(toLocalDate);
const instant = fc
  .date({ min: new Date(2000, 0, 1), max: new Date(2099, 11, 31), noInvalidDate: true })
  .map((d) => d.toISOString());
const decimal = fc
  .tuple(
    fc.bigInt({ min: 0n, max: 10n ** 15n - 1n }),
    fc.option(fc.stringMatching(/^[0-9]{1,18}$/)),
  )
  .map(([int, frac]) => (frac === null ? String(int) : `${int}.${frac}`));
const country = fc.stringMatching(/^[A-Z]{2}$/);
const currency = fc.stringMatching(/^[A-Z][A-Z0-9]{1,9}$/);

const params: fc.Arbitrary<PayoutListParams> = fc.record({
  filters: fc.record({
    status: fc.subarray([...PAYOUT_STATUSES]),
    provider: fc.oneof(fc.constant(''), fc.stringMatching(/^[a-z][a-z0-9_]{0,20}$/)),
    payout_method_type: fc.constantFrom('' as const, ...PAYOUT_METHOD_TYPES),
    currency: fc.oneof(fc.constant(''), currency),
    country: fc.oneof(fc.constant(''), country),
    created_from: fc.oneof(fc.constant(''), date, instant),
    created_to: fc.oneof(fc.constant(''), date, instant),
    amount_min: fc.oneof(fc.constant(''), decimal),
    amount_max: fc.oneof(fc.constant(''), decimal),
    q: fc.oneof(
      fc.constant(''),
      fc.string({ maxLength: 40 }).map((s) => s.trim()),
    ),
    is_test: fc.constantFrom('' as const, '0' as const, '1' as const),
    needs_my_approval: fc.boolean(),
    needs_attention: fc.boolean(),
    beneficiary_id: fc.oneof(fc.constant(''), fc.uuid()),
    decline_code: fc.oneof(fc.constant(''), fc.stringMatching(/^[a-z][a-z0-9_]{0,30}$/)),
  }),
  sort: fc.constantFrom('created_at' as const, 'amount' as const),
  order: fc.constantFrom('asc' as const, 'desc' as const),
});

describe('payout list URL parameters', () => {
  it('survive a round trip through the URL unchanged', () => {
    fc.assert(
      fc.property(params, (p) => {
        const url = new URLSearchParams(toSearchParams(p).toString());
        expect(parsePayoutListParams(url)).toEqual(p);
      }),
    );
  });

  it('keep a beneficiary filter only when it is a uuid', () => {
    const id = '0b7a3c1e-9f2d-4c6b-8a1e-2d3f4a5b6c7d';
    const params = parsePayoutListParams(new URLSearchParams(`beneficiary_id=${id}`));
    expect(params.filters).toEqual({ ...EMPTY_FILTERS, beneficiary_id: id });
    expect(toApiQuery(params)).toMatchObject({ beneficiary_id: id });
    expect(
      parsePayoutListParams(new URLSearchParams('beneficiary_id=nope')).filters.beneficiary_id,
    ).toBe('');
  });

  it('keep the four-eyes filters in the URL and send them as the BFF names them', () => {
    const params = parsePayoutListParams(
      new URLSearchParams('needs_my_approval=1&needs_attention=1'),
    );
    expect(params.filters).toEqual({
      ...EMPTY_FILTERS,
      needs_my_approval: true,
      needs_attention: true,
    });
    expect(toSearchParams(params).toString()).toBe('needs_my_approval=1&needs_attention=1');
    expect(toApiQuery(params)).toMatchObject({ needs_my_approval: '1', needs_attention: '1' });
    expect(parsePayoutListParams(new URLSearchParams('needs_my_approval=yes')).filters).toEqual(
      EMPTY_FILTERS,
    );
  });

  it('show test payouts by default, and hide them or show only them on request', () => {
    // The default asks for everything: no test filter in the URL nor in the API query.
    expect(DEFAULT_LIST_PARAMS.filters.is_test).toBe('');
    expect(toApiQuery(DEFAULT_LIST_PARAMS)).not.toHaveProperty('is_test');
    expect(toApiQuery(DEFAULT_LIST_PARAMS)).not.toHaveProperty('include_test');
    for (const value of ['0', '1'] as const) {
      const params = parsePayoutListParams(new URLSearchParams(`is_test=${value}`));
      expect(params.filters).toEqual({ ...EMPTY_FILTERS, is_test: value });
      expect(toSearchParams(params).toString()).toBe(`is_test=${value}`);
      expect(toApiQuery(params)).toMatchObject({ is_test: value });
      expect(hasActiveFilters(params.filters)).toBe(true);
    }
    for (const old of ['is_test=yes', 'is_test=', 'include_test=1', 'include_test=0']) {
      const params = parsePayoutListParams(new URLSearchParams(old));
      expect(params.filters.is_test).toBe('');
      expect(toApiQuery(params)).not.toHaveProperty('include_test');
    }
  });

  it('leave defaults out, so the plain list has a plain URL', () => {
    expect(toSearchParams(DEFAULT_LIST_PARAMS).toString()).toBe('');
  });

  it('drop what is malformed instead of sending it', () => {
    const parsed = parsePayoutListParams(
      new URLSearchParams(
        'status=pending,bogus&payout_method_type=cash&created_from=2026-02-30&amount_min=1e3&sort=name&order=up&currency=eur',
      ),
    );
    expect(parsed).toEqual({
      ...DEFAULT_LIST_PARAMS,
      filters: { ...EMPTY_FILTERS, status: ['pending'], currency: 'EUR' },
    });
  });

  it('drop a country or currency code the BFF would refuse (its patterns, from the contract)', () => {
    const parsed = parsePayoutListParams(new URLSearchParams('country=bel&currency=1EU'));
    expect(parsed.filters).toMatchObject({ country: '', currency: '' });
    expect(toApiQuery(parsed)).not.toHaveProperty('country');
    const kept = parsePayoutListParams(new URLSearchParams('country=be&currency=usdt'));
    expect(kept.filters).toMatchObject({ country: 'BE', currency: 'USDT' });
  });

  it('send the created range as instants covering whole local days', () => {
    const query = toApiQuery(
      {
        ...DEFAULT_LIST_PARAMS,
        filters: { ...EMPTY_FILTERS, created_from: '2026-11-01', created_to: '2026-11-20' },
      },
      { limit: 25 },
    );
    expect(query.created_from).toBe(new Date(2026, 10, 1).toISOString());
    expect(query.created_to).toBe(new Date(2026, 10, 21, 0, 0, 0, -1).toISOString());
    expect(query).toMatchObject({ sort: 'created_at', order: 'desc', limit: '25' });
  });
});

describe('links from the overview', () => {
  it('keep a decline code and send it as the BFF names it', () => {
    const params = parsePayoutListParams(new URLSearchParams('decline_code=insufficient_funds'));
    expect(params.filters).toEqual({ ...EMPTY_FILTERS, decline_code: 'insufficient_funds' });
    expect(toSearchParams(params).toString()).toBe('decline_code=insufficient_funds');
    expect(toApiQuery(params)).toMatchObject({ decline_code: 'insufficient_funds' });
    expect(
      parsePayoutListParams(new URLSearchParams('decline_code=%01x')).filters.decline_code,
    ).toBe('');
  });

  it('take exact instants (an hour bucket) as well as days, and send them unchanged', () => {
    const params = parsePayoutListParams(
      new URLSearchParams(
        'created_from=2026-11-25T14:00:00.000Z&created_to=2026-11-25T15:00:00%2B01:00',
      ),
    );
    expect(params.filters).toMatchObject({
      created_from: '2026-11-25T14:00:00.000Z',
      created_to: '2026-11-25T15:00:00+01:00',
    });
    expect(toApiQuery(params)).toMatchObject({
      created_from: '2026-11-25T14:00:00.000Z',
      created_to: '2026-11-25T15:00:00+01:00',
    });
    // A hand-typed `+` arrives as a space.
    expect(
      parsePayoutListParams(new URLSearchParams('created_from=2026-11-25T15:00+01:00')).filters
        .created_from,
    ).toBe('2026-11-25T15:00+01:00');
    for (const bad of ['2026-11-25T14:00', '2026-13-25T14:00:00Z', '2026-11-25T14:00:00+1']) {
      const search = new URLSearchParams({ created_from: bad });
      expect(parsePayoutListParams(search).filters.created_from).toBe('');
    }
  });
});

describe('datePresetRange', () => {
  const now = new Date(2026, 10, 20, 15, 30);
  it.each([
    ['today', '2026-11-20', '2026-11-20'],
    ['last7', '2026-11-14', '2026-11-20'],
    ['last30', '2026-10-22', '2026-11-20'],
    ['thisMonth', '2026-11-01', '2026-11-20'],
  ] as const)('%s', (preset, from, to) => {
    expect(datePresetRange(preset, now)).toEqual({ from, to });
  });
});

describe('listPollInterval', () => {
  it('polls while a row can still change and stops when all are final', () => {
    const final = [buildPayout({ status: 'approved' }), buildPayout({ status: 'declined' })];
    expect(listPollInterval({ items: final, next_cursor: null })).toBe(false);
    expect(
      listPollInterval({
        items: [...final, buildPayout({ status: 'pending' })],
        next_cursor: null,
      }),
    ).toBe(5000);
    expect(listPollInterval(undefined)).toBe(false);
  });
});
