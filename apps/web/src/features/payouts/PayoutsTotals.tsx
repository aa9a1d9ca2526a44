import type { PayoutTotalsDto } from '@payouts/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { errorMessage } from '../../components/errorMessage.js';
import { formatCount } from '../../components/formatCount.js';
import { Money } from '../../components/Money.js';

/** Currencies shown before "+ N more": a line at 1440 px, two on a phone. */
const SHOWN = 4;

export interface PayoutsTotalsProps {
  totals: PayoutTotalsDto | undefined;
  error: unknown;
  /** Filters or a search are set: the totals are of a part of the ledger. */
  filtered: boolean;
}

/**
 * Above the list: how many payouts the filters select and what they add up to per currency,
 * exactly (never converted into one currency, never rounded), the largest share first.
 */
export function PayoutsTotals({ totals, error, filtered }: PayoutsTotalsProps) {
  const [expanded, setExpanded] = useState(false);
  if (error) {
    return (
      <Typography variant="body2" color="text.secondary" role="status" sx={{ px: 2, pt: 1.5 }}>
        Totals: {errorMessage(error)}
      </Typography>
    );
  }
  if (!totals || totals.count === 0) return null;
  const shown = expanded ? totals.by_currency : totals.by_currency.slice(0, SHOWN);
  const hidden = totals.by_currency.length - shown.length;
  const one = totals.count === 1;
  const text = filtered ? (one ? 'payout matches' : 'payouts match') : one ? 'payout' : 'payouts';
  return (
    <Box
      role="status"
      aria-label="Totals"
      sx={{ px: 2, pt: 1.5, display: 'flex', flexWrap: 'wrap', columnGap: 2, rowGap: 0.5 }}
    >
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {formatCount(totals.count)} {text}
      </Typography>
      {shown.map((total) => (
        <Typography
          key={total.currency}
          variant="body2"
          title={`${formatCount(total.count)} in ${total.currency}`}
          sx={{ fontVariantNumeric: 'tabular-nums' }}
        >
          <Money amount={total.amount} currency={total.currency} />
        </Typography>
      ))}
      {hidden > 0 ? (
        <Button size="small" sx={{ p: 0, minWidth: 0 }} onClick={() => setExpanded(true)}>
          + {hidden} more {hidden === 1 ? 'currency' : 'currencies'}
        </Button>
      ) : null}
    </Box>
  );
}
