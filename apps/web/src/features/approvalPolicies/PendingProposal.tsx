import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import UndoIcon from '@mui/icons-material/Undo';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  can,
  policyWeakening,
  POLICY_REASON_MAX_LENGTH,
  type ApprovalPolicy,
  type PolicyProposalDto,
  type SessionUser,
} from '@payouts/contracts';
import { useMemo, useState } from 'react';
import { formatDateTime } from '../../components/formatDateTime.js';
import { PolicyChanges } from './PolicyChanges.js';
import { PolicyRulesTable } from './PolicyRulesTable.js';
import { ReasonDialog } from '../../components/ReasonDialog.js';
import type { PolicyDecision } from './useApprovalPolicies.js';

/**
 * The proposal awaiting a second admin: what it changes, and what this user may do about it
 * (approve or reject it as another admin, withdraw it as its proposer).
 */
export function PendingProposal({
  proposal,
  active,
  user,
  pending,
  decide,
}: {
  proposal: PolicyProposalDto;
  /** The policy in force: a change that weakens it is said to wait once approved. */
  active: ApprovalPolicy;
  user: SessionUser | null | undefined;
  pending: boolean;
  decide: (decision: PolicyDecision, onDone: () => void) => void;
}) {
  const [rejecting, setRejecting] = useState(false);
  const mine = user?.id === proposal.proposed_by.id;
  const admin = can(user?.role, 'approval-policies:manage');
  const weakening = useMemo(
    () => policyWeakening(active, proposal.policy),
    [active, proposal.policy],
  );
  return (
    <Alert
      severity="warning"
      icon={false}
      component="section"
      role="region"
      aria-labelledby="pending-title"
    >
      <AlertTitle id="pending-title" component="h2">
        Pending proposal
      </AlertTitle>
      <Typography variant="body2" sx={{ mb: 1 }}>
        Proposed by {proposal.proposed_by.name} on {formatDateTime(proposal.proposed_at)}, against
        version {proposal.base_version}. The active policy applies until another admin approves it.
      </Typography>
      {proposal.note ? (
        <Typography variant="body2" sx={{ mb: 1 }}>
          Note: {proposal.note}
        </Typography>
      ) : null}
      {weakening ? (
        <Typography variant="body2" sx={{ mb: 1 }}>
          It lets some payouts through with less approval ({weakening.example}): once approved, it
          takes effect only after a delay, during which any admin can cancel it.
        </Typography>
      ) : null}
      <PolicyChanges changes={proposal.changes} title="Changes" headingLevel="h3" />
      <details>
        <summary>
          <Typography component="span" variant="body2">
            The proposed rules
          </Typography>
        </summary>
        <PolicyRulesTable policy={proposal.policy} label="Proposed rules" />
      </details>
      {mine ? (
        <Stack direction="row" spacing={2} sx={{ mt: 2, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="body2">
            You proposed it: it waits for another admin to approve or reject it.
          </Typography>
          <Button
            variant="outlined"
            color="error"
            startIcon={<UndoIcon />}
            disabled={pending}
            onClick={() => setRejecting(true)}
          >
            Withdraw
          </Button>
        </Stack>
      ) : admin ? (
        <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
          <Button
            variant="contained"
            color="success"
            startIcon={<CheckIcon />}
            disabled={pending}
            onClick={() => decide({ kind: 'approve', id: proposal.id }, () => undefined)}
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
      ) : (
        <Typography variant="body2" sx={{ mt: 1 }}>
          An admin other than the proposer approves or rejects it.
        </Typography>
      )}
      <ReasonDialog
        open={rejecting}
        title={mine ? 'Withdraw your proposal?' : 'Reject this change?'}
        text={
          mine
            ? 'The active policy stays in force. Your reason is kept in the history.'
            : 'The active policy stays in force. The proposer sees your reason.'
        }
        submitLabel={mine ? 'Withdraw' : 'Reject change'}
        pending={pending}
        maxLength={POLICY_REASON_MAX_LENGTH}
        onClose={() => setRejecting(false)}
        onSubmit={(reason) =>
          decide({ kind: 'reject', id: proposal.id, reason }, () => setRejecting(false))
        }
      />
    </Alert>
  );
}
