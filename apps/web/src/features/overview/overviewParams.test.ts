// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { addDays, dateInZone, startOfDayInZone } from '../../components/zonedTime.js';
import { addDecimals, combine, percentChange } from './overviewFigures.js';
import {
  DEFAULT_OVERVIEW_PARAMS,
  parseOverviewParams,
  payoutsListLink,
  rangeInterval,
  toOverviewQuery,
  toOverviewSearch,
  withoutFilters,
} from './overviewParams.js';

describe('overview params', () => {
  it('round-trips the range and filters through the URL, dropping what is malformed', () => {
    const search = new URLSearchParams(
      'range=custom&from=2026-11-01&to=2026-11-10&country=be&currency=eur&provider=acme_pay&payout_method_type=bank_account&is_test=0',
    );
    const params = parseOverviewParams(search);
    expect(params).toEqual({
      range: 'custom',
      from: '2026-11-01',
      to: '2026-11-10',
      country: 'BE',
      currency: 'EUR',
      provider: 'acme_pay',
      payout_method_type: 'bank_account',
      is_test: '0',
    });
    expect(parseOverviewParams(toOverviewSearch(params))).toEqual(params);
    expect(toOverviewSearch(DEFAULT_OVERVIEW_PARAMS).toString()).toBe('');

    expect(
      parseOverviewParams(
        new URLSearchParams(
          'range=custom&from=2026-11-10&to=2026-11-01&country=BE&provider=a%20b&payout_method_type=cash&is_test=2',
        ),
      ),
    ).toEqual(DEFAULT_OVERVIEW_PARAMS);
    expect(parseOverviewParams(new URLSearchParams('range=forever')).range).toBe('7d');
  });

  it('computes ranges in the user’s zone and sends them as instants with the zone', () => {
    const seven = rangeInterval(
      { ...DEFAULT_OVERVIEW_PARAMS, range: '7d' },
      'Europe/Berlin',
      '2026-11-26',
    );
    expect(seven.from.toISOString()).toBe('2026-11-19T23:00:00.000Z');
    expect(seven.to.toISOString()).toBe('2026-11-26T23:00:00.000Z');
    const today = rangeInterval(
      { ...DEFAULT_OVERVIEW_PARAMS, range: 'today' },
      'America/New_York',
      '2026-11-26',
    );
    expect(today.from.toISOString()).toBe('2026-11-26T05:00:00.000Z');
    expect(today.to.toISOString()).toBe('2026-11-27T05:00:00.000Z');
    expect(
      toOverviewQuery(
        { ...DEFAULT_OVERVIEW_PARAMS, country: 'BE', currency: 'EUR', is_test: '1' },
        today,
        'America/New_York',
      ),
    ).toEqual({
      from: '2026-11-26T05:00:00.000Z',
      to: '2026-11-27T05:00:00.000Z',
      tz: 'America/New_York',
      country: 'BE',
      currency: 'EUR',
      is_test: '1',
    });
  });

  it('links to the list with the page filters, the range as instants and the element’s own', () => {
    const params = {
      ...DEFAULT_OVERVIEW_PARAMS,
      country: 'BE',
      currency: 'EUR',
      is_test: '0' as const,
    };
    const interval = {
      from: new Date('2026-11-19T23:00:00.000Z'),
      to: new Date('2026-11-26T23:00:00.000Z'),
    };
    const link = new URL(
      payoutsListLink(params, interval, { status: ['declined'], decline_code: 'R05' }),
      'http://x',
    );
    expect(link.pathname).toBe('/payouts');
    expect(Object.fromEntries(link.searchParams)).toEqual({
      status: 'declined',
      decline_code: 'R05',
      created_from: '2026-11-19T23:00:00.000Z',
      created_to: '2026-11-26T22:59:59.999Z',
      country: 'BE',
      currency: 'EUR',
      is_test: '0',
    });
  });
});

describe('zoned dates', () => {
  it('finds local midnight on the days clocks change', () => {
    // Berlin: CET to CEST on 29 March 2026, back on 25 October.
    expect(startOfDayInZone('2026-03-29', 'Europe/Berlin').toISOString()).toBe(
      '2026-03-28T23:00:00.000Z',
    );
    expect(startOfDayInZone('2026-03-30', 'Europe/Berlin').toISOString()).toBe(
      '2026-03-29T22:00:00.000Z',
    );
    expect(startOfDayInZone('2026-10-26', 'Europe/Berlin').toISOString()).toBe(
      '2026-10-25T23:00:00.000Z',
    );
    expect(startOfDayInZone('2026-11-26', 'Asia/Kolkata').toISOString()).toBe(
      '2026-11-25T18:30:00.000Z',
    );
    expect(dateInZone(new Date('2026-11-26T23:30:00Z'), 'Europe/Berlin')).toBe('2026-11-27');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});

describe('overview figures', () => {
  it('adds decimal strings exactly and per currency, never across currencies', () => {
    expect(addDecimals([])).toBe('0');
    expect(addDecimals(['0.1', '0.2'])).toBe('0.3');
    expect(addDecimals(['10.50', '0.25', '3'])).toBe('13.75');
    expect(addDecimals(['99999999999999.99', '0.01'])).toBe('100000000000000');
    expect(addDecimals(['0.000000000000000001', '1'])).toBe('1.000000000000000001');
    const figures = combine(
      [
        { currency: 'EUR', count: 2, amount: '10.50' },
        { currency: 'USD', count: 1, amount: '3' },
        { currency: 'EUR', count: 1, amount: '0.25' },
      ],
      [{ currency: 'EUR', count: 1, amount: '5' }],
    );
    expect(figures).toEqual({
      count: 4,
      previousCount: 1,
      currencies: [
        { currency: 'EUR', count: 3, amount: '10.75', previousCount: 1, previousAmount: '5' },
        { currency: 'USD', count: 1, amount: '3', previousCount: 0, previousAmount: '0' },
      ],
    });
  });

  it('gives the change in whole percent, none against nothing', () => {
    expect(percentChange(15, 10)).toBe(50);
    expect(percentChange('10.75', '5')).toBe(115);
    expect(percentChange(5, 10)).toBe(-50);
    expect(percentChange(3, 0)).toBeNull();
  });
});

describe('clearing the filters', () => {
  it('keeps the range and drops every filter', () => {
    expect(
      withoutFilters({
        ...DEFAULT_OVERVIEW_PARAMS,
        range: 'custom',
        from: '2026-11-01',
        to: '2026-11-07',
        country: 'DE',
        currency: 'EUR',
        provider: 'northwind_pay',
        payout_method_type: 'bank_account',
        is_test: '0',
      }),
    ).toEqual({
      ...DEFAULT_OVERVIEW_PARAMS,
      range: 'custom',
      from: '2026-11-01',
      to: '2026-11-07',
    });
  });
});
