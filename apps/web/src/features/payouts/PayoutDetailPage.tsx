import RefreshIcon from '@mui/icons-material/Refresh';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { can, PAYOUT_METHOD_TYPE_TITLES } from '@payouts/contracts';
import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { DetailList, Section } from '../../components/DetailList.js';
import { BackLink, detailQueryState } from '../../components/DetailQueryState.js';
import { ErrorState } from '../../components/ErrorState.js';
import { formatDateTime } from '../../components/formatDateTime.js';
import { regionName } from '../../components/regionName.js';
import { StatusChip } from '../../components/StatusChip.js';
import { TestBadge } from '../../components/TestBadge.js';
import { useFieldTitles } from '../providers/useFieldTitles.js';
import { useSession } from '../session/useSession.js';
import { displayMetadataValue } from './displayMetadataValue.js';
import { approvalProgressText } from './approvalRole.js';
import { ApprovalOutcome } from './PayoutApproval.js';
import { attentionText } from './payoutAttention.js';
import { resolutionNeeded } from './resolutionNeeded.js';
import { useCheckStatus, usePayout } from './usePayout.js';
import { Money } from '../../components/Money.js';
import { formatMoney } from '../../components/formatMoney.js';

// Loaded once a payout waits for approval (kept, to show how a decision went): budgets.json.
const ApprovalControls = lazy(() =>
  import('./ApprovalControls.js').then((m) => ({ default: m.ApprovalControls })),
);

// Below the fold: loaded beside the page, not before it (budgets.json).
const PayoutTimeline = lazy(() =>
  import('./PayoutTimeline.js').then((m) => ({ default: m.PayoutTimeline })),
);

// Loaded only for a payout that needs settling by hand: most pages never show it.
const ResolutionControls = lazy(() =>
  import('./PayoutResolution.js').then((m) => ({ default: m.ResolutionControls })),
);

function Code({ children }: { children: string | null | undefined }) {
  return children ? (
    <Typography component="code" sx={{ fontFamily: 'monospace', fontSize: '0.9em' }}>
      {children}
    </Typography>
  ) : (
    '—'
  );
}

