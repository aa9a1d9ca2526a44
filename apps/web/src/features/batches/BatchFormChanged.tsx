import Alert from '@mui/material/Alert';
import { PAYOUT_METHOD_TYPE_TITLES, type BatchDto } from '@payouts/contracts';
import { formatDateTime } from '../../components/formatDateTime.js';

/**
 * The PSP's form changed at the orchestrator under this batch (decision 041): which rows stopped
 * passing, and what to do, before anyone validates or submits it again.
 */
export function BatchFormChanged({ batch }: { batch: BatchDto }) {
  const change = batch.form_changed;
  if (!change) return null;
  const psp = batch.provider_title ?? batch.provider;
  const rows = `${change.rows} row${change.rows === 1 ? '' : 's'}`;
  const when = formatDateTime(change.at);
  return (
    <Alert severity="warning" role="status">
      {change.withdrawn
        ? `${psp} stopped offering ${PAYOUT_METHOD_TYPE_TITLES[batch.payout_method_type].toLowerCase()} payouts to ${batch.country} in ${batch.currency} (${when}): ${rows} can no longer be sent. Cancel this batch and upload its file for another PSP.`
        : `${psp}’s form for ${batch.country}/${batch.currency} changed at the orchestrator (${when}): ${rows} that passed no longer do${batch.status === 'draft' ? ', and the batch is a draft again' : ''}. Fix the cells shown, or leave those rows out, then validate again.`}
    </Alert>
  );
}
