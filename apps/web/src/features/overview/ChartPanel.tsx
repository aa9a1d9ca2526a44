import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useId, useState, type ReactNode } from 'react';
import { ErrorState } from '../../components/ErrorState.js';
import { Placeholder } from '../../components/Placeholder.js';

/** A chart's text alternative: the same figures as a table (headers, then one row per element). */
export interface ChartTable {
  caption: string;
  columns: readonly { label: string; numeric?: boolean }[];
  rows: readonly { key: string; cells: readonly ReactNode[] }[];
}

function DataTable({ table }: { table: ChartTable }) {
  return (
    <TableContainer sx={{ maxHeight: 360 }}>
      <Table size="small" stickyHeader>
        <caption style={{ captionSide: 'top', textAlign: 'left', padding: '0 0 8px' }}>
          {table.caption}
        </caption>
        <TableHead>
          <TableRow>
            {table.columns.map((column) => (
              <TableCell key={column.label} align={column.numeric ? 'right' : 'left'}>
                {column.label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {table.rows.map((row) => (
            <TableRow key={row.key}>
              {row.cells.map((cell, i) => (
                <TableCell key={i} align={table.columns[i]?.numeric ? 'right' : 'left'}>
                  {cell}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/**
 * One chart of the page: its title, a "Show as table" switch (the text alternative, and the way
 * to the same click-throughs by keyboard), and its loading, error and empty states.
 */
export function ChartPanel({
  title,
  description,
  loading,
  error,
  onRetry,
  empty,
  emptyText = 'Nothing to show in this range.',
  table,
  toolbar,
  children,
}: {
  title: string;
  /** What the chart shows, read with it (the figure's description). */
  description: string;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  empty: boolean;
  emptyText?: string;
  table: () => ChartTable;
  /** Controls of the chart itself (which currency). */
  toolbar?: ReactNode;
  children: ReactNode;
}) {
  const [asTable, setAsTable] = useState(false);
  const titleId = useId();
  const descriptionId = useId();
  let body: ReactNode;
  if (error) {
    body = <ErrorState error={error} title={`Could not load “${title}”`} onRetry={onRetry} />;
  } else if (loading) {
    body = <Placeholder height={240} label={`Loading ${title}`} />;
  } else if (empty) {
    body = (
      <Typography color="textSecondary" sx={{ py: 4, textAlign: 'center' }}>
        {emptyText}
      </Typography>
    );
  } else if (asTable) {
    body = <DataTable table={table()} />;
  } else {
    body = (
      <Box role="figure" aria-labelledby={titleId} aria-describedby={descriptionId}>
        {children}
      </Box>
    );
  }
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={titleId}
      sx={{ p: 2, minWidth: 0, display: 'flex', flexDirection: 'column', gap: 1 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h2" id={titleId} sx={{ flexGrow: 1 }}>
          {title}
        </Typography>
        <Button
          size="small"
          variant={asTable ? 'contained' : 'text'}
          aria-pressed={asTable}
          onClick={() => setAsTable(!asTable)}
        >
          Show as table
        </Button>
      </Box>
      <Typography variant="body2" color="textSecondary" id={descriptionId}>
        {description}
      </Typography>
      {toolbar && !error && !loading && !empty ? toolbar : null}
      {body}
    </Paper>
  );
}
