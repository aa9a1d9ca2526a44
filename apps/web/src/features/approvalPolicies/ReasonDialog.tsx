import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { POLICY_REASON_MAX_LENGTH } from '@payouts/contracts';
import { useId, useState, type FormEvent } from 'react';

/** Asks why before a proposal is rejected or withdrawn. */
export function ReasonDialog({
  open,
  title,
  text,
  submitLabel,
  pending,
  onClose,
  onSubmit,
}: {
  open: boolean;
  title: string;
  text: string;
  submitLabel: string;
  pending: boolean;
  onClose: () => void;
  onSubmit: (reason: string) => void;
}) {
  const titleId = useId();
  const [reason, setReason] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const trimmed = reason.trim();
  const problem =
    trimmed === ''
      ? 'Say why.'
      : trimmed.length > POLICY_REASON_MAX_LENGTH
        ? `At most ${POLICY_REASON_MAX_LENGTH} characters (now ${trimmed.length}).`
        : null;
  const submit = (event: FormEvent): void => {
    event.preventDefault();
    setSubmitted(true);
    if (problem === null) onSubmit(trimmed);
  };
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId}>
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <DialogContentText>{text}</DialogContentText>
          <TextField
            label="Reason"
            required
            multiline
            minRows={2}
            fullWidth
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            error={submitted && problem !== null}
            helperText={
              (submitted ? problem : null) ??
              `${trimmed.length} / ${POLICY_REASON_MAX_LENGTH} characters`
            }
            sx={{ mt: 2 }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Back</Button>
          <Button type="submit" variant="contained" color="error" loading={pending}>
            {submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
