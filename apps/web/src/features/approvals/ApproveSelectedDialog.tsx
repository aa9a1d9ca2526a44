import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';

/**
 * "Approve selected" asks once more, with how many and how much: approving is what releases the
 * money, and a select-all on a long page is easy to do by mistake.
 */
export function ApproveSelectedDialog({
  open,
  count,
  totals,
  busy,
  error,
  onCancel,
  onApprove,
}: {
  open: boolean;
  count: number;
  /** The chosen payouts' exact total per currency (`selectionTotals`). */
  totals: string;
  busy: boolean;
  /** Why the last attempt failed as a whole (nothing was decided), or null. */
  error: string | null;
  onCancel: () => void;
  onApprove: () => void;
}) {
  const payouts = `${count} payout${count === 1 ? '' : 's'}`;
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onCancel}
      aria-labelledby="approve-selected-title"
      aria-describedby="approve-selected-text"
    >
      <DialogTitle id="approve-selected-title">Approve {payouts}</DialogTitle>
      <DialogContent>
        <DialogContentText id="approve-selected-text">
          {payouts} for {totals}. Each one that needs no other approval is sent to the orchestrator
          at once.
        </DialogContentText>
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
        <Button variant="contained" onClick={onApprove} disabled={busy}>
          Approve {payouts}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
