import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import type { PayoutStatus, PossibleDuplicate } from '@payouts/contracts';
import { Link as RouterLink } from 'react-router';
import { formatMoney } from '../../components/formatMoney.js';
import { PAYOUT_STATUS_STYLES } from '../../components/payoutStatusStyles.js';
import { formatDateTime } from '../../components/formatDateTime.js';

/**
 * The review step's answer to `possible_duplicate`: the recent payouts of this amount to this
 * account, each a link, and a deliberate "Pay again" (nothing was sent yet).
 */
export function PossibleDuplicates({
  message,
  duplicates,
  sending,
  onPayAgain,
  onStartOver,
}: {
  message: string;
  duplicates: readonly PossibleDuplicate[];
  sending: boolean;
  onPayAgain: () => void;
  onStartOver: () => void;
}) {
  return (
    <Alert severity="warning">
      <AlertTitle>This may be a duplicate: nothing was sent</AlertTitle>
      {message}
      <ul aria-label="Recent payouts of this amount to this account">
        {duplicates.map((d) => (
          <li key={d.id}>
            <Link component={RouterLink} to={`/payouts/${d.id}`}>
              {d.order_id}
            </Link>
            : {formatMoney(d.amount, d.currency)},{' '}
            {PAYOUT_STATUS_STYLES[d.status as PayoutStatus]?.label ?? d.status}, by {d.created_by},{' '}
            {formatDateTime(d.created_at)}
          </li>
        ))}
      </ul>
      <Stack direction="row" spacing={1}>
        <Button variant="contained" color="warning" onClick={onPayAgain} disabled={sending}>
          Pay again
        </Button>
        <Button color="inherit" onClick={onStartOver} disabled={sending}>
          Don’t pay: start a new payout
        </Button>
      </Stack>
    </Alert>
  );
}
