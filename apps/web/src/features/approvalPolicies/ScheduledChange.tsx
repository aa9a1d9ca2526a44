import ScheduleIcon from '@mui/icons-material/Schedule';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import {
  can,
  POLICY_REASON_MAX_LENGTH,
  type PolicyProposalDto,
  type SessionUser,
} from '@payouts/contracts';
import { useState } from 'react';
import { formatDateTime } from '../../components/formatDateTime.js';
import { ReasonDialog } from '../../components/ReasonDialog.js';
import { PolicyChanges } from './PolicyChanges.js';
import type { PolicyDecision } from './useApprovalPolicies.js';

/**
 * An approved change that lets some payouts through with less approval: it waits for its time,
 * and any admin (its proposer and approver too) can cancel it until then.
 */
export function ScheduledChange({
  proposal,
  user,
  pending,
  decide,
}: {
  proposal: PolicyProposalDto;
  user: SessionUser | null | undefined;
  pending: boolean;
  decide: (decision: PolicyDecision, onDone: () => void) => void;
}) {
  const [cancelling, setCancelling] = useState(false);
  const admin = can(user?.role, 'approval-policies:manage');
  return (
    <Alert
      severity="error"
      icon={<ScheduleIcon />}
      component="section"
      role="region"
      aria-labelledby="scheduled-title"
    >
      <AlertTitle id="scheduled-title" component="h2">
        Takes effect {proposal.effective_at ? formatDateTime(proposal.effective_at) : 'soon'}
      </AlertTitle>
      <Typography variant="body2" sx={{ mb: 1 }}>
        Proposed by {proposal.proposed_by.name}, approved by{' '}
        {proposal.decided_by?.name ?? 'an admin'}. It lets some payouts through with less approval,
        so it waits before it applies: {proposal.weakening}.
      </Typography>
      <PolicyChanges changes={proposal.changes} title="Changes" headingLevel="h3" />
      {admin ? (
        <Button
          sx={{ mt: 1 }}
          variant="contained"
          color="error"
          disabled={pending}
          onClick={() => setCancelling(true)}
        >
          Cancel this change
        </Button>
      ) : (
        <Typography variant="body2" sx={{ mt: 1 }}>
          Any admin can cancel it until then.
        </Typography>
      )}
      <ReasonDialog
        open={cancelling}
        title="Cancel this change?"
        text="The active policy stays in force. Your reason is kept in the history."
        submitLabel="Cancel the change"
        pending={pending}
        maxLength={POLICY_REASON_MAX_LENGTH}
        onClose={() => setCancelling(false)}
        onSubmit={(reason) =>
          decide({ kind: 'reject', id: proposal.id, reason }, () => setCancelling(false))
        }
      />
    </Alert>
  );
}
