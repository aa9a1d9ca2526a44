import {
  MISSING_CAUSES,
  type MissingCause,
  type ProviderMatrix,
  type ProviderMatrixCell,
} from '@payouts/contracts';

/** What each cause of a missing cell is called on the page. */
export const CAUSE_LABELS: Readonly<Record<MissingCause, string>> = {
  payouts_off: 'Payouts feature off for this PSP',
  type_not_enabled: 'Payout type not enabled',
  corridor_not_served: 'Corridor not served',
  type_not_supported: 'Type not supported here',
};

export type CellFilter = '' | 'enabled' | MissingCause;

/** The Providers page's filters and view, kept in the URL. */
export interface ProviderFilters {
  /** `BE/EUR`, or '' for every corridor. */
  corridor: string;
  psp: string;
  cell: CellFilter;
  view: 'detailed' | 'compact';
}

const CELL_FILTERS: readonly string[] = ['enabled', ...MISSING_CAUSES];

export function readProviderFilters(params: URLSearchParams): ProviderFilters {
  const cell = params.get('cell') ?? '';
  return {
    corridor: params.get('corridor') ?? '',
    psp: params.get('psp') ?? '',
    cell: CELL_FILTERS.includes(cell) ? (cell as CellFilter) : '',
    view: params.get('view') === 'compact' ? 'compact' : 'detailed',
  };
}

export function providerFiltersParams(filters: ProviderFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.corridor) params.set('corridor', filters.corridor);
  if (filters.psp) params.set('psp', filters.psp);
  if (filters.cell) params.set('cell', filters.cell);
  if (filters.view === 'compact') params.set('view', 'compact');
  return params;
}

export const corridorKey = (c: { country: string; currency: string }): string =>
  `${c.country}/${c.currency}`;

function matches(cell: ProviderMatrixCell, filter: CellFilter): boolean {
  if (filter === '') return true;
  return filter === 'enabled' ? cell.status === 'enabled' : cell.cause === filter;
}

/**
 * The matrix narrowed to the filters: the chosen corridor and PSP, and, for a cell filter, the
 * corridors and PSPs with at least one such cell (their other cells stay, for context).
 */
export function filterMatrix(matrix: ProviderMatrix, filters: ProviderFilters): ProviderMatrix {
  const corridors = matrix.corridors.filter(
    (c) => filters.corridor === '' || corridorKey(c) === filters.corridor,
  );
  const psps = matrix.psps.filter((p) => filters.psp === '' || p.name === filters.psp);
  if (filters.cell === '') return { ...matrix, corridors, psps };
  const hit = (c: (typeof corridors)[number], psp: string) =>
    c.cells.some((cell) => cell.psp === psp && matches(cell, filters.cell));
  return {
    ...matrix,
    psps: psps.filter((p) => corridors.some((c) => hit(c, p.name))),
    corridors: corridors.filter((c) => psps.some((p) => hit(c, p.name))),
  };
}

/** How many cells of the (filtered) matrix are enabled, and how many miss for each cause. */
export function cellCounts(matrix: ProviderMatrix): Record<'enabled' | MissingCause, number> {
  const counts = {
    enabled: 0,
    payouts_off: 0,
    type_not_enabled: 0,
    corridor_not_served: 0,
    type_not_supported: 0,
  };
  const psps = new Set(matrix.psps.map((p) => p.name));
  for (const corridor of matrix.corridors) {
    for (const cell of corridor.cells) {
      if (!psps.has(cell.psp)) continue;
      if (cell.status === 'enabled') counts.enabled += 1;
      else if (cell.cause) counts[cell.cause] += 1;
    }
  }
  return counts;
}
