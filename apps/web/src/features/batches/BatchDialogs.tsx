import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { BATCH_REASON_MAX_LENGTH, type PayoutProvider } from '@payouts/contracts';
import { useId, useState, type FormEvent } from 'react';

/** "Cancel batch": rows not yet sent are cancelled; a reason may be given. */
export function CancelBatchDialog({
  open,
  pending,
  error,
  onClose,
  onConfirm,
}: {
  open: boolean;
  pending: boolean;
  error: string | null;
  onClose: () => void;
  onConfirm: (reason: string | undefined) => void;
}) {
  const titleId = useId();
  const [reason, setReason] = useState('');
  const trimmed = reason.trim();
  const tooLong = trimmed.length > BATCH_REASON_MAX_LENGTH;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!tooLong) onConfirm(trimmed === '' ? undefined : trimmed);
  };
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId}>
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>Cancel this batch?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            Rows not sent yet are cancelled. Rows already sent are not touched: their payouts go on.
          </DialogContentText>
          <TextField
            label="Reason (optional)"
            multiline
            minRows={2}
            fullWidth
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            error={tooLong}
            helperText={`${trimmed.length} / ${BATCH_REASON_MAX_LENGTH} characters`}
            sx={{ mt: 2 }}
          />
          {error ? (
            <Alert severity="error" role="alert" sx={{ mt: 2 }}>
              {error}
            </Alert>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Keep the batch</Button>
          <Button type="submit" variant="contained" color="error" loading={pending}>
            Yes, cancel it
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** "Retry failed rows": another PSP of the same corridor and type, for a new draft. */
export function RetryBatchDialog({
  open,
  providers,
  current,
  pending,
  error,
  onClose,
  onRetry,
}: {
  open: boolean;
  /** The corridor's PSPs of the batch's type; undefined while loading. */
  providers: readonly PayoutProvider[] | undefined;
  current: string;
  pending: boolean;
  error: string | null;
  onClose: () => void;
  onRetry: (provider: string) => void;
}) {
  const titleId = useId();
  const others = (providers ?? []).filter((p) => p.name !== current);
  const [provider, setProvider] = useState('');
  const chosen = others.some((p) => p.name === provider) ? provider : '';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (chosen !== '') onRetry(chosen);
  };
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>Retry the failed rows through another PSP</DialogTitle>
        <DialogContent>
          <DialogContentText>
            The failed and declined rows become a new draft batch for the PSP you choose, checked
            again against its fields. It is approved again like any batch.
          </DialogContentText>
          {providers !== undefined && others.length === 0 ? (
            <Alert severity="warning" sx={{ mt: 2 }}>
              No other PSP offers this payout method type in this corridor.
            </Alert>
          ) : (
            <TextField
              select
              label="PSP"
              required
              fullWidth
              value={chosen}
              onChange={(e) => setProvider(e.target.value)}
              sx={{ mt: 2 }}
            >
              {others.map((p) => (
                <MenuItem key={p.name} value={p.name}>
                  {p.title}
                </MenuItem>
              ))}
            </TextField>
          )}
          {error ? (
            <Alert severity="error" role="alert" sx={{ mt: 2 }}>
              {error}
            </Alert>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Back</Button>
          <Button type="submit" variant="contained" disabled={chosen === ''} loading={pending}>
            Create the retry batch
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
