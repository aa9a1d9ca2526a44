import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { isFinalStatus, type PayoutDto, type PayoutStatus } from '@payouts/contracts';
import { Link as RouterLink } from 'react-router';
import { DetailList } from '../../components/DetailList.js';
import { ErrorState } from '../../components/ErrorState.js';
import { formatMoney } from '../../components/formatMoney.js';
import { StatusChip } from '../../components/StatusChip.js';
import { PAYOUT_STATUS_STYLES } from '../../components/payoutStatusStyles.js';
import { useState } from 'react';
import { BeneficiaryForm, type BeneficiaryFormInitial } from '../beneficiaries/BeneficiaryForm.js';
import {
  approvalCount,
  approvalsMissing,
  approvalsRequired,
  rolesText,
} from '../payouts/approvalRole.js';
import { usePayout } from '../payouts/usePayout.js';

function resultSeverity(status: PayoutStatus): 'success' | 'info' | 'warning' | 'error' {
  if (status === 'awaiting_approval') return 'info';
  if (status === 'failed' || status === 'declined' || status === 'rejected') return 'error';
  return status === 'unknown' ? 'warning' : 'success';
}

function resultText(payout: PayoutDto): string {
  const { order_id: orderId, status } = payout;
  if (status === 'awaiting_approval') {
    const required = approvalsRequired(payout);
    return required > 1
      ? `Payout ${orderId} was created. Needs ${approvalCount(required)}: nothing is sent until ${required} people other than you approve it.`
      : `Payout ${orderId} was created. Nothing is sent until a second person approves it.`;
  }
  if (status === 'failed') return `Payout ${orderId} was refused by the orchestrator.`;
  if (status === 'unknown') {
    return `Payout ${orderId} was sent, but the orchestrator's answer did not arrive. It is being reconciled and will not be sent again.`;
  }
  return `Payout ${orderId} was created.`;
}

/** The payout just made, with its status kept live until it is final. */
export function ResultStep({
  payoutId,
  onAnother,
  typedDetails = null,
}: {
  payoutId: string;
  onAnother: () => void;
  /**
   * What was typed in this wizard session (new details, not a saved beneficiary), offered as
   * "Save as beneficiary". From memory only: the server never returns full details.
   */
  typedDetails?: BeneficiaryFormInitial | null;
}) {
  const detail = usePayout(payoutId);
  const payout = detail.data?.payout;
  const [saving, setSaving] = useState(false);
  const [savedId, setSavedId] = useState<string | null>(null);
  return (
    <Stack spacing={2} sx={{ maxWidth: 720 }}>
      {payout ? (
        <>
          <Alert severity={resultSeverity(payout.status)}>{resultText(payout)}</Alert>
          <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }} aria-live="polite">
            <Typography>Status:</Typography>
            <StatusChip status={payout.status} size="medium" />
            <Typography variant="body2" color="textSecondary">
              {PAYOUT_STATUS_STYLES[payout.status]?.description}
            </Typography>
          </Stack>
          {payout.status === 'awaiting_approval' ? (
            <Typography sx={{ fontWeight: 600 }}>
              {approvalsRequired(payout) > 1
                ? `Needs ${approvalsMissing(payout)} more ${approvalsMissing(payout) === 1 ? 'approval' : 'approvals'}${payout.approval_rule ? ` (rule: ${payout.approval_rule.name})` : ''}`
                : `Needs approval by a second person${
                    payout.approval_threshold
                      ? ` above ${formatMoney(payout.approval_threshold, payout.currency)}`
                      : ''
                  }`}
              . You cannot approve your own payout; {rolesText(payout)} will find it under
              &quot;Needs my approval&quot;.
            </Typography>
          ) : isFinalStatus(payout.status) ? null : (
            <LinearProgress aria-label="Waiting for the final status" />
          )}
          <DetailList
            items={[
              { label: 'Amount', value: formatMoney(payout.amount, payout.currency) },
              { label: 'PSP', value: payout.provider_title ?? payout.provider },
              { label: 'Orchestrator ID', value: payout.orchestrator_id ?? '—' },
              ...(payout.decline_reason
                ? [{ label: 'Decline reason', value: payout.decline_reason }]
                : []),
            ]}
          />
        </>
      ) : detail.isError ? (
        <ErrorState
          error={detail.error}
          title="The payout's status could not be loaded"
          onRetry={() => void detail.refetch()}
        />
      ) : (
        <LinearProgress aria-label="Loading the payout" />
      )}
      {typedDetails && payout && savedId === null && !saving ? (
        <Stack direction="row">
          <Button variant="outlined" onClick={() => setSaving(true)}>
            Save as beneficiary
          </Button>
        </Stack>
      ) : null}
      {typedDetails && saving && savedId === null ? (
        <section aria-label="Save as beneficiary">
          <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
            Save as beneficiary
          </Typography>
          <BeneficiaryForm
            initial={{
              ...typedDetails,
              display_name: payout?.recipient?.name ?? '',
              email: payout?.recipient?.email ?? '',
            }}
            onCreated={(b) => setSavedId(b.id)}
          />
        </section>
      ) : null}
      {savedId ? (
        <Alert severity="success">
          Saved.{' '}
          <Link component={RouterLink} to={`/beneficiaries/${encodeURIComponent(savedId)}`}>
            Open the beneficiary
          </Link>
        </Alert>
      ) : null}
      <Stack direction="row" spacing={2}>
        <Button
          variant="contained"
          component={RouterLink}
          to={`/payouts/${encodeURIComponent(payoutId)}`}
        >
          Open the payout
        </Button>
        <Button variant="outlined" onClick={onAnother}>
          Make another payout
        </Button>
        <Link component={RouterLink} to="/payouts" sx={{ alignSelf: 'center' }}>
          Back to the list
        </Link>
      </Stack>
    </Stack>
  );
}
