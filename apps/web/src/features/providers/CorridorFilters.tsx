import {
  PAYOUT_METHOD_TYPE_TITLES,
  PAYOUT_METHOD_TYPES,
  type PayoutMethodType,
} from '@payouts/contracts';
import { useMemo } from 'react';
import { currencyName } from '../../components/currencyName.js';
import { MenuFilter } from '../../components/MenuFilter.js';
import { regionName } from '../../components/regionName.js';
import { useCorridors } from './useCorridors.js';

/** Built when first rendered, not at module load: chunks may load before the contract's. */
function typeOptions() {
  return PAYOUT_METHOD_TYPES.map((type) => ({
    value: type,
    label: PAYOUT_METHOD_TYPE_TITLES[type],
  }));
}

/** The code options from the corridors, plus the current value if it is not among them. */
function codeOptions(
  codes: readonly string[],
  current: string,
  describe: (code: string) => string,
) {
  const all = current !== '' && !codes.includes(current) ? [current, ...codes] : codes;
  return all.map((code) => ({ value: code, label: `${code} · ${describe(code)}` }));
}

export interface CorridorFilterValues {
  payout_method_type: PayoutMethodType | '';
  country: string;
  currency: string;
}

/**
 * The Type, Currency and Country menus of a list's filters, their options from the merchant's
 * corridors (countries by name, currencies by code).
 */
export function CorridorFilters({
  filters,
  onChange,
}: {
  filters: CorridorFilterValues;
  onChange: (patch: Partial<CorridorFilterValues>) => void;
}) {
  const corridors = useCorridors();
  const { countries, currencies } = useMemo(() => {
    const list = corridors.data ?? [];
    return {
      countries: [...new Set(list.map((c) => c.country))].sort((a, b) =>
        regionName(a).localeCompare(regionName(b)),
      ),
      currencies: [...new Set(list.map((c) => c.currency))].sort(),
    };
  }, [corridors.data]);
  return (
    <>
      <MenuFilter
        label="Type"
        anyLabel="Any"
        options={typeOptions()}
        value={filters.payout_method_type}
        onChange={(type) => onChange({ payout_method_type: type as PayoutMethodType | '' })}
      />
      <MenuFilter
        label="Currency"
        anyLabel="Any"
        options={codeOptions(currencies, filters.currency, currencyName)}
        value={filters.currency}
        onChange={(currency) => onChange({ currency })}
      />
      <MenuFilter
        label="Country"
        anyLabel="Any"
        options={codeOptions(countries, filters.country, regionName)}
        value={filters.country}
        onChange={(country) => onChange({ country })}
      />
    </>
  );
}
