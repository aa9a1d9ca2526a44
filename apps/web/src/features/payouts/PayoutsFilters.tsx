import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { isDecimalString, PAYOUT_STATUSES } from '@payouts/contracts';
import { DebouncedTextField } from '../../components/DebouncedTextField.js';
import { MenuFilter } from '../../components/MenuFilter.js';
import { OutlinedField } from '../../components/OutlinedField.js';
import { PAYOUT_STATUS_STYLES } from '../../components/payoutStatusStyles.js';
import { TextLink } from '../../components/TextLink.js';
import { CorridorFilters } from '../providers/CorridorFilters.js';
import { DATE_PRESETS, datePresetRange, type DatePreset } from './datePresets.js';
import {
  EMPTY_FILTERS,
  hasActiveFilters,
  type PayoutFilters,
  type TestPayoutsFilter,
} from './payoutListParams.js';

export interface PayoutsFiltersProps {
  filters: PayoutFilters;
  onChange: (filters: PayoutFilters) => void;
  /** Today, for the date presets (tests pass a fixed day). */
  now?: () => Date;
  /** Whether the viewer approves payouts (finance, admin): offers "Needs my approval". */
  canApprove?: boolean;
}

function amountProblem(value: string): string | null {
  if (value === '' || isDecimalString(value)) return null;
  return 'Digits and a decimal point only, e.g. 1250.50';
}

const STATUS_OPTIONS = PAYOUT_STATUSES.map((status) => ({
  value: status,
  label: PAYOUT_STATUS_STYLES[status].label,
}));
/** Lab payouts reach the PSP like any other, so they are listed (badged) unless hidden. */
const TEST_PAYOUT_OPTIONS = [
  { value: '0', label: 'Hidden' },
  { value: '1', label: 'Only' },
];

export function PayoutsFilters({
  filters,
  onChange,
  now = () => new Date(),
  canApprove = false,
}: PayoutsFiltersProps) {
  const set = (patch: Partial<PayoutFilters>): void => onChange({ ...filters, ...patch });

  const today = now();
  const activePreset = DATE_PRESETS.find((p) => {
    const range = datePresetRange(p.id, today);
    return range.from === filters.created_from && range.to === filters.created_to;
  })?.id;
  const choosePreset = (preset: DatePreset | null): void => {
    if (preset === null) {
      set({ created_from: '', created_to: '' });
      return;
    }
    const range = datePresetRange(preset, now());
    set({ created_from: range.from, created_to: range.to });
  };

  return (
    <Box role="search" aria-label="Filter payouts">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
        <DebouncedTextField
          label="Search"
          type="search"
          value={filters.q}
          onCommit={(q) => set({ q })}
          placeholder="Order ID, orchestrator ID, recipient name or e-mail"
          sx={{ minWidth: 320, flexGrow: 1 }}
        />
        <DebouncedTextField
          label="PSP"
          value={filters.provider}
          onCommit={(provider) => set({ provider })}
          sx={{ width: 160 }}
        />
        <DebouncedTextField
          label="Amount from"
          value={filters.amount_min}
          inputMode="decimal"
          validate={amountProblem}
          onCommit={(amount_min) => set({ amount_min })}
          sx={{ width: 140 }}
        />
        <DebouncedTextField
          label="Amount to"
          value={filters.amount_max}
          inputMode="decimal"
          validate={amountProblem}
          onCommit={(amount_max) => set({ amount_max })}
          sx={{ width: 140 }}
        />
      </Box>
      {filters.beneficiary_id ? (
        <Box sx={{ mt: 2 }}>
          {/* A chip-shaped button rather than MUI's Chip: the list's bundle is on a budget. */}
          <Button
            size="small"
            variant="outlined"
            endIcon={<CloseIcon aria-hidden="true" />}
            sx={{ borderRadius: 99, mr: 1 }}
            aria-label="Remove the filter: paid to one beneficiary"
            onClick={() => set({ beneficiary_id: '' })}
          >
            Paid to one beneficiary
          </Button>
          <TextLink to={`/beneficiaries/${encodeURIComponent(filters.beneficiary_id)}`}>
            Open the beneficiary
          </TextLink>
        </Box>
      ) : null}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mt: 2 }}>
        <MenuFilter
          label="Status"
          anyLabel="Any"
          multiple
          options={STATUS_OPTIONS}
          value={filters.status}
          onChange={(status) => set({ status: PAYOUT_STATUSES.filter((s) => status.includes(s)) })}
        />
        <CorridorFilters filters={filters} onChange={set} />
        <MenuFilter
          label="Test payouts"
          anyLabel="All"
          options={TEST_PAYOUT_OPTIONS}
          value={filters.is_test}
          onChange={(value) => set({ is_test: value as TestPayoutsFilter })}
        />
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mt: 2 }}>
        <OutlinedField
          label="Created from"
          type="date"
          value={filters.created_from}
          max={filters.created_to || undefined}
          onChange={(created_from) => set({ created_from })}
        />
        <OutlinedField
          label="Created to"
          type="date"
          value={filters.created_to}
          min={filters.created_from || undefined}
          onChange={(created_to) => set({ created_to })}
        />
        <Box
          role="group"
          aria-label="Created date presets"
          sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}
        >
          {DATE_PRESETS.map((preset) => {
            const active = preset.id === activePreset;
            return (
              <Button
                key={preset.id}
                size="small"
                variant={active ? 'contained' : 'outlined'}
                aria-pressed={active}
                onClick={() => choosePreset(active ? null : preset.id)}
              >
                {preset.label}
              </Button>
            );
          })}
        </Box>
        {canApprove || filters.needs_my_approval ? (
          <Button
            size="small"
            variant={filters.needs_my_approval ? 'contained' : 'outlined'}
            aria-pressed={filters.needs_my_approval}
            onClick={() => set({ needs_my_approval: !filters.needs_my_approval })}
          >
            Needs my approval
          </Button>
        ) : null}
        <Button
          size="small"
          variant={filters.needs_attention ? 'contained' : 'outlined'}
          aria-pressed={filters.needs_attention}
          onClick={() => set({ needs_attention: !filters.needs_attention })}
        >
          Needs attention
        </Button>
        {hasActiveFilters(filters) ? (
          <Button onClick={() => onChange(EMPTY_FILTERS)}>Clear filters</Button>
        ) : null}
      </Box>
    </Box>
  );
}
