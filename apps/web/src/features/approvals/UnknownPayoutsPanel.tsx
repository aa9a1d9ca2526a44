import type { PayoutDto, PayoutResolutionResultsDto } from '@payouts/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useApi } from '../../api/ApiContext.js';
import { errorMessage } from '../../components/errorMessage.js';
import { formatMoney } from '../../components/formatMoney.js';
import { payoutQueryKeys } from '../payouts/payoutQueryKeys.js';
import { useSession } from '../session/useSession.js';

const ResolutionDialog = lazy(() =>
  import('../payouts/ResolutionDialog.js').then((m) => ({ default: m.ResolutionDialog })),
);

const HANDED_TO_PERSON = { status: 'unknown', needs_attention: '1', limit: '100' } as const;

/**
 * Unknown payouts that no evidence settled and that wait for a person (decision 040), beside
 * the approvals: select several, propose "not sent: mark failed" with one reason, or confirm the
 * proposals of others (a second person). Each payout's page offers the same one at a time, and
 * "found at the PSP".
 */
export function UnknownPayoutsPanel() {
  const api = useApi();
  const queryClient = useQueryClient();
  const me = useSession().user?.id;
  const list = useQuery({
    queryKey: [...payoutQueryKeys.all, 'handed-to-a-person'],
    queryFn: ({ signal }) => api.payouts.list(HANDED_TO_PERSON, signal),
  });
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [proposing, setProposing] = useState(false);
  const [results, setResults] = useState<PayoutResolutionResultsDto['results'] | null>(null);
  // The order ids asked about, kept: a payout marked failed leaves the list the answer refreshes.
  const [asked, setAsked] = useState<ReadonlyMap<string, string>>(new Map());
  const resolve = useMutation({
    mutationFn: (body: Parameters<typeof api.payouts.resolveMany>[0]) => {
      setAsked(new Map(items.map((p) => [p.id, p.order_id])));
      return api.payouts.resolveMany(body);
    },
    onSuccess: async ({ results: answered }) => {
      setResults(answered);
      setSelected(new Set());
      setProposing(false);
      await queryClient.invalidateQueries({ queryKey: payoutQueryKeys.all });
    },
  });
  const items = (list.data?.items ?? []).filter((p) => p.orchestrator_id === null);
  if (items.length === 0 && results === null) return null;

  const chosen = items.filter((p) => selected.has(p.id));
  const toPropose = chosen.filter((p) => p.mark_failed === null);
  const toConfirm = chosen.filter(
    (p) => p.mark_failed !== null && p.mark_failed.requested_by.id !== me,
  );
  const toggle = (id: string) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setSelected(next);
  };
  const state = (p: PayoutDto) =>
    p.mark_failed === null
      ? 'No evidence yet'
      : p.mark_failed.requested_by.id === me
        ? 'You proposed marking it failed'
        : `${p.mark_failed.requested_by.name} proposed marking it failed: ${p.mark_failed.reason}`;

  return (
    <Box
      component="section"
      aria-labelledby="unknown-payouts"
      sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}
    >
      <Typography variant="h6" component="h2" id="unknown-payouts">
        Unknown outcome, waiting for a person
      </Typography>
      <Typography variant="body2" color="textSecondary">
        The orchestrator never answered for these and no record with their order ID was found. They
        are never sent again on a guess: mark one failed only if it never reached the PSP (a second
        person confirms), or open it to link what you found at the PSP.
      </Typography>
      {results ? (
        <Alert
          severity={results.every((r) => r.outcome === 'done') ? 'success' : 'warning'}
          onClose={() => setResults(null)}
        >
          <Box component="ul" sx={{ m: 0, pl: 2 }}>
            {results.map((r) => (
              <li key={r.payout_id}>
                {asked.get(r.payout_id) ?? r.payout_id}:{' '}
                {r.outcome === 'done'
                  ? r.status === 'failed'
                    ? 'marked failed'
                    : 'proposed'
                  : r.problem?.detail}
              </li>
            ))}
          </Box>
        </Alert>
      ) : null}
      {resolve.isError ? (
        <Typography role="alert" color="error">
          Nothing was changed: {errorMessage(resolve.error)}
        </Typography>
      ) : null}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <Button
          variant="outlined"
          color="error"
          disabled={toPropose.length === 0 || resolve.isPending}
          onClick={() => setProposing(true)}
        >
          Propose: mark failed ({toPropose.length})
        </Button>
        <Button
          variant="contained"
          color="error"
          disabled={toConfirm.length === 0 || resolve.isPending}
          onClick={() =>
            resolve.mutate({
              action: 'confirm_mark_failed',
              payout_ids: toConfirm.map((p) => p.id),
            })
          }
        >
          Confirm: mark failed ({toConfirm.length})
        </Button>
      </Box>
      {items.length > 0 ? (
        <Paper variant="outlined">
          <Table size="small" aria-labelledby="unknown-payouts">
            <TableHead>
              <TableRow>
                <TableCell padding="checkbox" />
                <TableCell component="th" scope="col">
                  Order ID
                </TableCell>
                <TableCell component="th" scope="col" align="right">
                  Amount
                </TableCell>
                <TableCell component="th" scope="col">
                  Where it stands
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {items.map((p) => (
                <TableRow key={p.id}>
                  <TableCell padding="checkbox">
                    <Checkbox
                      checked={selected.has(p.id)}
                      onChange={() => toggle(p.id)}
                      slotProps={{ input: { 'aria-label': `Select ${p.order_id}` } }}
                    />
                  </TableCell>
                  <TableCell>
                    <RouterLink to={`/payouts/${p.id}`}>{p.order_id}</RouterLink>
                  </TableCell>
                  <TableCell align="right">{formatMoney(p.amount, p.currency)}</TableCell>
                  <TableCell>{state(p)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Paper>
      ) : null}
      {proposing ? (
        <Suspense fallback={null}>
          <ResolutionDialog
            open
            prompt={{
              title: `Not sent: mark ${toPropose.length === 1 ? 'it' : `these ${toPropose.length}`} failed?`,
              explanation:
                'Say how you know they never reached the PSP. A second person confirms each one; one last lookup by order ID runs first.',
              label: 'Reason',
              pointer: '/reason',
              submitLabel: 'Propose',
              maxLength: 500,
              destructive: true,
            }}
            pending={resolve.isPending}
            error={resolve.error}
            onClose={() => setProposing(false)}
            onSubmit={(reason) =>
              resolve.mutate({
                action: 'propose_mark_failed',
                reason,
                payout_ids: toPropose.map((p) => p.id),
              })
            }
          />
        </Suspense>
      ) : null}
    </Box>
  );
}
