import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useId, useState, type FormEvent } from 'react';

/**
 * Asks why before something is rejected or withdrawn (a policy proposal, a beneficiary's change):
 * a required reason of at most `maxLength` characters, trimmed.
 */
export function ReasonDialog({
  open,
  title,
  text,
  submitLabel,
  pending,
  maxLength,
  missing = 'Say why.',
  onClose,
  onSubmit,
}: {
  open: boolean;
  title: string;
  text: string;
  submitLabel: string;
  pending: boolean;
  maxLength: number;
  /** The error when no reason is given. */
  missing?: string;
  onClose: () => void;
  onSubmit: (reason: string) => void;
}) {
  const titleId = useId();
  const [reason, setReason] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const trimmed = reason.trim();
  const problem =
    trimmed === ''
      ? missing
      : trimmed.length > maxLength
        ? `At most ${maxLength} characters (now ${trimmed.length}).`
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
              (submitted ? problem : null) ?? `${trimmed.length} / ${maxLength} characters`
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
