import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { BENEFICIARY_STATUSES } from '@payouts/contracts';
import { DebouncedTextField } from '../../components/DebouncedTextField.js';
import { MenuFilter } from '../../components/MenuFilter.js';
import { CorridorFilters } from '../providers/CorridorFilters.js';
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
export function BeneficiariesFilters({
  filters,
  onChange,
}: {
  filters: BeneficiaryFilters;
  onChange: (filters: BeneficiaryFilters) => void;
}) {
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
        <CorridorFilters filters={filters} onChange={set} />
        {hasBeneficiaryFilters(filters) ? (
          <Button onClick={() => onChange(EMPTY_BENEFICIARY_FILTERS)}>Clear filters</Button>
        ) : null}
      </Box>
    </Box>
  );
}
