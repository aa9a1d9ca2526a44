import type {
  OverviewDeclinesDto,
  OverviewProvidersDto,
  OverviewQueryParams,
  OverviewSummaryDto,
  OverviewTimeseriesDto,
} from '@payouts/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TIME_ZONE_STORAGE_KEY } from '../../app/useTimeZone.js';
import {
  apiError,
  createFakeApi,
  SUPPORT_USER,
  type FakeApiOptions,
} from '../../testing/fakeApi.js';
import { renderApp } from '../../testing/renderApp.js';
import { OverviewPage } from './OverviewPage.js';

// 26 Nov 2026, 10:00 in Berlin.
const NOW = new Date('2026-11-26T09:00:00.000Z');
const FROM_7D = '2026-11-19T23:00:00.000Z';
const TO_7D = '2026-11-26T23:00:00.000Z';
const TO_7D_LAST_MS = '2026-11-26T22:59:59.999Z';

const routes = [
  { path: '/', element: <OverviewPage now={() => NOW} /> },
  { path: '/payouts', element: <p>The payouts list</p> },
];

function summary(query: OverviewQueryParams): OverviewSummaryDto {
  return {
    from: query.from,
    to: query.to,
    previous_from: '2026-11-12T23:00:00.000Z',
    previous_to: query.from,
    statuses: [
      {
        status: 'approved',
        current: [
          { currency: 'EUR', count: 3, amount: '300.00' },
          { currency: 'USD', count: 1, amount: '12.5' },
        ],
        previous: [{ currency: 'EUR', count: 2, amount: '200' }],
      },
      {
        status: 'declined',
        current: [{ currency: 'EUR', count: 2, amount: '10.50' }],
        previous: [{ currency: 'EUR', count: 1, amount: '5' }],
      },
      {
        status: 'failed',
        current: [{ currency: 'EUR', count: 1, amount: '0.25' }],
        previous: [],
      },
    ],
    totals: {
      current: [
        { currency: 'EUR', count: 6, amount: '310.75' },
        { currency: 'USD', count: 1, amount: '12.5' },
      ],
      previous: [{ currency: 'EUR', count: 3, amount: '205' }],
    },
  };
}

function timeseries(query: OverviewQueryParams): OverviewTimeseriesDto {
  return {
    bucket: 'day',
    tz: query.tz ?? 'UTC',
    buckets: ['2026-11-24T23:00:00.000Z', '2026-11-25T23:00:00.000Z'],
    series: [
      {
        currency: 'EUR',
        count: [4, 2],
        amount: ['200.75', '110'],
        failed: [2, 1],
        unknown: [0, 1],
      },
      { currency: 'USD', count: [0, 1], amount: ['0', '12.5'], failed: [0, 0], unknown: [0, 0] },
    ],
  };
}

const PROVIDERS: OverviewProvidersDto = {
  rows: [
    {
      provider: 'acme_pay',
      provider_title: 'Acme Pay',
      payout_method_type: 'bank_account',
      total: 6,
      final: 5,
      approved: 3,
      declined: 2,
      failed: 0,
      success_rate: 0.6,
      median_seconds_to_final: 150,
    },
  ],
};

const DECLINES: OverviewDeclinesDto = {
  total_declined: 2,
  rows: [
    { decline_code: 'R05', decline_reason: 'Insufficient funds', count: 1, share: 0.5 },
    { decline_code: null, decline_reason: null, count: 1, share: 0.5 },
  ],
};

const WITH_DATA: FakeApiOptions = {
  overviewSummary: (q) => Promise.resolve(summary(q)),
  overviewTimeseries: (q) => Promise.resolve(timeseries(q)),
  overviewProviders: () => Promise.resolve(PROVIDERS),
  overviewDeclines: () => Promise.resolve(DECLINES),
  summary: () =>
    Promise.resolve({
      awaiting_my_approval: 4,
      batches_awaiting_my_approval: 0,
      needs_attention: 2,
    }),
};

/** The cards' figures only: the charts stay empty (and quick to render in jsdom). */
const CARDS_ONLY: FakeApiOptions = {
  overviewSummary: WITH_DATA.overviewSummary!,
  summary: WITH_DATA.summary!,
};

function linkParams(link: HTMLElement): Record<string, string> {
  const url = new URL(link.getAttribute('href') ?? '', 'http://localhost');
  expect(url.pathname).toBe('/payouts');
  return Object.fromEntries(url.searchParams);
}

