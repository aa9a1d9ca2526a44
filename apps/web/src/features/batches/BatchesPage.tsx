import AddIcon from '@mui/icons-material/Add';
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
import { can, PAYOUT_METHOD_TYPE_TITLES } from '@payouts/contracts';
import { Link as RouterLink } from 'react-router';
import { ErrorState } from '../../components/ErrorState.js';
import { formatDateTime } from '../../components/formatDateTime.js';
import { formatMoney } from '../../components/formatMoney.js';
import { Placeholder } from '../../components/Placeholder.js';
import { TextLink } from '../../components/TextLink.js';
import { useSession } from '../session/useSession.js';
import { BatchStatusChip } from './BatchStatusChip.js';
import { useBatchList } from './useBatches.js';
import { formatCount } from '../../components/formatCount.js';

/** Batch payouts from files, newest first. */
export function BatchesPage() {
  const { user } = useSession();
  const list = useBatchList();
  const items = list.data?.pages.flatMap((p) => p.items);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <title>Batches · Payouts back-office</title>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="h4" component="h1" sx={{ flexGrow: 1 }}>
          Batches
        </Typography>
        {can(user?.role, 'batches:write') ? (
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            component={RouterLink}
            to="/batches/new"
          >
            New batch
          </Button>
        ) : null}
      </Box>
      <Paper variant="outlined">
        {list.isError && items === undefined ? (
          <Box sx={{ p: 2 }}>
            <ErrorState
              error={list.error}
              title="The batches could not be loaded"
              onRetry={() => void list.refetch()}
            />
          </Box>
        ) : items === undefined ? (
          <Box sx={{ p: 2 }}>
            <Placeholder height={200} label="Loading the batches" />
          </Box>
        ) : items.length === 0 ? (
          <Typography role="status" sx={{ p: 4, textAlign: 'center' }}>
            No batches yet.
          </Typography>
        ) : (
          <TableContainer>
            <Table size="small" aria-label="Batches">
              <TableHead>
                <TableRow>
                  <TableCell>File</TableCell>
                  <TableCell>Status</TableCell>
                  <TableCell>Corridor</TableCell>
                  <TableCell>Type</TableCell>
                  <TableCell>PSP</TableCell>
                  <TableCell align="right">Rows</TableCell>
                  <TableCell align="right">Total</TableCell>
                  <TableCell>Created</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {items.map((b) => (
                  <TableRow key={b.id} hover>
                    <TableCell>
                      <TextLink to={`/batches/${encodeURIComponent(b.id)}`}>{b.file_name}</TextLink>
                    </TableCell>
                    <TableCell>
                      <BatchStatusChip status={b.status} />
                    </TableCell>
                    <TableCell>
                      {b.country} · {b.currency}
                    </TableCell>
                    <TableCell>{PAYOUT_METHOD_TYPE_TITLES[b.payout_method_type]}</TableCell>
                    <TableCell>{b.provider_title ?? b.provider}</TableCell>
                    <TableCell align="right">{formatCount(b.counts.rows)}</TableCell>
                    <TableCell align="right">
                      {b.summary
                        ? b.summary.totals.map((t) => formatMoney(t.amount, t.currency)).join(' · ')
                        : '—'}
                    </TableCell>
                    <TableCell>
                      {b.created_by.name}
                      <Typography
                        variant="body2"
                        color="textSecondary"
                        component="span"
                        sx={{ display: 'block' }}
                      >
                        {formatDateTime(b.created_at)}
                      </Typography>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
        {list.hasNextPage ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', p: 1 }}>
            <Button loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
              Load more
            </Button>
          </Box>
        ) : null}
      </Paper>
    </Box>
  );
}
