import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { isApiError } from '../api/ApiError.js';
import { ErrorState } from './ErrorState.js';
import { Placeholder } from './Placeholder.js';

/** "← Payouts": the way back from a detail page to its list. */
export function BackLink({ to, label }: { to: string; label: string }) {
  return (
    <Link
      component={RouterLink}
      to={to}
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
    >
      <ArrowBackIcon fontSize="small" aria-hidden="true" />
      {label}
    </Link>
  );
}

/**
 * A detail page while its query loads or after it failed: placeholders, or "no such …" for a
 * 404, or the error with a retry. Null once the data is there.
 */
export function detailQueryState({
  back,
  noun,
  query,
}: {
  back: ReactNode;
  /** `payout`, `beneficiary`: for the heading and the messages. */
  noun: string;
  query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
}): ReactNode | null {
  if (query.isPending) {
    return (
      <Stack spacing={2} aria-busy="true">
        {back}
        <Typography variant="h4" component="h1">
          <Placeholder width="40%" />
        </Typography>
        <Placeholder height={200} />
      </Stack>
    );
  }
  if (query.isError) {
    return (
      <Stack spacing={2}>
        {back}
        <Typography variant="h4" component="h1">
          {noun.charAt(0).toUpperCase() + noun.slice(1)}
        </Typography>
        {isApiError(query.error, 'not_found') ? (
          <Alert severity="warning">There is no {noun} with this id.</Alert>
        ) : (
          <ErrorState
            error={query.error}
            title={`The ${noun} could not be loaded`}
            onRetry={() => void query.refetch()}
          />
        )}
      </Stack>
    );
  }
  return null;
}
