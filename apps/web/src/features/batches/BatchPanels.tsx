import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { BATCH_REASON_MAX_LENGTH, type BatchDto } from '@payouts/contracts';
import { useState } from 'react';
import { ErrorState } from '../../components/ErrorState.js';
import { errorMessage } from '../../components/errorMessage.js';
import { formatDateTime } from '../../components/formatDateTime.js';
import { Placeholder } from '../../components/Placeholder.js';
import { ReasonDialog } from '../../components/ReasonDialog.js';
import { BatchGrid } from './BatchGrid.js';
import { rolesText } from './BatchSummary.js';
import { plural } from './batchText.js';
import { BATCH_POLL_MS, useBatchAction, useBatchRows } from './useBatches.js';

/** A batch's approval panel and its results (counts, export). */
export function ApprovalPanel({ batch }: { batch: BatchDto }) {
  const action = useBatchAction(batch.id);
  const [rejecting, setRejecting] = useState(false);
  const { approval } = batch;
  if (approval.required === 0 && batch.status !== 'awaiting_approval') return null;
  return (
    <Stack spacing={1}>
      <Typography variant="h6" component="h2">
        Approval
      </Typography>
      <Typography>
        {plural(approval.required, 'approval')} required by {rolesText(approval.roles)}
        {approval.rule ? ` (${approval.rule.name})` : ''}: {approval.approvals.length} so far.
      </Typography>
      {approval.approvals.length > 0 ? (
        <Box component="ul" sx={{ m: 0 }}>
          {approval.approvals.map((a) => (
            <li key={`${a.step}:${a.by.id}`}>
              Approved by {a.by.name} on {formatDateTime(a.at)}
            </li>
          ))}
        </Box>
      ) : null}
      {approval.rejected ? (
        <Alert severity="warning">
          Rejected by {approval.rejected.by.name} on {formatDateTime(approval.rejected.at)}:{' '}
          {approval.rejected.reason}
        </Alert>
      ) : null}
      {batch.status === 'awaiting_approval' ? (
        batch.can_decide ? (
          <Box sx={{ display: 'flex', gap: 1 }}>
            <Button
              variant="contained"
              loading={action.isPending && action.variables?.kind === 'approve'}
              onClick={() => action.mutate({ kind: 'approve' })}
            >
              Approve batch
            </Button>
            <Button variant="outlined" color="error" onClick={() => setRejecting(true)}>
              Reject batch
            </Button>
          </Box>
        ) : batch.cannot_decide_reason ? (
          <Typography color="textSecondary">{batch.cannot_decide_reason}</Typography>
        ) : null
      ) : null}
      {action.isError && !rejecting ? (
        <Alert severity="error" role="alert">
          {errorMessage(action.error)}
        </Alert>
      ) : null}
      <ReasonDialog
        open={rejecting}
        title="Reject this batch?"
        text="None of its rows is sent. Say why, for the person who submitted it."
        submitLabel="Reject"
        pending={action.isPending}
        maxLength={BATCH_REASON_MAX_LENGTH}
        onClose={() => setRejecting(false)}
        onSubmit={(reason) =>
          // Closed either way: a refusal is shown under the buttons.
          action.mutate({ kind: 'reject', reason }, { onSettled: () => setRejecting(false) })
        }
      />
    </Stack>
  );
}

export function BatchResults({ batch }: { batch: BatchDto }) {
  const [onlyFailed, setOnlyFailed] = useState(false);
  const live = batch.status === 'approved' || batch.status === 'submitting';
  const rows = useBatchRows(batch.id, onlyFailed ? 'failed' : 'all', live ? BATCH_POLL_MS : false);
  return (
    <Stack spacing={1}>
      <Typography variant="h6" component="h2">
        Rows
      </Typography>
      <FormControlLabel
        control={<Switch checked={onlyFailed} onChange={(e) => setOnlyFailed(e.target.checked)} />}
        label="Only failed rows"
      />
      {rows.data ? (
        rows.data.rows.length === 0 ? (
          <Typography>No rows to show.</Typography>
        ) : (
          <BatchGrid
            batch={batch}
            rows={rows.data.rows}
            label={`Rows of ${batch.file_name}`}
            results
          />
        )
      ) : rows.isError ? (
        <ErrorState
          error={rows.error}
          title="The rows could not be loaded"
          onRetry={() => void rows.refetch()}
        />
      ) : (
        <Placeholder height={320} label="Loading the rows" />
      )}
    </Stack>
  );
}
