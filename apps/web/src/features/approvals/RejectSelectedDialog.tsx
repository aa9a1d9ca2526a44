import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { APPROVAL_REASON_MAX_LENGTH } from '@payouts/contracts';
import { useState, type FormEvent } from 'react';

function reasonProblem(reason: string): string | null {
  const trimmed = reason.trim();
  if (trimmed === '') return 'Say why they are rejected.';
  if (trimmed.length > APPROVAL_REASON_MAX_LENGTH) {
    return `At most ${APPROVAL_REASON_MAX_LENGTH} characters (now ${trimmed.length}).`;
  }
  return null;
}

/** One reason for every selected payout; nothing is sent until it is given. */
export function RejectSelectedDialog({
  open,
  count,
  totals,
  busy,
  error,
  onCancel,
  onReject,
}: {
  open: boolean;
  count: number;
  /** The chosen payouts' exact total per currency (`selectionTotals`). */
  totals: string;
  busy: boolean;
  /** Why the last attempt failed as a whole (nothing was decided), or null. */
  error: string | null;
  onCancel: () => void;
  onReject: (reason: string) => void;
}) {
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const problem = reasonProblem(reason);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (problem === null) onReject(reason.trim());
  };
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onCancel}
      aria-labelledby="reject-selected-title"
      slotProps={{ transition: { onExited: () => (setReason(''), setTouched(false)) } }}
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id="reject-selected-title">
          Reject {count} payout{count === 1 ? '' : 's'}
        </DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            {count} payout{count === 1 ? '' : 's'} for {totals}. They will never be sent. The reason
            is kept with each of them.
          </DialogContentText>
          <TextField
            label="Reason"
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            required
            fullWidth
            multiline
            minRows={2}
            error={touched && problem !== null}
            helperText={touched ? problem : null}
          />
          {error ? (
            <Typography role="alert" color="error" sx={{ mt: 2 }}>
              Nothing was decided: {error}
            </Typography>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" color="error" variant="contained" disabled={busy}>
            Reject
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
