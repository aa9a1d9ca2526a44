import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { BatchDto } from '@payouts/contracts';
import { DetailList } from '../../components/DetailList.js';
import { errorMessage } from '../../components/errorMessage.js';
import { formatMoney } from '../../components/formatMoney.js';
import { plural } from './batchText.js';
import { useBatchAction } from './useBatches.js';
import { formatCount } from '../../components/formatCount.js';

/** The rule's roles as words: `finance or admin`. */
export function rolesText(roles: readonly string[]): string {
  if (roles.length <= 1) return roles[0] ?? 'any approver';
  return `${roles.slice(0, -1).join(', ')} or ${roles[roles.length - 1] ?? ''}`;
}

/** What a validated batch will pay, then "Submit batch". */
export function BatchSummary({
  batch,
  onSubmitted,
}: {
  batch: BatchDto;
  onSubmitted?: (batch: BatchDto) => void;
}) {
  const action = useBatchAction(batch.id);
  const summary = batch.summary;
  if (!summary) return <Alert severity="warning">This batch has no summary yet.</Alert>;
  const approval = batch.approval;
  return (
    <Stack spacing={2} sx={{ maxWidth: 720 }}>
      <Typography variant="h6" component="h2">
        Summary
      </Typography>
      <DetailList
        items={[
          { label: 'Rows included', value: formatCount(summary.included) },
          { label: 'Rows excluded', value: formatCount(summary.excluded) },
          {
            label: 'Total',
            value: summary.totals.map((t) => formatMoney(t.amount, t.currency)).join(' · '),
          },
          {
            label: 'Per PSP',
            value: summary.per_provider
              .map(
                (p) =>
                  `${p.provider_title ?? p.provider}: ${plural(p.rows, 'row')}, ${formatMoney(p.amount, batch.currency)}`,
              )
              .join(' · '),
          },
          {
            label: 'Rows needing approval',
            value: formatCount(summary.rows_needing_approval),
          },
          {
            label: 'Rows that will wait individually',
            value: formatCount(summary.rows_waiting_individually),
          },
          {
            label: 'Batch approval',
            value:
              approval.required === 0
                ? 'None: the rows are sent when you submit'
                : `${plural(approval.required, 'approval')} by ${rolesText(approval.roles)}${
                    approval.rule ? ` (${approval.rule.name})` : ''
                  }`,
          },
        ]}
      />
      {action.isError ? (
        <Alert severity="error" role="alert">
          {errorMessage(action.error)}
        </Alert>
      ) : null}
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button
          variant="contained"
          loading={action.isPending}
          onClick={() =>
            action.mutate({ kind: 'submit' }, { onSuccess: (next) => onSubmitted?.(next) })
          }
        >
          Submit batch
        </Button>
      </Box>
    </Stack>
  );
}
