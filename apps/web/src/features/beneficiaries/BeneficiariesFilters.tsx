import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import {
  BENEFICIARY_STATUSES,
  PAYOUT_METHOD_TYPE_TITLES,
  PAYOUT_METHOD_TYPES,
  type PayoutMethodType,
} from '@payouts/contracts';
import { useMemo } from 'react';
import { currencyName } from '../../components/currencyName.js';
import { DebouncedTextField } from '../../components/DebouncedTextField.js';
import { MenuFilter } from '../../components/MenuFilter.js';
import { regionName } from '../../components/regionName.js';
import { useCorridors } from '../providers/useCorridors.js';
import {
  EMPTY_BENEFICIARY_FILTERS,
  hasBeneficiaryFilters,
  type BeneficiaryFilters,
} from './beneficiaryListParams.js';
import { BENEFICIARY_STATUS_STYLES } from './BeneficiaryStatusChip.js';

const STATUS_OPTIONS = BENEFICIARY_STATUSES.map((s) => ({
  value: s,
  label: BENEFICIARY_STATUS_STYLES[s].label,
}));
const TYPE_OPTIONS = PAYOUT_METHOD_TYPES.map((t) => ({
  value: t,
  label: PAYOUT_METHOD_TYPE_TITLES[t],
}));

function codeOptions(codes: readonly string[], current: string, describe: (c: string) => string) {
  const all = current !== '' && !codes.includes(current) ? [current, ...codes] : codes;
  return all.map((code) => ({ value: code, label: `${code} · ${describe(code)}` }));
}

export function BeneficiariesFilters({
  filters,
  onChange,
}: {
  filters: BeneficiaryFilters;
  onChange: (filters: BeneficiaryFilters) => void;
}) {
  const corridors = useCorridors();
  const { countries, currencies } = useMemo(() => {
    const list = corridors.data ?? [];
    return {
      countries: [...new Set(list.map((c) => c.country))].sort(),
      currencies: [...new Set(list.map((c) => c.currency))].sort(),
    };
  }, [corridors.data]);
  const set = (patch: Partial<BeneficiaryFilters>): void => onChange({ ...filters, ...patch });
  return (
    <Box role="search" aria-label="Filter beneficiaries">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
        <DebouncedTextField
          label="Search"
          type="search"
          value={filters.q}
          onCommit={(q) => set({ q })}
          placeholder="Name, reference, e-mail or last digits of the account"
          sx={{ minWidth: 320, flexGrow: 1 }}
        />
        <DebouncedTextField
          label="PSP"
          value={filters.provider}
          onCommit={(provider) => set({ provider })}
          sx={{ width: 160 }}
        />
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mt: 2 }}>
        <MenuFilter
          label="Status"
          anyLabel="Any"
          multiple
          options={STATUS_OPTIONS}
          value={filters.status}
          onChange={(status) =>
            set({ status: BENEFICIARY_STATUSES.filter((s) => status.includes(s)) })
          }
        />
        <MenuFilter
          label="Type"
          anyLabel="Any"
          options={TYPE_OPTIONS}
          value={filters.payout_method_type}
          onChange={(type) => set({ payout_method_type: type as PayoutMethodType | '' })}
        />
        <MenuFilter
          label="Country"
          anyLabel="Any"
          options={codeOptions(countries, filters.country, regionName)}
          value={filters.country}
          onChange={(country) => set({ country })}
        />
        <MenuFilter
          label="Currency"
          anyLabel="Any"
          options={codeOptions(currencies, filters.currency, currencyName)}
          value={filters.currency}
          onChange={(currency) => set({ currency })}
        />
        {hasBeneficiaryFilters(filters) ? (
          <Button onClick={() => onChange(EMPTY_BENEFICIARY_FILTERS)}>Clear filters</Button>
        ) : null}
      </Box>
    </Box>
  );
}
