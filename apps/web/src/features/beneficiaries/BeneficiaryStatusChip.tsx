import Box from '@mui/material/Box';
import type { BeneficiaryStatus } from '@payouts/contracts';

/** White text on each keeps a contrast of 4.5:1 or more in both themes (as the payout chips). */
export const BENEFICIARY_STATUS_STYLES: Readonly<
  Record<BeneficiaryStatus, { label: string; color: string; description: string }>
> = {
  active: { label: 'Active', color: '#1b5e20', description: 'can be paid' },
  pending_change: {
    label: 'Pending change',
    color: '#8a4b00',
    description: 'a change of its payment details waits for a second person',
  },
  archived: { label: 'Archived', color: '#455a64', description: 'no longer offered for payouts' },
};

/** A beneficiary's status as a pill with its label (the colour is never the only signal). */
export function BeneficiaryStatusChip({ status }: { status: BeneficiaryStatus }) {
  const style = BENEFICIARY_STATUS_STYLES[status];
  return (
    <Box
      component="span"
      title={`${style.label}: ${style.description}`}
      data-status={status}
      sx={{
        fontSize: '0.8125rem',
        px: 1,
        py: 0.25,
        display: 'inline-flex',
        borderRadius: 99,
        bgcolor: style.color,
        color: '#fff',
        fontWeight: 500,
        lineHeight: 1.4,
        whiteSpace: 'nowrap',
      }}
    >
      {style.label}
    </Box>
  );
}
