import type { PayoutDto, SessionUser } from '@payouts/contracts';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { lazy, Suspense, useState } from 'react';
import { isApiError } from '../../api/ApiError.js';
import { ErrorState } from '../../components/ErrorState.js';
import { formatMoney } from '../../components/formatMoney.js';
import {
  approvalCount,
  approvalProgressText,
  approvalRole,
  approvalsMissing,
  approvalsRequired,
  rolesText,
} from './approvalRole.js';
import { usePayoutApproval, type ApprovalAction } from './usePayout.js';

// The reason dialog (MUI's dialog and text field) loads when first opened: the detail page's
// first screen is on a budget (apps/web/budgets.json).
const PayoutReasonDialog = lazy(() =>
  import('./PayoutReasonDialog.js').then((m) => ({ default: m.PayoutReasonDialog })),
);

function thresholdText(payout: PayoutDto): string {
  return payout.approval_threshold
    ? ` above ${formatMoney(payout.approval_threshold, payout.currency)}`
    : ' above the threshold';
}

const ACTION_FAILED: Readonly<Record<ApprovalAction['kind'], string>> = {
  approve: 'The payout could not be approved',
  reject: 'The payout could not be rejected',
  cancel: 'The payout could not be cancelled',
};

/**
 * Four eyes on the detail page, for a payout awaiting approval: Approve and Reject for whoever may
 * still add an approval (not its creator, not someone who already approved, a role the frozen rule
 * names), Cancel for its creator, an explanation for everyone else.
 */
export function ApprovalControls({
  payout,
  user,
}: {
  payout: PayoutDto;
  user: SessionUser | null | undefined;
}) {
  const approval = usePayoutApproval(payout.id);
  const [dialog, setDialog] = useState<'reject' | 'cancel' | null>(null);
  // Mounted from the first opening on, and kept: it clears its reason once it has closed.
  const [dialogUsed, setDialogUsed] = useState(false);
  const role = approvalRole(payout, user);
  const run = (action: ApprovalAction): void => {
    approval.mutate(action, {
      onSuccess: () => setDialog(null),
      onError: (error) => {
        // Field problems stay in the dialog; anything else (403, 409) shows on the page.
        if (!isApiError(error, 'validation_failed')) setDialog(null);
      },
    });
  };
  const failure =
    approval.isError && !(dialog !== null && isApiError(approval.error, 'validation_failed')) ? (
      <ErrorState error={approval.error} title={ACTION_FAILED[approval.variables.kind]} />
    ) : null;

  if (payout.status !== 'awaiting_approval') return failure;

  const progress = approvalProgressText(payout);
  const missing = approvalsMissing(payout);
  const required = approvalsRequired(payout);
  const more = `${missing} more ${missing === 1 ? 'approval' : 'approvals'}`;
  // The approve just made left it waiting for others: say so rather than "then sent".
  const approvedJustNow =
    approval.isSuccess &&
    approval.variables.kind === 'approve' &&
    approval.data.status === 'awaiting_approval';
  const title =
    progress ??
    (required > 1
      ? `Needs ${approvalCount(required)}${thresholdText(payout)}`
      : `Needs approval by a second person${thresholdText(payout)}`);
  let explanation: string;
  if (role === 'approver') {
    explanation =
      missing > 1
        ? `Nothing has been sent yet. Approve to add yours (${approvalCount(missing)} still needed), or reject it with a reason.`
        : 'Nothing has been sent yet. Approve to send it to the orchestrator, or reject it with a reason.';
  } else if (role === 'approved') {
    explanation = `You approved this payout; it waits for ${more}.`;
  } else if (role === 'creator') {
    // One approval, none given yet: the four-eyes words, rule or not.
    explanation =
      missing > 1 || payout.approvals.length > 0
        ? `Waiting for ${more}: you cannot approve your own payout.`
        : 'Waiting for a second person: you cannot approve your own payout.';
  } else {
    explanation = `Waiting for ${rolesText(payout)} other than its creator${payout.approvals.length > 0 ? ' and those who approved' : ''} to approve it.`;
  }
  return (
    <Stack spacing={2}>
      {failure}
      {approvedJustNow ? <Alert severity="success">Approved by you: {more} needed.</Alert> : null}
      <Alert severity="info">
        <AlertTitle>{title}</AlertTitle>
        {explanation}
      </Alert>
      {role === 'approver' ? (
        <Stack direction="row" spacing={1}>
          <Button
            variant="contained"
            color="success"
            startIcon={<CheckIcon />}
            loading={approval.isPending && approval.variables.kind === 'approve'}
            disabled={approval.isPending}
            onClick={() => run({ kind: 'approve' })}
          >
            Approve
          </Button>
          <Button
            variant="outlined"
            color="error"
            startIcon={<CloseIcon />}
            disabled={approval.isPending}
            onClick={() => {
              approval.reset();
              setDialogUsed(true);
              setDialog('reject');
            }}
          >
            Reject
          </Button>
        </Stack>
      ) : role === 'creator' ? (
        <Stack direction="row">
          <Button
            variant="outlined"
            color="error"
            disabled={approval.isPending}
            onClick={() => {
              approval.reset();
              setDialogUsed(true);
              setDialog('cancel');
            }}
          >
            Cancel payout
          </Button>
        </Stack>
      ) : null}
      {role === 'approver' && dialogUsed ? (
        <Suspense fallback={null}>
          <PayoutReasonDialog
            open={dialog === 'reject'}
            kind="reject"
            pending={approval.isPending}
            error={approval.error}
            onClose={() => setDialog(null)}
            onSubmit={(reason) => run({ kind: 'reject', reason: reason ?? '' })}
          />
        </Suspense>
      ) : null}
      {role === 'creator' && dialogUsed ? (
        <Suspense fallback={null}>
          <PayoutReasonDialog
            open={dialog === 'cancel'}
            kind="cancel"
            pending={approval.isPending}
            error={approval.error}
            onClose={() => setDialog(null)}
            onSubmit={(reason) =>
              run(reason === undefined ? { kind: 'cancel' } : { kind: 'cancel', reason })
            }
          />
        </Suspense>
      ) : null}
    </Stack>
  );
}
