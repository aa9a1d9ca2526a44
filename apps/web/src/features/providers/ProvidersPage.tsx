import RefreshIcon from '@mui/icons-material/Refresh';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import {
  PAYOUT_METHOD_TYPE_TITLES,
  metadataChangeText,
  type PayoutMethodType,
  type ProviderMatrix,
  type ProviderMatrixCorridor,
} from '@payouts/contracts';
import { useMemo, useState } from 'react';
import { ErrorState } from '../../components/ErrorState.js';
import { formatDateTime } from '../../components/formatDateTime.js';
import { regionName } from '../../components/regionName.js';
import { useSectionFormKit } from '../../forms/useSectionFormKit.js';
import { matrixProviders } from './matrixProviders.js';
import { useProviderMatrix } from './useProviderMatrix.js';

interface SelectedCell {
  country: string;
  currency: string;
  psp: string;
  type: PayoutMethodType;
}

function corridorTitle(corridor: { country: string; currency: string }): string {
  return `${regionName(corridor.country)} · ${corridor.currency}`;
}

function CorridorMatrix({
  matrix,
  corridor,
  selected,
  onSelect,
}: {
  matrix: ProviderMatrix;
  corridor: ProviderMatrixCorridor;
  selected: SelectedCell | null;
  onSelect: (cell: SelectedCell) => void;
}) {
  const title = corridorTitle(corridor);
  const headingId = `corridor-${corridor.country}-${corridor.currency}`;
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Typography variant="h6" component="h2" id={headingId}>
        {title}
      </Typography>
      <Typography variant="body2" color="textSecondary" sx={{ mb: 1 }}>
        Fetched at {formatDateTime(corridor.fetched_at)}
      </Typography>
      <Table size="small" aria-labelledby={headingId}>
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col">
              PSP
            </TableCell>
            {matrix.payout_method_types.map((type) => (
              <TableCell key={type} component="th" scope="col">
                {PAYOUT_METHOD_TYPE_TITLES[type]}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {matrix.psps.map((psp) => (
            <TableRow key={psp.name}>
              <TableCell component="th" scope="row">
                {psp.title}
              </TableCell>
              {matrix.payout_method_types.map((type) => {
                const cell = corridor.cells.find(
                  (c) => c.psp === psp.name && c.payout_method_type === type,
                );
                if (!cell) return <TableCell key={type}>—</TableCell>;
                if (cell.status === 'missing') {
                  return (
                    <TableCell key={type}>
                      <Typography variant="body2" component="p" sx={{ fontWeight: 600 }}>
                        Missing
                      </Typography>
                      <Typography variant="body2" component="p" color="textSecondary">
                        {cell.likely_cause ?? 'Not listed by the orchestrator.'}
                      </Typography>
                    </TableCell>
                  );
                }
                const isSelected =
                  selected?.country === corridor.country &&
                  selected.currency === corridor.currency &&
                  selected.psp === psp.name &&
                  selected.type === type;
                return (
                  <TableCell key={type}>
                    <Button
                      size="small"
                      variant={isSelected ? 'contained' : 'outlined'}
                      aria-pressed={isSelected}
                      aria-label={`${psp.title}, ${PAYOUT_METHOD_TYPE_TITLES[type]}, ${title}: enabled, show fields`}
                      onClick={() =>
                        onSelect({
                          country: corridor.country,
                          currency: corridor.currency,
                          psp: psp.name,
                          type,
                        })
                      }
                    >
                      Enabled · {cell.fields.length} fields
                    </Button>
                  </TableCell>
                );
              })}
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {corridor.metadata_version && corridor.metadata_version.changes.length > 0 ? (
        <Alert severity="info" sx={{ mt: 1 }}>
          The orchestrator’s metadata for {title} changed on{' '}
          {formatDateTime(corridor.metadata_version.since)} (version{' '}
          {corridor.metadata_version.version}):
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {corridor.metadata_version.changes.map((change, i) => (
              <li key={i}>{metadataChangeText(change, matrix.psps)}</li>
            ))}
          </Box>
        </Alert>
      ) : null}
      {corridor.unsupported.length > 0 ? (
        <Alert severity="warning" sx={{ mt: 1 }}>
          The orchestrator lists {corridor.unsupported.length === 1 ? 'an entry' : 'entries'} for{' '}
          {title} that this back-office cannot pay through; the rest of the corridor works:
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {corridor.unsupported.map((entry, i) => (
              <li key={`${entry.name ?? ''}-${i}`}>
                {entry.title ?? entry.name ?? 'An unnamed PSP'}: {entry.reason}
              </li>
            ))}
          </Box>
        </Alert>
      ) : null}
    </Paper>
  );
}

/**
 * Corridors x known PSPs x payout method types, from the BFF's cached metadata. A PSP the merchant
 * has but the orchestrator does not list is shown as missing with the likely cause; an enabled
 * cell opens that PSP's section as finance sees it in the wizard, read-only.
 */
export function ProvidersPage() {
  const { query, refresh } = useProviderMatrix();
  const [selected, setSelected] = useState<SelectedCell | null>(null);
  const matrix = query.data;
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
        what is enabled, so a missing cell shows the likely cause.
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
      {matrix?.corridors.map((corridor) => (
        <CorridorMatrix
          key={`${corridor.country}/${corridor.currency}`}
          matrix={matrix}
          corridor={corridor}
          selected={selected}
          onSelect={setSelected}
        />
      ))}
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
