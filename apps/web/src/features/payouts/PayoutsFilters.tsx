import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { DebouncedTextField } from '../../components/DebouncedTextField.js';
import { activeFilterCount, type PayoutFilters } from './payoutListParams.js';

// Loaded when first needed, with the list's other extras (payoutListExtras.ts).
const PayoutsFilterPanel = lazy(() =>
  import('./payoutListExtras.js').then((m) => ({ default: m.PayoutsFilterPanel })),
);
const FilterChips = lazy(() =>
  import('./payoutListExtras.js').then((m) => ({ default: m.FilterChips })),
);

export interface PayoutsFiltersProps {
  filters: PayoutFilters;
  onChange: (filters: PayoutFilters) => void;
  /** Today, for the date presets (tests pass a fixed day). */
  now?: () => Date;
  /** Whether the viewer approves payouts (finance, admin): offers "Needs my approval". */
  canApprove?: boolean;
  /** More controls on the search's row (the column chooser). */
  children?: ReactNode;
}

/**
 * The search, a "Filters" button opening the other filters in a drawer (loaded on first open),
 * and the filters in force as chips (loaded when there are some), each removable: the list's first rows stay on the first
 * screen on a laptop and on a phone.
 */
export function PayoutsFilters({
  filters,
  onChange,
  now = () => new Date(),
  canApprove = false,
  children,
}: PayoutsFiltersProps) {
  const [panel, setPanel] = useState<'closed' | 'open' | 'never'>('never');
  const set = (patch: Partial<PayoutFilters>): void => onChange({ ...filters, ...patch });
  const count = activeFilterCount(filters);

  return (
    <Box role="search" aria-label="Filter payouts">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <DebouncedTextField
          label="Search"
          type="search"
          value={filters.q}
          onCommit={(q) => set({ q })}
          // What the BFF matches (decision 037); an empty list spells it out (SEARCH_MATCHES).
          placeholder="Order ID, e-mail, name, PSP or orchestrator ID, last 4 digits"
          sx={{ minWidth: { xs: '100%', sm: 320 }, flexGrow: 1 }}
        />
        <Button
          variant="outlined"
          aria-haspopup="dialog"
          aria-expanded={panel === 'open'}
          onClick={() => setPanel('open')}
        >
          Filters{count > 0 ? ` (${count})` : ''}
        </Button>
        {children}
      </Box>
      {count > 0 ? (
        <Suspense fallback={null}>
          <FilterChips filters={filters} onChange={onChange} />
        </Suspense>
      ) : null}
      {panel !== 'never' ? (
        <Suspense fallback={null}>
          <PayoutsFilterPanel
            open={panel === 'open'}
            onClose={() => setPanel('closed')}
            filters={filters}
            onChange={onChange}
            now={now}
            canApprove={canApprove}
          />
        </Suspense>
      ) : null}
    </Box>
  );
}
