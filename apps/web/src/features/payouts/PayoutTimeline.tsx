import type { PayoutEventDto } from '@payouts/contracts';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '../../components/formatDateTime.js';
import { eventLabel } from './eventLabel.js';

function summary(data: PayoutEventDto['data']): string {
  return Object.entries(data)
    .filter(([, value]) => ['string', 'number', 'boolean'].includes(typeof value))
    .map(([key, value]) => `${key.replace(/_/g, ' ')}: ${String(value)}`)
    .join(' · ');
}

/** A user's e-mail, or who else moved the payout on. */
function actorName(actor: PayoutEventDto['actor']): string {
  if (actor === 'orchestrator') return ' · the orchestrator';
  if (actor === 'system') return ' · the back-office';
  return actor ? ` · ${actor}` : '';
}

/** What happened to the payout, oldest first. */
export function PayoutTimeline({ events }: { events: PayoutEventDto[] }) {
  if (events.length === 0) return <Typography>No events yet.</Typography>;
  const ordered = [...events].sort((a, b) => a.at.localeCompare(b.at));
  return (
    <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {ordered.map((event) => {
        const details = summary(event.data);
        return (
          <Box
            component="li"
            key={event.id}
            sx={{ borderLeft: 2, borderColor: 'divider', pl: 2, pb: 2, position: 'relative' }}
          >
            <Typography variant="subtitle2" component="p">
              {eventLabel(event.type)}
            </Typography>
            <Typography variant="body2" color="textSecondary">
              <time dateTime={event.at}>{formatDateTime(event.at)}</time>
              {actorName(event.actor)}
            </Typography>
            {details ? (
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {details}
              </Typography>
            ) : null}
          </Box>
        );
      })}
    </Box>
  );
}
