import RefreshIcon from '@mui/icons-material/Refresh';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { PAYOUT_METHOD_TYPE_TITLES } from '@payouts/contracts';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { CompactMatrix } from './CompactMatrix.js';
import { CorridorMatrix, corridorTitle, type SelectedCell } from './CorridorMatrix.js';
import { ProvidersFilters } from './ProvidersFilters.js';
import { filterMatrix, providerFiltersParams, readProviderFilters } from './providerFilters.js';
import { ErrorState } from '../../components/ErrorState.js';
import { useSectionFormKit } from '../../forms/useSectionFormKit.js';
import { matrixProviders } from './matrixProviders.js';
import { useProviderMatrix } from './useProviderMatrix.js';

/**
 * Corridors x known PSPs x payout method types, from the BFF's cached metadata. A PSP the merchant
 * has but the orchestrator does not list is shown as missing with the likely cause; an enabled
 * cell opens that PSP's section as finance sees it in the wizard, read-only.
 */
export function ProvidersPage() {
  const { query, refresh } = useProviderMatrix();
  const [selected, setSelected] = useState<SelectedCell | null>(null);
  const matrix = query.data;
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = useMemo(() => readProviderFilters(searchParams), [searchParams]);
  const shown = useMemo(() => matrix && filterMatrix(matrix, filters), [matrix, filters]);
  // RJSF and the field rules load alongside the matrix: a cell opens its section at once.
  const formKit = useSectionFormKit();
  const kit = formKit.kit;

  const section = useMemo(() => {
    if (!kit || !matrix || !selected) return undefined;
    const corridor = matrix.corridors.find(
      (c) => c.country === selected.country && c.currency === selected.currency,
    );
    if (!corridor) return undefined;
    return kit
      .buildPayoutForm(matrixProviders(matrix, corridor), corridor)
      .section(selected.type, selected.psp);
  }, [kit, matrix, selected]);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <title>Providers · Payouts back-office</title>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="h4" component="h1" sx={{ flexGrow: 1 }}>
          Providers
        </Typography>
        <Button
          variant="outlined"
          startIcon={refresh.isPending ? <CircularProgress size={16} /> : <RefreshIcon />}
          disabled={refresh.isPending}
          onClick={() => refresh.mutate()}
        >
          Refresh
        </Button>
      </Box>
      <Typography color="textSecondary">
        PSPs known to the merchant, per corridor and payout method type. The orchestrator only lists
        what is enabled, so a missing cell shows the likely cause: the PSP’s Payouts feature is off
        (listed for no corridor), this payout type is not enabled, this corridor is not served, or
        the type is one this back-office cannot pay through.
      </Typography>
      {refresh.isError ? (
        <ErrorState error={refresh.error} title="The providers could not be refreshed" />
      ) : null}
      {query.isError ? (
        <ErrorState
          error={query.error}
          title="The providers could not be loaded"
          onRetry={() => void query.refetch()}
        />
      ) : null}
      {query.isPending ? <CircularProgress aria-label="Loading providers" /> : null}
      {matrix && matrix.corridors.length === 0 ? (
        <Typography role="status">No corridors are configured.</Typography>
      ) : null}
      {matrix && shown && matrix.corridors.length > 0 ? (
        <ProvidersFilters
          matrix={matrix}
          shown={shown}
          filters={filters}
          onChange={(next) => setSearchParams(providerFiltersParams(next), { replace: true })}
        />
      ) : null}
      {shown && matrix && matrix.corridors.length > 0 && shown.corridors.length === 0 ? (
        <Typography role="status">No corridor and PSP match these filters.</Typography>
      ) : null}
      {shown && filters.view === 'compact' && shown.corridors.length > 0 ? (
        <CompactMatrix matrix={shown} selected={selected} onSelect={setSelected} />
      ) : null}
      {shown && filters.view === 'detailed'
        ? shown.corridors.map((corridor) => (
            <CorridorMatrix
              key={`${corridor.country}/${corridor.currency}`}
              matrix={shown}
              corridor={corridor}
              selected={selected}
              onSelect={setSelected}
            />
          ))
        : null}
      {selected && formKit.error ? (
        <ErrorState
          error={formKit.error}
          title="The PSP's fields could not be loaded"
          onRetry={formKit.retry}
        />
      ) : null}
      {selected && !kit && !formKit.error ? (
        <CircularProgress aria-label="Loading the PSP's fields" />
      ) : null}
      {selected && kit && section ? (
        <Paper
          variant="outlined"
          component="section"
          aria-labelledby="provider-fields-heading"
          sx={{ p: 2 }}
        >
          <Typography variant="h6" component="h2" id="provider-fields-heading">
            Fields {section.provider.title} asks for: {PAYOUT_METHOD_TYPE_TITLES[selected.type]},{' '}
            {corridorTitle(selected)}
          </Typography>
          {section.fields.length === 0 ? (
            <Typography>This PSP asks for no recipient fields.</Typography>
          ) : (
            <kit.SectionForm
              key={`${selected.country}/${selected.currency}/${selected.type}/${selected.psp}`}
              section={section}
              formData={{}}
              readOnly
              idPrefix="provider-fields"
            />
          )}
        </Paper>
      ) : null}
    </Box>
  );
}
