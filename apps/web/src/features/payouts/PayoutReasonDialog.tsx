import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { isApiError } from '../../api/ApiError.js';

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

/** Reject (reason required) or cancel (reason optional) a payout awaiting approval. */
export function PayoutReasonDialog({
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
