import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
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
import { formatDateTime } from '../../components/formatDateTime.js';
import { regionName } from '../../components/regionName.js';
import { CAUSE_LABELS } from './providerFilters.js';

export interface SelectedCell {
  country: string;
  currency: string;
  psp: string;
  type: PayoutMethodType;
}

/** Whether `selected` is this corridor's cell for `psp` and `type`. */
export function isSelectedCell(
  selected: SelectedCell | null,
  corridor: { country: string; currency: string },
  psp: string,
  type: PayoutMethodType,
): boolean {
  return (
    selected?.country === corridor.country &&
    selected.currency === corridor.currency &&
    selected.psp === psp &&
    selected.type === type
  );
}

export function corridorTitle(corridor: { country: string; currency: string }): string {
  return `${regionName(corridor.country)} · ${corridor.currency}`;
}

export function CorridorMatrix({
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
                        {cell.cause ? CAUSE_LABELS[cell.cause] : 'Missing'}
                      </Typography>
                      <Typography variant="body2" component="p" color="textSecondary">
                        {cell.likely_cause ?? 'Not listed by the orchestrator.'}
                      </Typography>
                    </TableCell>
                  );
                }
                const isSelected = isSelectedCell(selected, corridor, psp.name, type);
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
