import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { BatchDto } from '@payouts/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useApi } from '../../api/ApiContext.js';
import { ErrorState } from '../../components/ErrorState.js';
import { errorMessage } from '../../components/errorMessage.js';
import { Placeholder } from '../../components/Placeholder.js';
import { BatchGrid } from './BatchGrid.js';
import { plural } from './batchText.js';
import { downloadText } from './downloadText.js';
import { localBatchFiles } from './localBatchFiles.js';
import {
  batchQueryKeys,
  fetchAllBatchRows,
  useBatchAction,
  useBatchRows,
  useFixBatchRow,
} from './useBatches.js';

/**
 * A draft batch, every row in a grid: invalid cells marked, fixable in place; the rows with
 * errors as a CSV; then "Continue" (all valid) or "Continue without the N invalid rows".
 */
export function BatchPreview({ batch }: { batch: BatchDto }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const [onlyErrors, setOnlyErrors] = useState(false);
  const rows = useBatchRows(batch.id, onlyErrors ? 'errors' : 'all');
  const fix = useFixBatchRow(batch.id);
  const action = useBatchAction(batch.id);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const invalid = batch.counts.invalid;

  const downloadErrors = async () => {
    setDownloadError(null);
    try {
      const errors = await queryClient.fetchQuery({
        queryKey: batchQueryKeys.rows(batch.id, 'errors'),
        queryFn: ({ signal }) => fetchAllBatchRows(api.batches, batch.id, 'errors', signal),
      });
      const base = batch.file_name.replace(/\.csv$/i, '');
      // The CSV writer comes with the template code of the contracts: loaded when asked for.
      const { errorRowsCsv } = await import('./errorRowsCsv.js');
      downloadText(
        `${base}-errors.csv`,
        errorRowsCsv(batch, errors.rows, localBatchFiles.get(batch.id)),
      );
    } catch (error) {
      setDownloadError(errorMessage(error));
    }
  };

  return (
    <Stack spacing={2}>
      <Typography role="status">
        {plural(batch.counts.rows, 'row')}:{' '}
        {invalid === 0 ? 'all valid' : `${plural(invalid, 'row')} with errors`}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        <FormControlLabel
          control={
            <Switch checked={onlyErrors} onChange={(e) => setOnlyErrors(e.target.checked)} />
          }
          label="Only rows with errors"
        />
        <Button
          startIcon={<DownloadIcon />}
          disabled={invalid === 0}
          onClick={() => void downloadErrors()}
        >
          Download rows with errors
        </Button>
      </Box>
      {downloadError ? <Alert severity="error">{downloadError}</Alert> : null}
      {rows.data ? (
        rows.data.rows.length === 0 ? (
          <Typography sx={{ p: 2 }}>No rows with errors.</Typography>
        ) : (
          <BatchGrid
            batch={batch}
            rows={rows.data.rows}
            label={`Rows of ${batch.file_name}`}
            editable={batch.status === 'draft'}
            onFix={async (row, column, value) => {
              await fix.mutateAsync({ row, cells: { [column]: value } });
            }}
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
      {action.isError ? (
        <Alert severity="error" role="alert">
          {errorMessage(action.error)}
        </Alert>
      ) : null}
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
        <Button
          variant="contained"
          loading={action.isPending}
          disabled={batch.counts.rows - invalid === 0}
          onClick={() => action.mutate({ kind: 'validate', excludeInvalid: invalid > 0 })}
        >
          {invalid === 0 ? 'Continue' : `Continue without ${plural(invalid, 'invalid row')}`}
        </Button>
      </Box>
    </Stack>
  );
}
