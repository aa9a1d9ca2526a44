import Box from '@mui/material/Box';
import { BATCH_STATUS_TITLES, type BatchStatus } from '@payouts/contracts';

/** White text on each keeps a contrast of 4.5:1 or more. */
const COLORS: Readonly<Record<BatchStatus, string>> = {
  draft: '#546e7a',
  validated: '#3949ab',
  awaiting_approval: '#8a4b00',
  approved: '#006064',
  submitting: '#01579b',
  completed: '#1b5e20',
  completed_with_failures: '#b71c1c',
  cancelled: '#5d4037',
};

/** A batch's status as a pill (a styled span: it sits in every row of the list). */
export function BatchStatusChip({ status }: { status: BatchStatus }) {
  return (
    <Box
      component="span"
      data-status={status}
      sx={{
        display: 'inline-block',
        px: 1,
        py: 0.25,
        borderRadius: 99,
        bgcolor: COLORS[status],
        color: '#fff',
        fontSize: '0.8125rem',
        fontWeight: 500,
        whiteSpace: 'nowrap',
      }}
    >
      {BATCH_STATUS_TITLES[status]}
    </Box>
  );
}
