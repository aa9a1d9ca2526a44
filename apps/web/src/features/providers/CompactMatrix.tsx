import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { PAYOUT_METHOD_TYPE_TITLES, type ProviderMatrix } from '@payouts/contracts';
import { corridorTitle, isSelectedCell, type SelectedCell } from './CorridorMatrix.js';
import { CAUSE_LABELS } from './providerFilters.js';

/** Short names for the compact cells: the full ones are in each cell's accessible name. */
const SHORT: Readonly<Record<string, string>> = {
  credit_card: 'Card',
  bank_account: 'Bank',
  crypto: 'Crypto',
};

/**
 * Every corridor on one row and every PSP in one column: each cell lists the payout types,
 * enabled ones as buttons that open their fields, missing ones struck through with the cause on
 * hover and in their accessible text. Fourteen corridors fit on a screen.
 */
export function CompactMatrix({
  matrix,
  selected,
  onSelect,
}: {
  matrix: ProviderMatrix;
  selected: SelectedCell | null;
  onSelect: (cell: SelectedCell) => void;
}) {
  return (
    <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label="PSPs per corridor">
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col">
              Corridor
            </TableCell>
            {matrix.psps.map((psp) => (
              <TableCell key={psp.name} component="th" scope="col">
                {psp.title}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {matrix.corridors.map((corridor) => {
            const title = corridorTitle(corridor);
            return (
              <TableRow key={`${corridor.country}/${corridor.currency}`}>
                <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap' }}>
                  {title}
                </TableCell>
                {matrix.psps.map((psp) => (
                  <TableCell key={psp.name}>
                    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
                      {matrix.payout_method_types.map((type) => {
                        const cell = corridor.cells.find(
                          (c) => c.psp === psp.name && c.payout_method_type === type,
                        );
                        if (!cell) return null;
                        const name = `${psp.title}, ${PAYOUT_METHOD_TYPE_TITLES[type]}, ${title}`;
                        if (cell.status === 'missing') {
                          const why = cell.cause ? CAUSE_LABELS[cell.cause] : 'Missing';
                          return (
                            <Box
                              key={type}
                              component="span"
                              title={`${why}. ${cell.likely_cause ?? ''}`}
                              aria-label={`${name}: ${why}`}
                              role="img"
                              sx={{
                                color: 'text.secondary',
                                textDecoration: 'line-through',
                                fontSize: 'body2.fontSize',
                                px: 0.5,
                              }}
                            >
                              {SHORT[type] ?? type}
                            </Box>
                          );
                        }
                        const isSelected = isSelectedCell(selected, corridor, psp.name, type);
                        return (
                          <Button
                            key={type}
                            size="small"
                            variant={isSelected ? 'contained' : 'text'}
                            aria-pressed={isSelected}
                            aria-label={`${name}: enabled, show fields`}
                            sx={{ minWidth: 0, px: 0.5, py: 0 }}
                            onClick={() =>
                              onSelect({
                                country: corridor.country,
                                currency: corridor.currency,
                                psp: psp.name,
                                type,
                              })
                            }
                          >
                            {SHORT[type] ?? type}
                          </Button>
                        );
                      })}
                    </Box>
                  </TableCell>
                ))}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </Paper>
  );
}
