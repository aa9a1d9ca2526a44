import EditIcon from '@mui/icons-material/Edit';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { can, PAYOUT_METHOD_TYPE_TITLES } from '@payouts/contracts';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { DetailList, Section } from '../../components/DetailList.js';
import { BackLink, detailQueryState } from '../../components/DetailQueryState.js';
import { ErrorState } from '../../components/ErrorState.js';
import { formatDateTime } from '../../components/formatDateTime.js';
import { regionName } from '../../components/regionName.js';
import { useSession } from '../session/useSession.js';
import { BeneficiaryStatusChip } from './BeneficiaryStatusChip.js';
import { showValue } from './maskedDetails.js';
import { useBeneficiary, useBeneficiaryAction, type BeneficiaryAction } from './useBeneficiary.js';
import { ACTION_FAILED, DiffTable, eventText, PendingChange } from './PendingChange.js';
import { useFieldTitles } from '../providers/useFieldTitles.js';

export function BeneficiaryDetailPage() {
  const { id = '' } = useParams();
  const { user } = useSession();
  const detail = useBeneficiary(id);
  const action = useBeneficiaryAction(id);
  const [archiving, setArchiving] = useState(false);
  const titleOf = useFieldTitles(detail.data?.beneficiary);

  const back = <BackLink to="/beneficiaries" label="Beneficiaries" />;
  const state = detailQueryState({ back, noun: 'beneficiary', query: detail });
  if (state || !detail.data) return state;

  const { beneficiary: b, events, changes } = detail.data;
  const canWrite = can(user?.role, 'beneficiaries:write') && b.status !== 'archived';
  const run = (next: BeneficiaryAction, onDone?: () => void): void => {
    action.mutate(next, { onSettled: () => onDone?.() });
  };
  const payoutsLink = `/payouts?beneficiary_id=${encodeURIComponent(b.id)}`;

  return (
    <Stack spacing={2}>
      <title>{`${b.display_name} · Beneficiaries · Payouts back-office`}</title>
      {back}
      <Stack direction="row" sx={{ alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="h4" component="h1" sx={{ overflowWrap: 'anywhere' }}>
          {b.display_name}
        </Typography>
        <BeneficiaryStatusChip status={b.status} />
        {canWrite ? (
          <Stack direction="row" spacing={1} sx={{ flexGrow: 1, justifyContent: 'flex-end' }}>
            <Button
              component={RouterLink}
              to={`/beneficiaries/${encodeURIComponent(b.id)}/edit`}
              variant="outlined"
              startIcon={<EditIcon />}
            >
              Edit
            </Button>
            <Button variant="outlined" color="error" onClick={() => setArchiving(true)}>
              Archive
            </Button>
          </Stack>
        ) : null}
      </Stack>
      {action.isError ? (
        <ErrorState error={action.error} title={ACTION_FAILED[action.variables.kind]} />
      ) : null}
      {b.unusable_reason ? (
        <Alert severity="warning">
          <AlertTitle>Cannot be paid now</AlertTitle>
          {b.unusable_reason}
        </Alert>
      ) : null}
      {b.status === 'archived' ? (
        <Alert severity="info">Archived: it is no longer offered for payouts.</Alert>
      ) : null}
      <PendingChange beneficiary={b} user={user} run={run} pending={action.isPending} />
      <Section title="Beneficiary">
        <DetailList
          items={[
            { label: 'Reference', value: b.reference },
            { label: 'E-mail', value: b.email ?? '—' },
            { label: 'Country', value: `${regionName(b.country)} (${b.country})` },
            { label: 'Currency', value: b.currency },
            ...(b.state ? [{ label: 'State', value: b.state }] : []),
            { label: 'Payout method', value: PAYOUT_METHOD_TYPE_TITLES[b.payout_method_type] },
            { label: 'PSP', value: b.provider_title ?? b.provider },
            { label: 'Created', value: `${formatDateTime(b.created_at)} by ${b.created_by.name}` },
            {
              label: 'Last change',
              value: `${formatDateTime(b.updated_at)} by ${b.updated_by.name}`,
            },
          ]}
        />
      </Section>
      <Section title="Payment details (masked)">
        {b.card_fields_required ? (
          <Alert severity="info" sx={{ mb: 2 }}>
            The card number is not kept: the card fields are typed again at each payout, as the PSP
            returned no card token.
          </Alert>
        ) : null}
        <DetailList
          items={Object.entries(b.details).map(([name, value]) => ({
            label: titleOf(name),
            value: <span style={{ fontFamily: 'monospace' }}>{showValue(value)}</span>,
          }))}
        />
      </Section>
      <Section title="Payouts to this beneficiary">
        <Typography sx={{ mb: 1 }}>
          {b.payouts_count === 0
            ? 'No payouts yet.'
            : `${b.payouts_count} payout${b.payouts_count === 1 ? '' : 's'}, the last on ${b.last_paid_at ? formatDateTime(b.last_paid_at) : '—'}.`}
        </Typography>
        <Link component={RouterLink} to={payoutsLink}>
          See the payouts to {b.display_name}
        </Link>
      </Section>
      <Section title="Timeline">
        {events.length === 0 ? (
          <Typography>No events yet.</Typography>
        ) : (
          <Stack component="ol" spacing={1} sx={{ m: 0, pl: 3 }}>
            {events.map((e) => (
              <li key={e.id}>
                <Typography variant="body2">
                  <strong>{formatDateTime(e.at)}</strong> · {eventText(e)} · {e.actor}
                </Typography>
              </li>
            ))}
          </Stack>
        )}
      </Section>
      <Section title="Change history">
        {changes.length === 0 ? (
          <Typography>No changes of payment details.</Typography>
        ) : (
          <Stack spacing={2}>
            {changes.map((c) => (
              <div key={c.id}>
                <Typography variant="body2" sx={{ mb: 0.5 }}>
                  {c.status === 'pending'
                    ? 'Pending'
                    : c.status === 'approved'
                      ? 'Approved'
                      : 'Rejected'}
                  {' · proposed by '}
                  {c.proposed_by.name} on {formatDateTime(c.proposed_at)}
                  {c.decided_by && c.decided_at
                    ? ` · decided by ${c.decided_by.name} on ${formatDateTime(c.decided_at)}`
                    : ''}
                  {c.reason ? ` · reason: ${c.reason}` : ''}
                </Typography>
                <DiffTable
                  change={c}
                  caption={`Change proposed on ${formatDateTime(c.proposed_at)}`}
                  titleOf={titleOf}
                />
              </div>
            ))}
          </Stack>
        )}
      </Section>
      <Dialog open={archiving} onClose={() => setArchiving(false)} aria-labelledby="archive-title">
        <DialogTitle id="archive-title">Archive {b.display_name}?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            It will no longer be offered for payouts. Its history and past payouts stay.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setArchiving(false)}>Keep it</Button>
          <Button
            variant="contained"
            color="error"
            loading={action.isPending}
            onClick={() => run({ kind: 'archive' }, () => setArchiving(false))}
          >
            Archive
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
