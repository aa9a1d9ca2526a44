import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { isApiError } from '../../api/ApiError.js';

/** One text asked of the person settling a payout: an orchestrator id, a reason, an order id. */
export interface ResolutionPrompt {
  title: string;
  explanation: string;
  label: string;
  /** The problem pointer of this field in the BFF's validation errors. */
  pointer: string;
  submitLabel: string;
  initial?: string;
  maxLength: number;
  destructive?: boolean;
}

export function ResolutionDialog({
  open,
  prompt,
  pending,
  error,
  onClose,
  onSubmit,
}: {
  open: boolean;
  prompt: ResolutionPrompt;
  pending: boolean;
  error: unknown;
  onClose: () => void;
  onSubmit: (value: string) => void;
}) {
  const [value, setValue] = useState(prompt.initial ?? '');
  const [submitted, setSubmitted] = useState(false);
  const trimmed = value.trim();
  const problem =
    trimmed === ''
      ? `Enter ${prompt.label.toLowerCase()}.`
      : trimmed.length > prompt.maxLength
        ? `At most ${prompt.maxLength} characters (now ${trimmed.length}).`
        : null;
  const serverProblem = isApiError(error, 'validation_failed')
    ? (error.errors.find((e) => e.pointer === prompt.pointer)?.message ?? error.message)
    : undefined;
  const shown = (submitted ? problem : null) ?? serverProblem;
  const submit = (event: FormEvent): void => {
    event.preventDefault();
    setSubmitted(true);
    if (problem === null) onSubmit(trimmed);
  };
  const titleId = 'resolution-dialog-title';
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      slotProps={{
        transition: { onExited: () => (setValue(prompt.initial ?? ''), setSubmitted(false)) },
      }}
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{prompt.title}</DialogTitle>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <DialogContentText>{prompt.explanation}</DialogContentText>
          <TextField
            label={prompt.label}
            value={value}
            onChange={(e) => setValue(e.target.value)}
            required
            error={shown !== undefined}
            helperText={shown ?? ' '}
            slotProps={{ htmlInput: { maxLength: prompt.maxLength + 50 } }}
            sx={{ mt: 1 }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Back</Button>
          <Button
            type="submit"
            variant="contained"
            color={prompt.destructive ? 'error' : 'primary'}
            loading={pending}
          >
            {prompt.submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
