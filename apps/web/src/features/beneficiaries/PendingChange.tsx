import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import {
  BENEFICIARY_REASON_MAX_LENGTH,
  can,
  type BeneficiaryChangeDto,
  type BeneficiaryDto,
  type BeneficiaryEventDto,
  type SessionUser,
} from '@payouts/contracts';
import { useState } from 'react';
import { formatDateTime } from '../../components/formatDateTime.js';
import { ReasonDialog } from '../../components/ReasonDialog.js';
import { showValue } from './maskedDetails.js';
import { type BeneficiaryAction } from './useBeneficiary.js';
import { formatMoney } from '../../components/formatMoney.js';
import { useFieldTitles } from '../providers/useFieldTitles.js';

/** What a beneficiary's page shows of its changes: the proposed change with its decision, the timeline's wording. */
const EVENT_LABELS: Readonly<Record<string, string>> = {
  created: 'Created',
  updated: 'Name, reference or e-mail changed',
  change_proposed: 'Change proposed',
  change_approved: 'Change approved',
  change_rejected: 'Change rejected',
  archived: 'Archived',
  paid: 'Paid',
};

export function eventText(event: BeneficiaryEventDto): string {
  const label = EVENT_LABELS[event.type] ?? event.type;
  const { data } = event;
  if (event.type === 'paid' && typeof data.amount === 'string') {
    const order = typeof data.order_id === 'string' ? ` (order ${data.order_id})` : '';
    const money =
      typeof data.currency === 'string' ? formatMoney(data.amount, data.currency) : data.amount;
    return `${label} ${money}${order}`;
  }
  if (event.type === 'change_rejected' && typeof data.reason === 'string') {
    return `${label}: ${data.reason}`;
  }
  return label;
}

/** The beneficiary's own fields a change may hold beside the PSP's payment details. */
const IDENTITY_LABELS: Readonly<Record<string, string>> = {
  display_name: 'Name',
  reference: 'Reference',
};

export function DiffTable({
  change,
  caption,
  titleOf,
}: {
  change: BeneficiaryChangeDto;
  caption: string;
  /** A payment detail's title as its PSP names it (`useFieldTitles`). */
  titleOf: (name: string) => string;
}) {
  return (
    <Table size="small" aria-label={caption}>
      <TableHead>
        <TableRow>
          <TableCell>Field</TableCell>
          <TableCell>Now</TableCell>
          <TableCell>Proposed</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {change.diff.map((d) => (
          <TableRow key={d.field}>
            <TableCell>{IDENTITY_LABELS[d.field] ?? titleOf(d.field)}</TableCell>
            <TableCell sx={{ fontFamily: 'monospace' }}>{showValue(d.from)}</TableCell>
            <TableCell sx={{ fontFamily: 'monospace' }}>{showValue(d.to)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

export const ACTION_FAILED: Readonly<Record<BeneficiaryAction['kind'], string>> = {
  approve: 'The change could not be approved',
  reject: 'The change could not be rejected',
  archive: 'The beneficiary could not be archived',
};

export function PendingChange({
  beneficiary,
  user,
  run,
  pending,
}: {
  beneficiary: BeneficiaryDto;
  user: SessionUser | null | undefined;
  run: (action: BeneficiaryAction, onDone?: () => void) => void;
  pending: boolean;
}) {
  const [rejecting, setRejecting] = useState(false);
  const titleOf = useFieldTitles(beneficiary);
  const change = beneficiary.pending_change;
  if (!change) return null;
  const mine = user?.id === change.proposed_by.id;
  const approver = can(user?.role, 'beneficiaries:approve') && !mine;
  return (
    <Alert severity="warning" icon={false}>
      <AlertTitle>
        Change proposed by {change.proposed_by.name} on {formatDateTime(change.proposed_at)}
      </AlertTitle>
      <Typography variant="body2" sx={{ mb: 1 }}>
        The current name, reference and payment details stay in force, and payouts and batch files
        use them, until a second person approves the change.{' '}
        {mine
          ? 'You proposed it: another finance user or an admin must approve it.'
          : approver
            ? 'Check the masked values below, then approve or reject it.'
            : 'A finance user or an admin other than the proposer decides on it.'}
      </Typography>
      <DiffTable change={change} caption="Proposed change" titleOf={titleOf} />
      {approver ? (
        <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
          <Button
            variant="contained"
            color="success"
            startIcon={<CheckIcon />}
            disabled={pending}
            onClick={() => run({ kind: 'approve', changeId: change.id })}
          >
            Approve change
          </Button>
          <Button
            variant="outlined"
            color="error"
            startIcon={<CloseIcon />}
            disabled={pending}
            onClick={() => setRejecting(true)}
          >
            Reject change
          </Button>
        </Stack>
      ) : null}
      <ReasonDialog
        open={rejecting}
        title="Reject this change?"
        text="The current payment details stay in force. The person who proposed the change sees your reason."
        submitLabel="Reject change"
        missing="Say why the change is rejected."
        maxLength={BENEFICIARY_REASON_MAX_LENGTH}
        pending={pending}
        onClose={() => setRejecting(false)}
        onSubmit={(reason) =>
          run({ kind: 'reject', changeId: change.id, reason }, () => setRejecting(false))
        }
      />
    </Alert>
  );
}
