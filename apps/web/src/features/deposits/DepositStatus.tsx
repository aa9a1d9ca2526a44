import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { isApiError } from '../../api/ApiError.js';
import { DetailList } from '../../components/DetailList.js';
import { ErrorState } from '../../components/ErrorState.js';
import { ExchangeView } from '../lab/ExchangeView.js';
import type { useDepositConsole } from './useDepositConsole.js';
import { formatMoney } from '../../components/formatMoney.js';

/**
 * The console's last step: the deposit's refusal or result, the 3D Secure link, and the deposit
 * followed until it is final (with the exchange as the BFF sent it).
 */
export function DepositStatus({ console: c }: { console: ReturnType<typeof useDepositConsole> }) {
  const { send, result, following, lookup, final } = c;
  return (
    <Box aria-live="polite" sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      {send.isError ? <ErrorState error={send.error} title="The deposit was refused" /> : null}
      {send.isError && isApiError(send.error) && send.error.errors.length > 0 ? (
        <Box component="ul" aria-label="Field problems">
          {send.error.errors.map((e) => (
            <li key={e.pointer}>
              <code>{e.pointer}</code>: {e.message}
            </li>
          ))}
        </Box>
      ) : null}
      {result ? (
        <>
          <Alert
            severity={
              result.status === 'approved'
                ? 'success'
                : result.status === 'declined'
                  ? 'error'
                  : 'info'
            }
          >
            Deposit {result.id}: {result.status.replace('_', ' ')}
          </Alert>
          <DetailList
            items={[
              { label: 'Deposit id', value: result.id },
              { label: 'Status', value: result.status },
              { label: 'Decline code', value: result.decline_code },
              { label: 'Decline reason', value: result.decline_reason },
            ]}
          />
          {following && result.mpi_url ? (
            <Typography>
              3D Secure opened in a new window.{' '}
              <Link href={result.mpi_url} target="_blank" rel="noopener noreferrer">
                Open the 3D Secure page
              </Link>
            </Typography>
          ) : null}
          {following ? (
            <Box role="status">
              {lookup.data ? (
                <>
                  <Typography>
                    {final
                      ? `Final status: ${lookup.data.status}.`
                      : `Following the deposit: ${lookup.data.status.replace('_', ' ')}…`}
                  </Typography>
                  <DetailList
                    items={[
                      { label: 'PSP', value: lookup.data.psp_name },
                      {
                        label: 'Card',
                        value: `${lookup.data.card_type ?? ''} •••• ${lookup.data.last_four_digits ?? ''}`,
                      },
                      {
                        label: 'Amount',
                        value: formatMoney(String(lookup.data.amount), lookup.data.currency),
                      },
                      { label: 'Decline code', value: lookup.data.decline_code },
                      { label: 'Decline reason', value: lookup.data.decline_reason },
                    ]}
                  />
                </>
              ) : (
                <Typography>Following the deposit…</Typography>
              )}
            </Box>
          ) : null}
          {lookup.isError ? (
            <ErrorState error={lookup.error} title="The deposit could not be looked up" />
          ) : null}
          {send.data?.exchange ? <ExchangeView exchange={send.data.exchange} /> : null}
        </>
      ) : null}
    </Box>
  );
}
