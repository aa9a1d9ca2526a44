import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { MISSING_CAUSES, type ProviderMatrix } from '@payouts/contracts';
import { formatCount } from '../../components/formatCount.js';
import { MenuFilter } from '../../components/MenuFilter.js';
import { corridorTitle } from './CorridorMatrix.js';
import {
  CAUSE_LABELS,
  cellCounts,
  corridorKey,
  type CellFilter,
  type ProviderFilters,
} from './providerFilters.js';

/** Corridor, PSP and cell filters, and the detailed or compact view. */
export function ProvidersFilters({
  matrix,
  shown,
  filters,
  onChange,
}: {
  matrix: ProviderMatrix;
  /** The matrix as filtered: its cell counts label the cell filter's choices. */
  shown: ProviderMatrix;
  filters: ProviderFilters;
  onChange: (filters: ProviderFilters) => void;
}) {
  const set = (patch: Partial<ProviderFilters>) => onChange({ ...filters, ...patch });
  const counts = cellCounts(shown);
  const cellOptions = [
    { value: 'enabled', label: 'Enabled', hint: `${formatCount(counts.enabled)} cells` },
    ...MISSING_CAUSES.map((cause) => ({
      value: cause,
      label: CAUSE_LABELS[cause],
      hint: `${formatCount(counts[cause])} cells`,
    })),
  ];
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
      <MenuFilter
        label="Corridor"
        anyLabel="All"
        options={matrix.corridors.map((c) => ({ value: corridorKey(c), label: corridorTitle(c) }))}
        value={filters.corridor}
        onChange={(corridor) => set({ corridor })}
      />
      <MenuFilter
        label="PSP"
        anyLabel="All"
        options={matrix.psps.map((p) => ({ value: p.name, label: p.title }))}
        value={filters.psp}
        onChange={(psp) => set({ psp })}
      />
      <MenuFilter
        label="Cells"
        anyLabel="All"
        options={cellOptions}
        value={filters.cell}
        onChange={(cell) => set({ cell: cell as CellFilter })}
      />
      <Box role="group" aria-label="View" sx={{ display: 'flex', gap: 0.5, ml: 'auto' }}>
        {(['detailed', 'compact'] as const).map((view) => (
          <Button
            key={view}
            size="small"
            variant={filters.view === view ? 'contained' : 'outlined'}
            aria-pressed={filters.view === view}
            onClick={() => set({ view })}
          >
            {view === 'detailed' ? 'Detailed' : 'Compact'}
          </Button>
        ))}
      </Box>
    </Box>
  );
}
