import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { PAYOUT_STATUSES } from '@payouts/contracts';
import { parseAmountEntry } from '../../components/parseAmountEntry.js';
import { useId } from 'react';
import { DebouncedTextField } from '../../components/DebouncedTextField.js';
import { formatCount } from '../../components/formatCount.js';
import { MenuFilter, type MenuFilterOption } from '../../components/MenuFilter.js';
import { usePayoutFilterOptions } from './usePayoutFilterOptions.js';
import { OutlinedField } from '../../components/OutlinedField.js';
import { PAYOUT_STATUS_STYLES } from '../../components/payoutStatusStyles.js';
import { CorridorFilters } from '../providers/CorridorFilters.js';
import { DATE_PRESETS, datePresetRange, type DatePreset } from './datePresets.js';
import {
  EMPTY_FILTERS,
  isInstant,
  type PayoutFilters,
  type TestPayoutsFilter,
} from './payoutListParams.js';

export interface PayoutsFilterPanelProps {
  open: boolean;
  onClose: () => void;
  filters: PayoutFilters;
  onChange: (filters: PayoutFilters) => void;
  now: () => Date;
  /** Whether the viewer approves payouts (finance, admin): offers "Needs my approval". */
  canApprove: boolean;
}

/** An amount as typed in the user's locale (`1,000.50`, `1.000,50`), or why it is not one. */
function amountProblem(value: string): string | null {
  if (value === '' || parseAmountEntry(value) !== null) return null;
  return 'Not an amount: digits, with your grouping and decimal separators, e.g. 1,250.50';
}

const amountOf = (value: string): string =>
  value === '' ? '' : (parseAmountEntry(value) ?? value);

/** The options, and the value in force when none of them is it (a link, an old view). */
function withCurrent(options: MenuFilterOption[], value: string): MenuFilterOption[] {
  return value === '' || options.some((o) => o.value === value)
    ? options
    : [...options, { value, label: value }];
}

/** Lab payouts reach the PSP like any other, so they are listed (badged) unless hidden. */
const TEST_PAYOUT_OPTIONS = [
  { value: '0', label: 'Hidden' },
  { value: '1', label: 'Only' },
];

/**
 * Every filter but the search, in a drawer: loaded on first open, so the list's first screen
 * (and its download) is the table. Changes apply at once; the chips above the list show them.
 */
export function PayoutsFilterPanel({
  open,
  onClose,
  filters,
  onChange,
  now,
  canApprove,
}: PayoutsFilterPanelProps) {
  const titleId = useId();
  const choices = usePayoutFilterOptions(open);
  const payoutsText = (count: number) =>
    `${formatCount(count)} ${count === 1 ? 'payout' : 'payouts'}`;
  const providerOptions = (choices.data?.providers ?? []).map((p) => ({
    value: p.id,
    label: p.title ?? p.id,
    hint: payoutsText(p.count),
  }));
  const declineOptions = (choices.data?.decline_codes ?? []).map((d) => ({
    value: d.code,
    label: d.code,
    hint: `${d.reason ? `${d.reason} · ` : ''}${payoutsText(d.count)}`,
  }));
  const set = (patch: Partial<PayoutFilters>): void => onChange({ ...filters, ...patch });
  const statusOptions = PAYOUT_STATUSES.map((status) => ({
    value: status,
    label: PAYOUT_STATUS_STYLES[status].label,
  }));

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
  // An exact instant (a link from the overview's hour buckets) is not a day: its chip shows it.
  const day = (value: string): string => (isInstant(value) ? '' : value);

  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{ paper: { 'aria-labelledby': titleId, sx: { width: { xs: '100%', sm: 420 } } } }}
    >
      <Box sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Box sx={{ display: 'flex', alignItems: 'center' }}>
          <Typography id={titleId} variant="h6" component="h2" sx={{ flexGrow: 1 }}>
            Filters
          </Typography>
          <IconButton aria-label="Close the filters" onClick={onClose}>
            <CloseIcon />
          </IconButton>
        </Box>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
          <MenuFilter
            label="Status"
            anyLabel="Any"
            multiple
            options={statusOptions}
            value={filters.status}
            onChange={(status) =>
              set({ status: PAYOUT_STATUSES.filter((s) => status.includes(s)) })
            }
          />
          <CorridorFilters filters={filters} onChange={set} />
          <MenuFilter
            label="PSP"
            anyLabel="Any"
            options={withCurrent(providerOptions, filters.provider)}
            value={filters.provider}
            onChange={(provider) => set({ provider })}
          />
          <MenuFilter
            label="Decline code"
            anyLabel="Any"
            options={withCurrent(declineOptions, filters.decline_code)}
            value={filters.decline_code}
            onChange={(decline_code) => set({ decline_code })}
          />
          <MenuFilter
            label="Test payouts"
            anyLabel="All"
            options={TEST_PAYOUT_OPTIONS}
            value={filters.is_test}
            onChange={(value) => set({ is_test: value as TestPayoutsFilter })}
          />
        </Box>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
          <DebouncedTextField
            label="Amount from"
            value={filters.amount_min}
            inputMode="decimal"
            validate={amountProblem}
            onCommit={(amount_min) => set({ amount_min: amountOf(amount_min) })}
            sx={{ width: 160 }}
          />
          <DebouncedTextField
            label="Amount to"
            value={filters.amount_max}
            inputMode="decimal"
            validate={amountProblem}
            onCommit={(amount_max) => set({ amount_max: amountOf(amount_max) })}
            sx={{ width: 160 }}
          />
        </Box>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
          <OutlinedField
            label="Created from"
            type="date"
            value={day(filters.created_from)}
            max={day(filters.created_to) || undefined}
            onChange={(created_from) => set({ created_from })}
          />
          <OutlinedField
            label="Created to"
            type="date"
            value={day(filters.created_to)}
            min={day(filters.created_from) || undefined}
            onChange={(created_to) => set({ created_to })}
          />
        </Box>
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
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
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
        </Box>
        <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
          <Button onClick={() => onChange({ ...EMPTY_FILTERS, q: filters.q })}>
            Clear filters
          </Button>
          <Button variant="contained" onClick={onClose}>
            Show payouts
          </Button>
        </Box>
      </Box>
    </Drawer>
  );
}
