import type { PayoutDto } from '@payouts/contracts';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import { formatDateTime } from '../../components/formatDateTime.js';

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