/** Why a person should look, in words; the timeline holds the evidence (every lookup). */
export function PayoutDetailPage() {
  const { id = '' } = useParams();
  const { user } = useSession();
  const detail = usePayout(id);
  const checkStatus = useCheckStatus(id);
  const [approvalSeen, setApprovalSeen] = useState(false);
  if (!approvalSeen && detail.data?.payout.status === 'awaiting_approval') setApprovalSeen(true);
  const titleOf = useFieldTitles(detail.data?.payout);

  const back = <BackLink to="/payouts" label="Payouts" />;
  const state = detailQueryState({ back, noun: 'payout', query: detail });
  if (state || !detail.data) return state;

  const { payout, events } = detail.data;
  const metadata = Object.entries(payout.metadata);
  // A payout under an approval rule shows the rule and its approvals; older ones their threshold.
  const approvalProgress = approvalProgressText(payout);
  return (
    <Stack spacing={2}>
      <title>{`Payout ${payout.order_id} · Payouts back-office`}</title>
      {back}
      <Stack direction="row" sx={{ alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="h4" component="h1" sx={{ overflowWrap: 'anywhere' }}>
          Payout {payout.order_id}
        </Typography>
        <StatusChip status={payout.status} size="medium" />
        {payout.is_test ? <TestBadge label="Test payout" /> : null}
        <Stack direction="row" sx={{ flexGrow: 1, justifyContent: 'flex-end' }}>
          {/* Not sent (awaiting approval, rejected, cancelled): the orchestrator has nothing to check. */}
          {can(user?.role, 'payouts:check-status') &&
          payout.status !== 'awaiting_approval' &&
          payout.status !== 'rejected' ? (
            <Button
              variant="outlined"
              startIcon={<RefreshIcon />}
              loading={checkStatus.isPending}
              onClick={() => checkStatus.mutate()}
            >
              Check status
            </Button>
          ) : null}
        </Stack>
      </Stack>
      <ApprovalOutcome payout={payout} />
      {approvalSeen ? (
        <Suspense fallback={null}>
          <ApprovalControls payout={payout} user={user} />
        </Suspense>
      ) : null}
      {resolutionNeeded(payout, user) ? (
        <Suspense fallback={null}>
          <ResolutionControls payout={payout} user={user} />
        </Suspense>
      ) : null}
      {payout.resent_from ? (
        <Alert severity="info">
          This payout sends again{' '}
          <Link component={RouterLink} to={`/payouts/${payout.resent_from}`}>
            one that was marked failed
          </Link>
          .
        </Alert>
      ) : null}
      {payout.needs_attention ? <Alert severity="warning">{attentionText(payout)}</Alert> : null}
      {checkStatus.isError ? (
        <ErrorState error={checkStatus.error} title="The status could not be checked" />
      ) : null}
      {checkStatus.isSuccess ? (
        <Alert severity="info" onClose={() => checkStatus.reset()}>
          Status checked: {payout.orchestrator_status ?? 'no answer from the orchestrator'}.
        </Alert>
      ) : null}
      {payout.decline_code || payout.decline_reason ? (
        <Alert severity="error">
          Declined{payout.decline_code ? ` (${payout.decline_code})` : ''}
          {payout.decline_reason ? `: ${payout.decline_reason}` : ''}
        </Alert>
      ) : null}
      {payout.status === 'failed' ? (
        <Alert severity="error">
          The orchestrator refused this payout; nothing was sent
          {payout.failure_reason ? `: ${payout.failure_reason}` : '.'}
        </Alert>
      ) : null}
      {payout.status === 'unknown' ? (
        <Alert severity="warning">
          The orchestrator has not confirmed this payout yet. It is being reconciled and will not be
          sent again.
        </Alert>
      ) : null}
      <Section title="Payout">
        <DetailList
          items={[
            { label: 'Amount', value: <Money amount={payout.amount} currency={payout.currency} /> },
            { label: 'PSP', value: payout.provider_title ?? payout.provider },
            {
              label: 'Payout method',
              value:
                PAYOUT_METHOD_TYPE_TITLES[payout.payout_method_type] ?? payout.payout_method_type,
            },
            { label: 'Country', value: `${regionName(payout.country)} (${payout.country})` },
            ...(payout.beneficiary_id
              ? [
                  {
                    label: 'Beneficiary',
                    value: (
                      <Link
                        component={RouterLink}
                        to={`/beneficiaries/${encodeURIComponent(payout.beneficiary_id)}`}
                      >
                        Open the saved beneficiary
                      </Link>
                    ),
                  },
                ]
              : []),
            ...(payout.batch
              ? [
                  {
                    label: 'Batch',
                    value: (
                      <Link
                        component={RouterLink}
                        to={`/batches/${encodeURIComponent(payout.batch.id)}`}
                      >
                        Row {payout.batch.row} of its batch
                      </Link>
                    ),
                  },
                ]
              : []),
            ...(payout.state ? [{ label: 'State', value: payout.state }] : []),
            {
              label: 'Created',
              value: `${formatDateTime(payout.created_at)}${payout.created_by ? ` by ${payout.created_by.name}` : ''}`,
            },
            ...(approvalProgress
              ? [{ label: 'Approvals', value: approvalProgress }]
              : payout.requires_approval
                ? [
                    {
                      label: 'Four eyes',
                      value: payout.approval_threshold
                        ? `Required above ${formatMoney(payout.approval_threshold, payout.currency)}`
                        : 'Required',
                    },
                  ]
                : []),
            ...(payout.approved_by
              ? [
                  {
                    label: 'Approved by',
                    value: `${payout.approved_at ? formatDateTime(payout.approved_at) : ''} by ${payout.approved_by.name}`,
                  },
                ]
              : []),
            ...(payout.rejected_by
              ? [
                  {
                    label: payout.cancelled ? 'Cancelled' : 'Rejected',
                    value: `${payout.rejected_at ? formatDateTime(payout.rejected_at) : ''} by ${payout.rejected_by.name}`,
                  },
                ]
              : []),
            ...(payout.rejection_reason
              ? [
                  {
                    label: payout.cancelled ? 'Cancellation reason' : 'Rejection reason',
                    value: payout.rejection_reason,
                  },
                ]
              : []),
            { label: 'Last update', value: formatDateTime(payout.updated_at) },
          ]}
        />
      </Section>
      <Section title="Recipient">
        {metadata.length === 0 ? (
          <Typography>No recipient details.</Typography>
        ) : (
          <DetailList
            items={metadata.map(([name, value]) => ({
              label: titleOf(name),
              value: displayMetadataValue(name, value),
            }))}
          />
        )}
      </Section>
      <Section title="References">
        <DetailList
          items={[
            { label: 'Order ID', value: <Code>{payout.order_id}</Code> },
            { label: 'Orchestrator ID', value: <Code>{payout.orchestrator_id}</Code> },
            { label: 'PSP transaction ID', value: <Code>{payout.psp_transaction_id}</Code> },
            { label: 'Orchestrator status', value: <Code>{payout.orchestrator_status}</Code> },
            { label: 'Decline code', value: <Code>{payout.decline_code}</Code> },
            { label: 'Decline reason', value: payout.decline_reason ?? '—' },
          ]}
        />
      </Section>
      <Section title="Timeline">
        <Suspense fallback={<Typography>Loading the timeline…</Typography>}>
          <PayoutTimeline events={events} />
        </Suspense>
      </Section>
    </Stack>
  );
}
