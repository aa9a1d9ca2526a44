import type { BatchDto } from '@payouts/contracts';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/ApiContext.js';
import { ErrorState } from '../../components/ErrorState.js';
import { formatDateTime } from '../../components/formatDateTime.js';
import { formatMoney } from '../../components/formatMoney.js';
import { TextLink } from '../../components/TextLink.js';

/** The most batches the inbox lists: batches awaiting approval are few. */
const BATCHES_SHOWN = 100;

function approvalsText(batch: BatchDto): string {
  const { required, approvals } = batch.approval;
  const missing = Math.max(0, required - approvals.length);
  return `${approvals.length} of ${required} approval${required === 1 ? '' : 's'}${missing > 0 ? `, ${missing} to go` : ''}`;
}

/**
 * Batches awaiting approval, beside the payouts: each is decided on its own page, where its rows
 * and totals are shown before anyone approves. Nothing when none waits.
 */
export function BatchApprovals() {
  const api = useApi();
  const batches = useQuery({
    queryKey: ['batches', 'list', 'awaiting_approval'],
    queryFn: ({ signal }) =>
      api.batches.list({ status: 'awaiting_approval', limit: BATCHES_SHOWN }, signal),
  });
  if (batches.isError) {
    return (
      <ErrorState
        error={batches.error}
        title="The batches awaiting approval could not be loaded"
        onRetry={() => void batches.refetch()}
      />
    );
  }
  const items = batches.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="batch-approvals">
      <Typography id="batch-approvals" variant="h6" component="h2" sx={{ mb: 1 }}>
        Batches
      </Typography>
      <Paper variant="outlined">
        <TableContainer>
          <Table size="small" aria-labelledby="batch-approvals">
            <TableHead>
              <TableRow>
                <TableCell>File</TableCell>
                <TableCell align="right">Rows</TableCell>
                <TableCell align="right">Total</TableCell>
                <TableCell>Uploaded by</TableCell>
                <TableCell>Rule</TableCell>
                <TableCell>Yours to decide?</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {items.map((batch) => (
                <TableRow key={batch.id}>
                  <TableCell>
                    <TextLink to={`/batches/${batch.id}`}>{batch.file_name}</TextLink>
                  </TableCell>
                  <TableCell align="right">
                    {batch.summary?.included ?? batch.counts.rows}
                  </TableCell>
                  <TableCell align="right">
                    {(batch.summary?.totals ?? [])
                      .map((t) => formatMoney(t.amount, t.currency))
                      .join(' · ') || '—'}
                  </TableCell>
                  <TableCell>
                    {batch.created_by.name || batch.created_by.email}
                    <Typography variant="body2" color="text.secondary" component="span">
                      {' '}
                      · {formatDateTime(batch.created_at)}
                    </Typography>
                  </TableCell>
                  <TableCell>
                    {batch.approval.rule?.name ?? '—'}
                    <Typography variant="body2" color="text.secondary" component="span">
                      {' '}
                      · {approvalsText(batch)}
                    </Typography>
                  </TableCell>
                  <TableCell>
                    {batch.can_decide ? (
                      <TextLink to={`/batches/${batch.id}`}>Open it to approve or reject</TextLink>
                    ) : (
                      <Typography variant="body2" color="text.secondary" component="span">
                        {batch.cannot_decide_reason ?? 'Not yours to decide'}
                      </Typography>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </Paper>
    </section>
  );
}
