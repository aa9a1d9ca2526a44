import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { BatchCountsDto, PayoutStatus } from '@payouts/contracts';
import { formatCount } from '../../components/formatCount.js';

const SENT: readonly PayoutStatus[] = ['submitting', 'pending', 'in_process', 'authorized'];

/** The numbers shown, in order, from a batch's counts. */
export function progressParts(counts: BatchCountsDto) {
  const p = (s: PayoutStatus) => counts.payouts[s] ?? 0;
  return [
    { label: 'Queued', value: counts.queued },
    { label: 'Sending', value: counts.sending },
    { label: 'Sent', value: SENT.reduce((n, s) => n + p(s), 0) },
    { label: 'Paid out', value: p('approved') },
    { label: 'Declined', value: p('declined') },
    { label: 'Failed', value: p('failed') },
    { label: 'Unknown', value: p('unknown') },
    { label: 'Awaiting approval', value: p('awaiting_approval') },
    { label: 'Cancelled', value: counts.cancelled + p('rejected') },
  ];
}

/** How far the sending is: finished rows out of those included, and the count of each state. */
export function BatchProgress({ counts }: { counts: BatchCountsDto }) {
  const parts = progressParts(counts);
  const value = (label: string) => parts.find((x) => x.label === label)?.value ?? 0;
  const included = counts.rows - counts.excluded - counts.invalid;
  const finished = value('Paid out') + value('Declined') + value('Failed') + value('Cancelled');
  const percent = included > 0 ? Math.round((finished / included) * 100) : 0;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Typography variant="h6" component="h2">
        Progress
      </Typography>
      <LinearProgress
        variant="determinate"
        value={percent}
        aria-label={`${finished} of ${included} rows finished`}
      />
      <Typography variant="body2">
        {formatCount(finished)} of {formatCount(included)} rows finished ({percent}%)
      </Typography>
      <Box
        component="ul"
        aria-label="Rows by status"
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, p: 0, m: 0, listStyle: 'none' }}
      >
        {parts.map((part) => (
          <li key={part.label}>
            <Chip
              size="small"
              variant={part.value > 0 ? 'filled' : 'outlined'}
              label={`${part.label}: ${formatCount(part.value)}`}
            />
          </li>
        ))}
      </Box>
    </Box>
  );
}
