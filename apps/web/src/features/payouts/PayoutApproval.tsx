import type { PayoutDto, SessionUser } from '@payouts/contracts';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { isApiError } from '../../api/ApiError.js';
import { ErrorState } from '../../components/ErrorState.js';
import { formatDateTime } from '../../components/formatDateTime.js';
import {
  approvalCount,
  approvalProgressText,
  approvalRole,
  approvalsMissing,
  approvalsRequired,
  rolesText,
} from './approvalRole.js';
import { usePayoutApproval, type ApprovalAction } from './usePayout.js';

/** The BFF's limit on a rejection or cancellation reason, after trimming. */
export const MAX_REASON_LENGTH = 500;

/** Why a reason cannot be sent, or null. Blank is a problem only where a reason is required. */
export function reasonProblem(reason: string, required: boolean): string | null {
  const trimmed = reason.trim();
  if (trimmed === '') return required ? 'Say why the payout is rejected.' : null;
  if (trimmed.length > MAX_REASON_LENGTH) {
    return `At most ${MAX_REASON_LENGTH} characters (now ${trimmed.length}).`;
  }
  return null;
}

function thresholdText(payout: PayoutDto): string {
  return payout.approval_threshold
    ? ` above ${payout.approval_threshold} ${payout.currency}`
    : ' above the threshold';
}

function when(at: string | null): string {
  return at ? ` on ${formatDateTime(at)}` : '';
}

/** The outcome of four eyes, shown prominently at the top of the detail page. */
export function ApprovalOutcome({ payout }: { payout: PayoutDto }) {
  if (payout.status === 'rejected') {
    const who = payout.rejected_by?.name ?? 'someone';
    return (
      <Alert severity="error">
        <AlertTitle>
          {payout.cancelled
            ? `Cancelled by ${who}${when(payout.rejected_at)}`
            : `Rejected by ${who}${when(payout.rejected_at)}`}
        </AlertTitle>
        <Box component="p" sx={{ m: 0, overflowWrap: 'anywhere' }}>
          {payout.rejection_reason
            ? `Reason: ${payout.rejection_reason}`
            : payout.cancelled
              ? 'No reason given. Nothing was sent to the orchestrator.'
              : 'Nothing was sent to the orchestrator.'}
        </Box>
      </Alert>
    );
  }
  if (payout.status === 'awaiting_approval') return null;
  if (payout.approvals.length > 1) {
    const names = payout.approvals.map((a) => a.by.name);
    return (
      <Alert severity="success">
        Approved by {names.slice(0, -1).join(', ')} and {names.at(-1)}
        {when(payout.approved_at)}, then sent to the orchestrator.
      </Alert>
    );
  }
  if (payout.approved_by) {
    return (
      <Alert severity="success">
        Approved by {payout.approved_by.name}
        {when(payout.approved_at)}, then sent to the orchestrator.
      </Alert>
    );
  }
  return null;
}

function ReasonDialog({
  open,
  kind,
  pending,
  error,
  onClose,
  onSubmit,
}: {
  open: boolean;
  kind: 'reject' | 'cancel';
  pending: boolean;
  error: unknown;
  onClose: () => void;
  onSubmit: (reason: string | undefined) => void;
}) {
  const [reason, setReason] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const required = kind === 'reject';
  const problem = reasonProblem(reason, required);
  const serverProblem = isApiError(error, 'validation_failed')
    ? (error.errors.find((e) => e.pointer === '/reason')?.message ?? error.message)
    : undefined;
  const shown = (submitted ? problem : null) ?? serverProblem;
  const trimmedLength = reason.trim().length;
  const submit = (event: FormEvent): void => {
    event.preventDefault();
    setSubmitted(true);
    if (problem !== null) return;
    const trimmed = reason.trim();
    onSubmit(trimmed === '' ? undefined : trimmed);
  };
  const titleId = `${kind}-payout-title`;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      slotProps={{ transition: { onExited: () => (setReason(''), setSubmitted(false)) } }}
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>
          {kind === 'reject' ? 'Reject this payout?' : 'Cancel this payout?'}
        </DialogTitle>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <DialogContentText>
            {kind === 'reject'
              ? 'It will not be sent. The person who created it sees your reason.'
              : 'It will not be sent, and nobody can approve it any more.'}
          </DialogContentText>
          <TextField
            label={kind === 'reject' ? 'Reason' : 'Reason (optional)'}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            multiline
            minRows={2}
            required={required}
            error={shown !== undefined}
            helperText={shown ?? `${trimmedLength} / ${MAX_REASON_LENGTH} characters`}
            slotProps={{ htmlInput: { maxLength: MAX_REASON_LENGTH + 100 } }}
            sx={{ mt: 1 }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{kind === 'reject' ? 'Back' : 'Keep it'}</Button>
          <Button type="submit" variant="contained" color="error" loading={pending}>
            {kind === 'reject' ? 'Reject payout' : 'Cancel payout'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
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
              setDialog('cancel');
            }}
          >
            Cancel payout
          </Button>
        </Stack>
      ) : null}
      {role === 'approver' ? (
        <ReasonDialog
          open={dialog === 'reject'}
          kind="reject"
          pending={approval.isPending}
          error={approval.error}
          onClose={() => setDialog(null)}
          onSubmit={(reason) => run({ kind: 'reject', reason: reason ?? '' })}
        />
      ) : null}
      {role === 'creator' ? (
        <ReasonDialog
          open={dialog === 'cancel'}
          kind="cancel"
          pending={approval.isPending}
          error={approval.error}
          onClose={() => setDialog(null)}
          onSubmit={(reason) =>
            run(reason === undefined ? { kind: 'cancel' } : { kind: 'cancel', reason })
          }
        />
      ) : null}
    </Stack>
  );
}
