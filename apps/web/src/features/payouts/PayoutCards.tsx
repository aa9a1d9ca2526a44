import Box from '@mui/material/Box';
import type { PayoutDto, SessionUser } from '@payouts/contracts';
import { Placeholder } from '../../components/Placeholder.js';
import { payoutCell } from './PayoutsTable.js';

export interface PayoutCardsProps {
  /** undefined while the first page loads (placeholder cards). */
  items: PayoutDto[] | undefined;
  viewer?: SessionUser | null | undefined;
}

const cardSx = {
  p: 1.5,
  borderBottom: 1,
  borderColor: 'divider',
  display: 'grid',
  gridTemplateColumns: '1fr auto',
  gap: 0.5,
  alignItems: 'center',
} as const;

/**
 * The list on a phone: one card per payout (order id linking to its page, recipient, amount,
 * status, PSP, created), where a table would scroll sideways.
 */
export function PayoutCards({ items, viewer }: PayoutCardsProps) {
  return (
    <Box component="ul" aria-label="Payouts" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {items === undefined
        ? Array.from({ length: 3 }, (_, i) => (
            <Box component="li" key={i} aria-hidden="true" sx={cardSx}>
              <Placeholder />
              <Placeholder />
            </Box>
          ))
        : items.map((payout) => (
            <Box component="li" key={payout.id} sx={cardSx}>
              {/* The order id and its badges wrap in their column: never under the amount. */}
              <Box
                sx={{
                  minWidth: 0,
                  fontWeight: 500,
                  '& > span': { whiteSpace: 'normal', overflowWrap: 'anywhere' },
                }}
              >
                {payoutCell('order_id', payout, viewer)}
              </Box>
              <Box sx={{ textAlign: 'right', fontVariantNumeric: 'tabular-nums', fontWeight: 500 }}>
                {payoutCell('amount', payout, viewer)}
              </Box>
              <Box sx={{ minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis' }}>
                {payoutCell('recipient', payout, viewer)}
              </Box>
              <Box sx={{ textAlign: 'right' }}>{payoutCell('status', payout, viewer)}</Box>
              <Box sx={{ color: 'text.secondary', fontSize: '0.875rem' }}>
                {payoutCell('provider', payout, viewer)}
              </Box>
              <Box sx={{ color: 'text.secondary', fontSize: '0.875rem', textAlign: 'right' }}>
                {payoutCell('created_at', payout, viewer)}
              </Box>
            </Box>
          ))}
    </Box>
  );
}
