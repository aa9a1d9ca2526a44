import {
  OVERVIEW_RANGE_MAX_DAYS,
  PAYOUT_METHOD_TYPE_TITLES,
  PAYOUT_METHOD_TYPES,
  type PayoutMethodType,
} from '@payouts/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { MenuFilter } from '../../components/MenuFilter.js';
import { OutlinedField } from '../../components/OutlinedField.js';
import { regionName } from '../../components/regionName.js';
import { addDays, daysBetween, isCalendarDate } from '../../components/zonedTime.js';
import { useCorridors } from '../providers/useCorridors.js';
import { OVERVIEW_RANGES, withoutFilters, type OverviewParams } from './overviewParams.js';

const TEST_PAYOUT_OPTIONS = [
  { value: '0', label: 'Real only' },
  { value: '1', label: 'Test only' },
];

function typeOptions() {
  return PAYOUT_METHOD_TYPES.map((type) => ({
    value: type,
    label: PAYOUT_METHOD_TYPE_TITLES[type],
  }));
}

/** Why the custom days cannot be used, or null. */
function customProblem(from: string, to: string): string | null {
  if (!isCalendarDate(from) || !isCalendarDate(to)) return 'Pick both days';
  if (daysBetween(from, to) < 0) return 'The first day comes after the last';
  if (daysBetween(from, to) >= OVERVIEW_RANGE_MAX_DAYS) {
    return `At most ${OVERVIEW_RANGE_MAX_DAYS} days`;
  }
  return null;
}

/** The custom range's two days, applied when both make a range. */
function CustomRange({
  params,
  today,
  onChange,
}: {
  params: OverviewParams;
  today: string;
  onChange: (patch: Partial<OverviewParams>) => void;
}) {
  const [from, setFrom] = useState(params.from || addDays(today, -6));
  const [to, setTo] = useState(params.to || today);
  const problem = customProblem(from, to);
  const apply = (nextFrom: string, nextTo: string): void => {
    if (customProblem(nextFrom, nextTo) === null) {
      onChange({ range: 'custom', from: nextFrom, to: nextTo });
    }
  };
  return (
    <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}>
      <OutlinedField
        label="From"
        type="date"
        value={from}
        max={to || undefined}
        error={problem !== null && problem !== 'Pick both days'}
        onChange={(value) => {
          setFrom(value);
          apply(value, to);
        }}
      />
      <OutlinedField
        label="To"
        type="date"
        value={to}
        min={from || undefined}
        error={problem !== null && problem !== 'Pick both days'}
        helperText={problem ?? undefined}
        onChange={(value) => {
          setTo(value);
          apply(from, value);
        }}
      />
    </Box>
  );
}

/**
 * The range (today, 7 or 30 days, custom days) and the filters for the whole page: corridor, PSP,
 * payout method type and test payouts.
 */
export function OverviewFilters({
  params,
  today,
  providers,
  onChange,
}: {
  params: OverviewParams;
  /** Today's date in the user's zone, where a custom range starts from. */
  today: string;
  /** The PSPs to offer (name and title). */
  providers: readonly { name: string; title: string }[];
  onChange: (next: OverviewParams) => void;
}) {
  const set = (patch: Partial<OverviewParams>): void => onChange({ ...params, ...patch });
  const corridors = useCorridors();
  const corridorOptions = (corridors.data ?? [])
    .map((c) => ({
      value: `${c.country}/${c.currency}`,
      label: `${regionName(c.country)} · ${c.currency}`,
    }))
    .sort((a, b) => a.label.localeCompare(b.label));
  const corridor = params.country ? `${params.country}/${params.currency}` : '';
  if (corridor && !corridorOptions.some((o) => o.value === corridor)) {
    corridorOptions.unshift({ value: corridor, label: `${params.country} · ${params.currency}` });
  }
  const providerOptions = providers.map((p) => ({ value: p.name, label: p.title }));
  if (params.provider && !providers.some((p) => p.name === params.provider)) {
    providerOptions.unshift({ value: params.provider, label: params.provider });
  }
  const filtered =
    params.country !== '' ||
    params.provider !== '' ||
    params.payout_method_type !== '' ||
    params.is_test !== '';

  return (
    <Box role="search" aria-label="Overview range and filters" sx={{ display: 'grid', gap: 2 }}>
      <Box
        role="group"
        aria-label="Range"
        sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}
      >
        {OVERVIEW_RANGES.map((range) => {
          const active = range.id === params.range;
          return (
            <Button
              key={range.id}
              size="small"
              variant={active ? 'contained' : 'outlined'}
              aria-pressed={active}
              onClick={() => {
                if (range.id === 'custom') {
                  if (!active) set({ range: 'custom', from: addDays(today, -6), to: today });
                } else {
                  set({ range: range.id, from: '', to: '' });
                }
              }}
            >
              {range.label}
            </Button>
          );
        })}
      </Box>
      {params.range === 'custom' ? (
        <CustomRange
          key={`${params.from}/${params.to}`}
          params={params}
          today={today}
          onChange={set}
        />
      ) : null}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <MenuFilter
          label="Corridor"
          anyLabel="Any"
          options={corridorOptions}
          value={corridor}
          onChange={(value) => {
            const [country = '', currency = ''] = value.split('/');
            set({ country, currency });
          }}
        />
        <MenuFilter
          label="PSP"
          anyLabel="Any"
          options={providerOptions}
          value={params.provider}
          onChange={(provider) => set({ provider })}
        />
        <MenuFilter
          label="Type"
          anyLabel="Any"
          options={typeOptions()}
          value={params.payout_method_type}
          onChange={(type) => set({ payout_method_type: type as PayoutMethodType | '' })}
        />
        <MenuFilter
          label="Test payouts"
          anyLabel="All"
          options={TEST_PAYOUT_OPTIONS}
          value={params.is_test}
          onChange={(value) => set({ is_test: value as OverviewParams['is_test'] })}
        />
        {filtered ? (
          <Button onClick={() => onChange(withoutFilters(params))}>Clear filters</Button>
        ) : null}
      </Box>
    </Box>
  );
}
