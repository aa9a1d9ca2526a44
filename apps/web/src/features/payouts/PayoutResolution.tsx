import type { PayoutDto, SessionUser } from '@payouts/contracts';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { isApiError } from '../../api/ApiError.js';
import { ErrorState } from '../../components/ErrorState.js';
import { formatDateTime } from '../../components/formatDateTime.js';
import type { ResolutionPrompt } from './ResolutionDialog.js';
import { usePayoutResolution, type ResolutionStep } from './usePayout.js';
import { resolutionNeeded } from './resolutionNeeded.js';

const ResolutionDialog = lazy(() =>
  import('./ResolutionDialog.js').then((m) => ({ default: m.ResolutionDialog })),
);

type Prompted = 'found' | 'propose' | 'decline' | 'send_again';

/** A new order id for sending again: the old one with `-R2` (or the next number). */
export function nextOrderId(orderId: string): string {
  const match = /^(.*)-R(\d+)$/.exec(orderId);
  const [base, n] = match ? [match[1]!, Number(match[2]) + 1] : [orderId, 2];
  const suffix = `-R${n}`;
  return `${base.slice(0, 64 - suffix.length)}${suffix}`;
}

function prompts(payout: PayoutDto): Record<Prompted, ResolutionPrompt> {
  return {
    found: {
      title: 'Found at the PSP?',
      explanation:
        'Enter the orchestrator’s id of this payout (its dashboard or the PSP shows it). It is checked with the orchestrator, which must hold it under this order id; its status is then followed as usual.',
      label: 'Orchestrator id',
      pointer: '/orchestrator_id',
      submitLabel: 'Link it',
      maxLength: 200,
    },
    propose: {
      title: 'Not sent: mark it failed?',
      explanation:
        'Say how you know it never reached the PSP. A second person confirms it; one last lookup by order id runs first, and if the orchestrator has it, it is not marked failed. Its order id stays taken.',
      label: 'Reason',
      pointer: '/reason',
      submitLabel: 'Propose',
      maxLength: 500,
      destructive: true,
    },
    decline: {
      title: 'Do not mark it failed?',
      explanation:
        'The proposal is withdrawn; the payout stays unknown and is looked up as before.',
      label: 'Reason',
      pointer: '/reason',
      submitLabel: 'Decline',
      maxLength: 500,
    },
    send_again: {
      title: 'Send it again as a new payout?',
      explanation:
        'A new payout with a new order id and the same details; the approval policy applies to it as to any other.',
      label: 'New order id',
      pointer: '/order_id',
      submitLabel: 'Send again',
      initial: nextOrderId(payout.order_id),
      maxLength: 64,
    },
  };
}

/**
 * Settling an unknown payout by hand (decision 040) on its page: found at the PSP, "not sent:
 * mark failed" (proposed by one person, confirmed by another), and "send again" once failed.
 */
export function ResolutionControls({
  payout,
  user,
}: {
  payout: PayoutDto;
  user: SessionUser | null | undefined;
}) {
  const resolution = usePayoutResolution(payout.id);
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<Prompted | null>(null);
  const [dialogUsed, setDialogUsed] = useState(false);
  if (!resolutionNeeded(payout, user)) return null;
  const unknown = payout.status === 'unknown';
  const markedFailed = payout.status === 'failed';

  const run = (step: ResolutionStep) => {
    resolution.mutate(step, {
      onSuccess: (answer) => {
        setDialog(null);
        if (step.action === 'send_again') void navigate(`/payouts/${answer.id}`);
      },
      onError: (error) => {
        if (!isApiError(error, 'validation_failed')) setDialog(null);
      },
    });
  };
  const open = (which: Prompted) => {
    resolution.reset();
    setDialogUsed(true);
    setDialog(which);
  };
  const submit = (value: string) => {
    if (dialog === 'found') run({ action: 'found', orchestrator_id: value });
    if (dialog === 'propose') run({ action: 'propose_mark_failed', reason: value });
    if (dialog === 'decline') run({ action: 'decline_mark_failed', reason: value });
    if (dialog === 'send_again') {
      run({ action: 'send_again', order_id: value, idempotency_key: crypto.randomUUID() });
    }
  };
  const proposal = payout.mark_failed;
  const mine = proposal?.requested_by.id === user?.id;
  const failure =
    resolution.isError &&
    !(dialog !== null && isApiError(resolution.error, 'validation_failed')) ? (
      <ErrorState error={resolution.error} title="The payout could not be settled" />
    ) : null;
  const all = prompts(payout);

  return (
    <Stack spacing={1}>
      {failure}
      {markedFailed ? (
        <Alert severity="error">
          <AlertTitle>
            Marked failed by {proposal?.requested_by.name} and {proposal?.confirmed_by?.name}
          </AlertTitle>
          {proposal?.reason}
        </Alert>
      ) : proposal ? (
        <Alert severity="warning">
          <AlertTitle>
            {proposal.requested_by.name} proposed marking it failed on{' '}
            {formatDateTime(proposal.requested_at)}
          </AlertTitle>
          {proposal.reason}.{' '}
          {mine
            ? 'A second person must confirm it.'
            : 'Confirm only if you agree that it never reached the PSP.'}
        </Alert>
      ) : null}
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {unknown && !proposal ? (
          <>
            <Button variant="outlined" onClick={() => open('found')}>
              Found at the PSP…
            </Button>
            <Button variant="outlined" color="error" onClick={() => open('propose')}>
              Not sent: mark failed…
            </Button>
          </>
        ) : null}
        {unknown && proposal && !mine ? (
          <Button
            variant="contained"
            color="error"
            loading={resolution.isPending && resolution.variables.action === 'confirm_mark_failed'}
            disabled={resolution.isPending}
            onClick={() => run({ action: 'confirm_mark_failed' })}
          >
            Confirm: mark failed
          </Button>
        ) : null}
        {unknown && proposal ? (
          <Button
            variant="outlined"
            disabled={resolution.isPending}
            onClick={() => open('decline')}
          >
            {mine ? 'Withdraw…' : 'Decline…'}
          </Button>
        ) : null}
        {unknown && proposal ? (
          <Button variant="text" onClick={() => open('found')}>
            Found at the PSP…
          </Button>
        ) : null}
        {markedFailed ? (
          <Button variant="contained" onClick={() => open('send_again')}>
            Send again as a new payout…
          </Button>
        ) : null}
      </Stack>
      {dialogUsed ? (
        <Suspense fallback={null}>
          <ResolutionDialog
            key={dialog ?? 'closed'}
            open={dialog !== null}
            prompt={all[dialog ?? 'found']}
            pending={resolution.isPending}
            error={resolution.error}
            onClose={() => setDialog(null)}
            onSubmit={submit}
          />
        </Suspense>
      ) : null}
    </Stack>
  );
}