function panel(title: string): HTMLElement {
  return screen.getByRole('heading', { name: title, level: 2 }).closest('section')!;
}

beforeAll(() => {
  // jsdom has no layout: the charts measure their box with a ResizeObserver.
  globalThis.ResizeObserver ??= class {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  };
});

beforeEach(() => {
  window.localStorage.setItem(TIME_ZONE_STORAGE_KEY, 'Europe/Berlin');
});

describe('OverviewPage', () => {
  it('shows per-status cards with per-currency sums and the change, linked to the filtered list', async () => {
    const { api, calls } = createFakeApi(CARDS_ONLY);
    renderApp({ api, path: '/?country=BE&currency=EUR&is_test=0', routes });

    const failed = await screen.findByRole('region', { name: 'Declined or failed' });
    // Declined and failed euros together, exactly; never added to the dollars.
    expect(within(failed).getByText('€10.75')).toBeInTheDocument();
    expect(within(failed).getByText('up 200% from 1 in the previous period')).toBeInTheDocument();
    expect(
      within(failed).getByText('up 115% from €5.00 in the previous period'),
    ).toBeInTheDocument();
    expect(linkParams(within(failed).getByRole('link', { name: 'Declined or failed' }))).toEqual({
      status: 'declined,failed',
      created_from: FROM_7D,
      created_to: TO_7D_LAST_MS,
      country: 'BE',
      currency: 'EUR',
      is_test: '0',
    });

    const paid = screen.getByRole('region', { name: 'Paid out' });
    expect(within(paid).getByText('€300.00')).toBeInTheDocument();
    expect(within(paid).getByText('$12.50')).toBeInTheDocument();
    expect(within(paid).getByText('none in the previous period')).toBeInTheDocument();
    expect(linkParams(within(paid).getByRole('link', { name: '$12.50' }))).toMatchObject({
      status: 'approved',
      currency: 'USD',
    });

    const all = screen.getByRole('region', { name: 'All payouts' });
    expect(within(all).getByText('€310.75')).toBeInTheDocument();
    expect(within(all).getByText('up 133% from 3 in the previous period')).toBeInTheDocument();

    const awaiting = screen.getByRole('region', { name: 'Awaiting my approval' });
    expect(within(awaiting).getByText('4')).toBeInTheDocument();
    expect(within(awaiting).getByRole('link')).toHaveAttribute(
      'href',
      '/payouts?needs_my_approval=1',
    );
    expect(
      within(screen.getByRole('region', { name: 'Needs attention' })).getByRole('link'),
    ).toHaveAttribute('href', '/payouts?needs_attention=1');

    expect(screen.getByText(/Times in Europe\/Berlin/)).toBeInTheDocument();
    expect(calls.overview.map((c) => c.part).sort()).toEqual([
      'declines',
      'providers',
      'summary',
      'timeseries',
    ]);
    expect(calls.overview[0]?.query).toEqual({
      from: FROM_7D,
      to: TO_7D,
      tz: 'Europe/Berlin',
      country: 'BE',
      currency: 'EUR',
      is_test: '0',
    });
  });

  it('shows each chart as a table with the same figures and click-through links', async () => {
    const { api } = createFakeApi(WITH_DATA);
    const { user } = renderApp({ api, path: '/', routes });

    await screen.findByRole('region', { name: 'Paid out' });
    // The charts are a lazy chunk of their own: the cards may show first.
    await screen.findByRole('heading', { name: 'Top decline reasons', level: 2 });
    const declines = panel('Top decline reasons');
    await user.click(within(declines).getByRole('button', { name: 'Show as table' }));
    const declineTable = within(declines).getByRole('table');
    expect(within(declineTable).getByText('Insufficient funds')).toBeInTheDocument();
    const r05 = within(declineTable).getByText('R05').closest('tr')!;
    expect(linkParams(within(r05).getByRole('link', { name: '1' }))).toEqual({
      status: 'declined',
      decline_code: 'R05',
      created_from: FROM_7D,
      created_to: TO_7D_LAST_MS,
    });
    const noCode = within(declineTable).getByText('No code').closest('tr')!;
    expect(linkParams(within(noCode).getByRole('link', { name: '1' }))).toEqual({
      status: 'declined',
      created_from: FROM_7D,
      created_to: TO_7D_LAST_MS,
    });

    const psps = panel('PSPs and payout methods');
    await user.click(within(psps).getByRole('button', { name: 'Show as table' }));
    const pspRow = within(within(psps).getByRole('table')).getByText('Acme Pay').closest('tr')!;
    expect(within(pspRow).getByText('60%')).toBeInTheDocument();
    expect(within(pspRow).getByText('3 min')).toBeInTheDocument();
    expect(linkParams(within(pspRow).getByRole('link', { name: '6' }))).toEqual({
      provider: 'acme_pay',
      payout_method_type: 'bank_account',
      created_from: FROM_7D,
      created_to: TO_7D_LAST_MS,
    });

    const counts = panel('Payouts over time');
    await user.click(within(counts).getByRole('button', { name: 'Show as table' }));
    const countTable = within(counts).getByRole('table');
    const lastDay = within(countTable).getByText('Nov 26').closest('tr')!;
    // The bucket as instants: from its start to the range's end (the last bucket).
    expect(linkParams(within(lastDay).getAllByRole('link')[1]!)).toEqual({
      created_from: '2026-11-25T23:00:00.000Z',
      created_to: TO_7D_LAST_MS,
      currency: 'USD',
    });
    const firstDay = within(countTable).getByText('Nov 25').closest('tr')!;
    expect(linkParams(within(firstDay).getByRole('link', { name: '4' }))).toEqual({
      created_from: '2026-11-24T23:00:00.000Z',
      created_to: '2026-11-25T22:59:59.999Z',
      currency: 'EUR',
    });

    const volume = panel('Volume over time');
    await user.click(within(volume).getByRole('button', { name: 'USD' }));
    await user.click(within(volume).getByRole('button', { name: 'Show as table' }));
    expect(within(within(volume).getByRole('table')).getByText('$12.50')).toBeInTheDocument();

    const failures = panel('Failed and unknown over time');
    await user.click(within(failures).getByRole('button', { name: 'Show as table' }));
    const failRow = within(within(failures).getByRole('table')).getByText('Nov 26').closest('tr')!;
    expect(linkParams(within(failRow).getAllByRole('link')[1]!)).toMatchObject({
      status: 'unknown',
      created_from: '2026-11-25T23:00:00.000Z',
    });
  });

  it('keeps the range and filters in the URL and asks again when they change', async () => {
    const { api, calls } = createFakeApi({
      ...CARDS_ONLY,
      corridors: [
        { country: 'BE', currency: 'EUR' },
        { country: 'US', currency: 'USD' },
      ],
    });
    const { user, router } = renderApp({
      api,
      path: '/?range=30d&provider=acme_pay&payout_method_type=bank_account',
      routes,
    });
    await screen.findByRole('region', { name: 'Paid out' });
    expect(calls.overview[0]?.query).toEqual({
      from: '2026-10-27T23:00:00.000Z',
      to: TO_7D,
      tz: 'Europe/Berlin',
      provider: 'acme_pay',
      payout_method_type: 'bank_account',
    });
    expect(screen.getByRole('button', { name: '30 days' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: 'Corridor: Any' }));
    await user.click(await screen.findByRole('menuitemradio', { name: 'United States · USD' }));
    await waitFor(() =>
      expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
        range: '30d',
        country: 'US',
        currency: 'USD',
        provider: 'acme_pay',
        payout_method_type: 'bank_account',
      }),
    );
    await waitFor(() =>
      expect(calls.overview.at(-1)?.query).toMatchObject({ country: 'US', currency: 'USD' }),
    );

    await user.click(screen.getByRole('button', { name: 'Today' }));
    await waitFor(() =>
      expect(calls.overview.at(-1)?.query).toMatchObject({
        from: '2026-11-25T23:00:00.000Z',
        to: TO_7D,
      }),
    );
    expect(new URLSearchParams(router.state.location.search).get('range')).toBe('today');

    await user.click(screen.getByRole('button', { name: 'Custom' }));
    expect(new URLSearchParams(router.state.location.search).get('from')).toBe('2026-11-20');
    const from = screen.getByLabelText('From');
    await user.clear(from);
    await user.type(from, '2026-11-01');
    await waitFor(() =>
      expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toMatchObject({
        range: 'custom',
        from: '2026-11-01',
        to: '2026-11-26',
      }),
    );
    await waitFor(() =>
      expect(calls.overview.at(-1)?.query).toMatchObject({ from: '2026-10-31T23:00:00.000Z' }),
    );
  });

  it('sends the time zone the user picks and shows times in it', async () => {
    window.localStorage.setItem(TIME_ZONE_STORAGE_KEY, 'America/New_York');
    const { api, calls } = createFakeApi(CARDS_ONLY);
    const { user } = renderApp({ api, path: '/?range=today', routes });
    await screen.findByRole('region', { name: 'Paid out' });
    expect(calls.overview[0]?.query).toMatchObject({
      from: '2026-11-26T05:00:00.000Z',
      to: '2026-11-27T05:00:00.000Z',
      tz: 'America/New_York',
    });
    expect(screen.getByText(/Times in America\/New_York/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Change time zone' }));
    const dialog = await screen.findByRole('dialog', { name: 'Time zone' });
    await user.type(within(dialog).getByLabelText('Search time zones'), 'tokyo');
    const list = within(dialog).getByRole('listbox', { name: 'Time zone' });
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([expect.stringMatching(/^Browser default/), 'America/New York', 'Asia/Tokyo']);
    await user.selectOptions(list, 'Asia/Tokyo');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(calls.overview.at(-1)?.query).toMatchObject({
        from: '2026-11-25T15:00:00.000Z',
        to: '2026-11-26T15:00:00.000Z',
        tz: 'Asia/Tokyo',
      }),
    );
    expect(screen.getByText(/Times in Asia\/Tokyo/)).toBeInTheDocument();
    expect(window.localStorage.getItem(TIME_ZONE_STORAGE_KEY)).toBe('Asia/Tokyo');
  });

  it('lets the user pick the zone (or the browser default) from the account menu', async () => {
    const { api } = createFakeApi();
    const { user } = renderApp({ api, path: '/payouts' });
    await user.click(await screen.findByRole('button', { name: 'Account: Fiona Finance' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Time zone' }));
    const dialog = await screen.findByRole('dialog', { name: 'Time zone' });
    const list = within(dialog).getByRole('listbox', { name: 'Time zone' });
    expect(list).toHaveValue('Europe/Berlin');
    expect(within(list).getAllByRole('option').length).toBeGreaterThan(300);
    await user.selectOptions(list, within(list).getAllByRole('option')[0]!);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(window.localStorage.getItem(TIME_ZONE_STORAGE_KEY)).toBeNull();
  });

  it('says what to do when the range has no payouts', async () => {
    const { api } = createFakeApi({ user: SUPPORT_USER });
    const { user } = renderApp({ api, path: '/?range=today&is_test=1', routes });
    const empty = (await screen.findByRole('heading', { name: 'No payouts in this range' }))
      .parentElement!;
    expect(screen.getByText(/Clear the filters or pick a longer range/)).toBeInTheDocument();
    // Support does not approve: no approval count, but what needs attention.
    expect(screen.queryByRole('region', { name: 'Awaiting my approval' })).toBeNull();
    expect(screen.getByRole('region', { name: 'Needs attention' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Make a payout' })).toBeNull();
    await user.click(within(empty).getByRole('button', { name: 'Clear filters' }));
    expect(
      await screen.findByText(/Pick a longer range to see earlier payouts\./),
    ).toBeInTheDocument();
  });

  it('shows what failed, with a retry, and the rest of the page', async () => {
    let failing = true;
    const { api } = createFakeApi({
      ...CARDS_ONLY,
      overviewSummary: (q) =>
        failing
          ? Promise.reject(apiError('internal', 'Boom.', { status: 500 }))
          : Promise.resolve(summary(q)),
      overviewDeclines: () =>
        Promise.reject(apiError('internal', 'Declines down.', { status: 500 })),
    });
    const { user } = renderApp({ api, path: '/', routes });
    expect(await screen.findByText('Could not load the totals')).toBeInTheDocument();
    expect(await screen.findByText('Could not load “Top decline reasons”')).toBeInTheDocument();
    // The charts that could load still show.
    expect(screen.getByRole('heading', { name: 'PSPs and payout methods' })).toBeInTheDocument();
    failing = false;
    const totals = screen.getByText('Could not load the totals').closest('[role="alert"]')!;
    await user.click(within(totals as HTMLElement).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('region', { name: 'Paid out' })).toBeInTheDocument();
  });
});
