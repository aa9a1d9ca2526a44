import DownloadIcon from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { can, PAYOUT_METHOD_TYPE_TITLES } from '@payouts/contracts';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useApi } from '../../api/ApiContext.js';
import { BackLink, detailQueryState } from '../../components/DetailQueryState.js';
import { DetailList } from '../../components/DetailList.js';
import { errorMessage } from '../../components/errorMessage.js';
import { formatDateTime } from '../../components/formatDateTime.js';
import { regionName } from '../../components/regionName.js';
import { TextLink } from '../../components/TextLink.js';
import { useProviders } from '../providers/useProviders.js';
import { useSession } from '../session/useSession.js';
import { CancelBatchDialog, RetryBatchDialog } from './BatchDialogs.js';
import { BatchChangedByOthers } from './BatchChangedByOthers.js';
import { BatchFormChanged } from './BatchFormChanged.js';
import { BatchPreview } from './BatchPreview.js';
import { BatchProgress } from './BatchProgress.js';
import { BatchStatusChip } from './BatchStatusChip.js';
import { BatchSteps } from './BatchSteps.js';
import { BatchSummary } from './BatchSummary.js';
import { isFinalBatch, plural } from './batchText.js';
import { useBatch, useBatchAction, useRetryBatch } from './useBatches.js';
import { ApprovalPanel, BatchResults } from './BatchPanels.js';

/**
 * One batch. A draft shows its preview (fix, continue), a validated batch its summary (submit);
 * from then on: its approval, its progress (read again every 2 s while sending), every row with
 * its payout, cancel, retry of the failed rows through another PSP, and the results export.
 */
export function BatchDetailPage() {
  const { id = '' } = useParams();
  const api = useApi();
  const navigate = useNavigate();
  const { user } = useSession();
  const query = useBatch(id);
  const batch = query.data;
  const action = useBatchAction(id);
  const retry = useRetryBatch(id);
  const [cancelling, setCancelling] = useState(false);
  const [retrying, setRetrying] = useState(false);
  const providers = useProviders(
    retrying && batch ? { country: batch.country, currency: batch.currency } : null,
  );
  const back = <BackLink to="/batches" label="Batches" />;
  const pending = detailQueryState({ back, noun: 'batch', query });
  if (pending !== null || !batch) return pending;

  const writer = can(user?.role, 'batches:write');
  // A batch belongs to its uploader: only they (or an admin) change, validate or cancel it.
  const owner = writer && (batch.created_by.id === user?.id || user?.role === 'admin');
  const failed = (batch.counts.payouts.failed ?? 0) + (batch.counts.payouts.declined ?? 0);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <title>{`${batch.file_name} · Batches · Payouts back-office`}</title>
      {back}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="h4" component="h1" sx={{ overflowWrap: 'anywhere' }}>
          {batch.file_name}
        </Typography>
        <BatchStatusChip status={batch.status} />
      </Box>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <DetailList
          items={[
            {
              label: 'Corridor',
              value: `${regionName(batch.country)} · ${batch.currency}`,
            },
            { label: 'Type', value: PAYOUT_METHOD_TYPE_TITLES[batch.payout_method_type] },
            { label: 'PSP', value: batch.provider_title ?? batch.provider },
            {
              label: 'Created',
              value: `${batch.created_by.name}, ${formatDateTime(batch.created_at)}`,
            },
            ...(batch.retry_of
              ? [
                  {
                    label: 'Retries',
                    value: (
                      <TextLink to={`/batches/${encodeURIComponent(batch.retry_of)}`}>
                        the failed rows of an earlier batch
                      </TextLink>
                    ),
                  },
                ]
              : []),
            ...(batch.cancelled
              ? [
                  {
                    label: 'Cancelled',
                    value: `${batch.cancelled.by.name}, ${formatDateTime(batch.cancelled.at)}${
                      batch.cancelled.reason ? `: ${batch.cancelled.reason}` : ''
                    }`,
                  },
                ]
              : []),
          ]}
        />
      </Paper>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {owner && !isFinalBatch(batch.status) ? (
          <Button variant="outlined" color="error" onClick={() => setCancelling(true)}>
            Cancel batch
          </Button>
        ) : null}
        {writer && failed > 0 ? (
          <Button variant="outlined" onClick={() => setRetrying(true)}>
            Retry failed rows
          </Button>
        ) : null}
        {batch.status !== 'draft' && batch.status !== 'validated' ? (
          <Button
            variant="outlined"
            component="a"
            href={api.batches.resultsUrl(batch.id)}
            download={`${batch.file_name.replace(/\.csv$/i, '')}-results.csv`}
            startIcon={<DownloadIcon />}
          >
            Export results
          </Button>
        ) : null}
      </Box>
      <BatchFormChanged batch={batch} />
      <BatchChangedByOthers batch={batch} />
      {batch.status === 'draft' ? (
        <Paper variant="outlined" sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 2 }}>
          <BatchSteps active="Preview" />
          {owner ? (
            <BatchPreview batch={batch} />
          ) : (
            <Typography>This batch is a draft: {batch.created_by.name} prepares it.</Typography>
          )}
        </Paper>
      ) : batch.status === 'validated' ? (
        <Paper variant="outlined" sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 2 }}>
          <BatchSteps active="Summary" />
          {owner ? (
            <BatchSummary batch={batch} />
          ) : (
            <Typography>This batch waits to be submitted.</Typography>
          )}
        </Paper>
      ) : (
        <>
          <Paper variant="outlined" sx={{ p: 2 }}>
            <ApprovalPanel batch={batch} />
            {batch.status === 'awaiting_approval' && batch.summary ? (
              <Typography sx={{ mt: 1 }}>
                {plural(batch.summary.included, 'row')} included,{' '}
                {plural(batch.summary.rows_waiting_individually, 'row')} will wait for their own
                approval after the batch is approved.
              </Typography>
            ) : null}
          </Paper>
          <Paper variant="outlined" sx={{ p: 2 }}>
            <BatchProgress counts={batch.counts} />
          </Paper>
          <Paper variant="outlined" sx={{ p: 2 }}>
            <BatchResults batch={batch} />
          </Paper>
        </>
      )}
      {cancelling ? (
        <CancelBatchDialog
          open
          pending={action.isPending}
          error={action.isError ? errorMessage(action.error) : null}
          onClose={() => {
            action.reset();
            setCancelling(false);
          }}
          onConfirm={(reason) =>
            action.mutate({ kind: 'cancel', reason }, { onSuccess: () => setCancelling(false) })
          }
        />
      ) : null}
      {retrying ? (
        <RetryBatchDialog
          open
          providers={providers.data?.providers.filter(
            (p) => p.payout_method_type === batch.payout_method_type,
          )}
          current={batch.provider}
          pending={retry.isPending}
          error={retry.isError ? errorMessage(retry.error) : null}
          onClose={() => {
            retry.reset();
            setRetrying(false);
          }}
          onRetry={(provider) =>
            retry.mutate(provider, {
              onSuccess: (next) => {
                setRetrying(false);
                void navigate(`/batches/${encodeURIComponent(next.id)}`);
              },
            })
          }
        />
      ) : null}
    </Box>
  );
}
