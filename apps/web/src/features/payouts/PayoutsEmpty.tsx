import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { activeFilterCount, EMPTY_FILTERS, type PayoutFilters } from './payoutListParams.js';

/** What the search matches (the BFF's `searchMatches`, decision 037), said where it found none. */
export const SEARCH_MATCHES =
  'Search finds the start or the end of an order ID, the start of an e-mail, name, surname or PSP transaction ID, a whole orchestrator ID, and the last 4 digits of a card or account.';

/**
 * The list when it is empty: whether a search, filters or both are in force, and a way out of
 * each, so "nothing found" is never mistaken for "nothing there".
 */
export function PayoutsEmpty({
  filters,
  onChange,
}: {
  filters: PayoutFilters;
  onChange: (filters: PayoutFilters) => void;
}) {
  const q = filters.q?.trim() ?? '';
  const count = activeFilterCount(filters);
  const filterWords = `${count} ${count === 1 ? 'filter' : 'filters'}`;
  if (filters.needs_my_approval) {
    return <Message text="No payouts wait for your approval." />;
  }
  if (q === '' && count === 0) return <Message text="No payouts yet." />;
  const text =
    q === ''
      ? `No payouts match these filters (${filterWords} on).`
      : count === 0
        ? `No payout matches “${q}”.`
        : `No payout matches “${q}” with ${filterWords} on.`;
  return (
    <Message text={text} hint={q === '' ? undefined : SEARCH_MATCHES}>
      {q !== '' && count > 0 ? (
        <Button variant="outlined" onClick={() => onChange({ ...EMPTY_FILTERS, q })}>
          Search without filters
        </Button>
      ) : null}
      <Button variant="outlined" onClick={() => onChange(EMPTY_FILTERS)}>
        {q === '' ? 'Clear filters' : count === 0 ? 'Clear search' : 'Clear search and filters'}
      </Button>
    </Message>
  );
}

function Message({
  text,
  hint,
  children,
}: {
  text: string;
  hint?: string | undefined;
  children?: React.ReactNode;
}) {
  return (
    <Box sx={{ p: 4, textAlign: 'center' }} role="status">
      <Typography sx={{ mb: hint ? 1 : 2 }}>{text}</Typography>
      {hint ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {hint}
        </Typography>
      ) : null}
      {children ? (
        <Box sx={{ display: 'flex', gap: 1, justifyContent: 'center', flexWrap: 'wrap' }}>
          {children}
        </Box>
      ) : null}
    </Box>
  );
}
