import type { PayoutEventDto } from '@payouts/contracts';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '../../components/formatDateTime.js';
import { eventLabel } from './eventLabel.js';

/** What a lookup by order id answered, in words (the evidence a person settles it by). */
function lookupAnswer(data: PayoutEventDto['data']): string | undefined {
  const text = (value: unknown) =>
    typeof value === 'string' || typeof value === 'number' ? String(value) : '';
  if (data.found === true) {
    return `Found: ${text(data.orchestrator_id)} (${text(data.orchestrator_status)})`;
  }
  if (data.found === false) {
    const records = typeof data.records === 'number' ? data.records : 0;
    return records === 0
      ? 'Not found: no record with this order ID'
      : `Not found: none of the ${records} records returned has this order ID`;
  }
  if (typeof data.error === 'string') return `The lookup failed (${data.error.replace(/_/g, ' ')})`;
  return undefined;
}

function summary(type: string, data: PayoutEventDto['data']): string {
  if (type === 'lookup') {
    const answer = lookupAnswer(data);
    if (answer) return answer;
  }
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

interface TimelineItem {
  event: PayoutEventDto;
  /** The same lookup answer repeated: how many times, and when the last one was. */
  repeats: number;
  lastAt: string;
}

/**
 * Lookups of an unknown payout repeat on a backoff for hours; each one is kept, and a run of
 * the same answer shows as one line with its count and time span.
 */
function collapseLookups(ordered: PayoutEventDto[]): TimelineItem[] {
  const items: TimelineItem[] = [];
  for (const event of ordered) {
    const last = items.at(-1);
    if (
      last &&
      event.type === 'lookup' &&
      last.event.type === 'lookup' &&
      JSON.stringify(last.event.data) === JSON.stringify(event.data)
    ) {
      last.repeats += 1;
      last.lastAt = event.at;
    } else {
      items.push({ event, repeats: 1, lastAt: event.at });
    }
  }
  return items;
}

/** What happened to the payout, oldest first. */
export function PayoutTimeline({ events }: { events: PayoutEventDto[] }) {
  if (events.length === 0) return <Typography>No events yet.</Typography>;
  const ordered = [...events].sort((a, b) => a.at.localeCompare(b.at));
  return (
    <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {collapseLookups(ordered).map(({ event, repeats, lastAt }) => {
        const details = summary(event.type, event.data);
        return (
          <Box
            component="li"
            key={event.id}
            sx={{ borderLeft: 2, borderColor: 'divider', pl: 2, pb: 2, position: 'relative' }}
          >
            <Typography variant="subtitle2" component="p">
              {eventLabel(event.type)}
              {repeats > 1 ? ` (${repeats} times)` : ''}
            </Typography>
            <Typography variant="body2" color="textSecondary">
              <time dateTime={event.at}>{formatDateTime(event.at)}</time>
              {repeats > 1 ? (
                <>
                  {' to '}
                  <time dateTime={lastAt}>{formatDateTime(lastAt)}</time>
                </>
              ) : null}
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
