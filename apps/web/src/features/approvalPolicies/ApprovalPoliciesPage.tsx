import EditIcon from '@mui/icons-material/Edit';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { can, type ActivePolicyDto } from '@payouts/contracts';
import { useCallback, useMemo, useState } from 'react';
import { ErrorState } from '../../components/ErrorState.js';
import { formatDateTime } from '../../components/formatDateTime.js';
import { useSession } from '../session/useSession.js';
import { DryRunPanel } from './DryRunPanel.js';
import { PendingProposal } from './PendingProposal.js';
import { PolicyEditor } from './PolicyEditor.js';
import { PolicyHistory } from './PolicyHistory.js';
import { PolicyRulesTable } from './PolicyRulesTable.js';
import { ScheduledChange } from './ScheduledChange.js';
import { checkDrafts, draftFromRule, type RuleDraft } from './policyDraft.js';
import { useApprovalPolicies, usePolicyMutations } from './useApprovalPolicies.js';

function activeSince(active: ActivePolicyDto): string {
  const since = `Version ${active.version}, in force since ${formatDateTime(active.active_since)}`;
  if (!active.approved_by) return `${since}, from configuration (the initial policy).`;
  const proposer = active.proposed_by ? `proposed by ${active.proposed_by.name}, ` : '';
  return `${since}, ${proposer}approved by ${active.approved_by.name}.`;
}

/**
 * Who must approve a payout before it is sent: the active policy, the proposal awaiting a
 * second admin, the history, and for admins an editor to propose a change. Everyone may read it.
 */
export function ApprovalPoliciesPage() {
  const { user } = useSession();
  const query = useApprovalPolicies();
  const { decide } = usePolicyMutations();
  const [drafts, setDrafts] = useState<RuleDraft[] | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const draftCheck = useMemo(() => (drafts ? checkDrafts(drafts) : undefined), [drafts]);
  const dryRunDraft = useMemo(
    () => draftCheck && { policy: draftCheck.policy, valid: draftCheck.errors.length === 0 },
    [draftCheck],
  );
  const canManage = can(user?.role, 'approval-policies:manage');
  const changeDrafts = useCallback(
    (update: (current: RuleDraft[]) => RuleDraft[]) =>
      setDrafts((current) => (current ? update(current) : current)),
    [],
  );

  const heading = (
    <>
      <title>Approval policies · Payouts back-office</title>
      <Typography variant="h4" component="h1">
        Approval policies
      </Typography>
    </>
  );
  if (query.isPending) {
    return (
      <Stack spacing={2}>
        {heading}
        <CircularProgress aria-label="Loading the approval policies" />
      </Stack>
    );
  }
  if (query.isError) {
    return (
      <Stack spacing={2}>
        {heading}
        <ErrorState
          error={query.error}
          title="Could not load the approval policies"
          onRetry={() => void query.refetch()}
        />
      </Stack>
    );
  }
  const { active, pending, scheduled, history } = query.data;
  const editing = canManage && drafts !== null;

  return (
    <Stack spacing={2}>
      {heading}
      <Typography>
        Which payouts need approval before they are sent, and by how many people. Rules are tried in
        order; the first whose conditions all hold decides. A change applies once a second admin
        approves it, or later when it lets some payouts through with less approval; payouts already
        waiting keep the rule they were created under.
      </Typography>
      <Paper variant="outlined" component="section" aria-labelledby="active-title" sx={{ p: 2 }}>
        <Typography id="active-title" variant="h6" component="h2">
          Active policy
        </Typography>
        <Typography variant="body2" sx={{ mb: 1 }}>
          {activeSince(active)}
        </Typography>
        <PolicyRulesTable policy={active.policy} label="Active policy rules" />
      </Paper>
      {decide.isError ? (
        <ErrorState
          error={decide.error}
          title={
            decide.variables.kind === 'approve'
              ? 'The change could not be approved'
              : 'The change could not be rejected'
          }
        />
      ) : null}
      {scheduled ? (
        <ScheduledChange
          proposal={scheduled}
          user={user}
          pending={decide.isPending}
          decide={(decision, onDone) => decide.mutate(decision, { onSettled: onDone })}
        />
      ) : null}
      {pending ? (
        <PendingProposal
          proposal={pending}
          active={active.policy}
          user={user}
          pending={decide.isPending}
          decide={(decision, onDone) => decide.mutate(decision, { onSettled: onDone })}
        />
      ) : null}
      {submitted && pending ? (
        <Alert severity="success">Proposal submitted: another admin must approve it.</Alert>
      ) : null}
      {editing ? (
        <PolicyEditor
          active={active}
          blocked={pending !== null}
          drafts={drafts}
          onDraftsChange={changeDrafts}
          onCancel={() => setDrafts(null)}
          onSubmitted={() => {
            setDrafts(null);
            setSubmitted(true);
          }}
        />
      ) : canManage ? (
        <Box>
          <Button
            variant="outlined"
            startIcon={<EditIcon />}
            disabled={pending !== null}
            aria-describedby={pending ? 'propose-blocked' : undefined}
            onClick={() => {
              setSubmitted(false);
              setDrafts(active.policy.rules.map(draftFromRule));
            }}
          >
            Propose a change
          </Button>
          {pending ? (
            <Typography id="propose-blocked" variant="body2" sx={{ mt: 1 }}>
              A proposal is already waiting for a decision: it must be approved, rejected or
              withdrawn before another can be made.
            </Typography>
          ) : null}
        </Box>
      ) : null}
      <DryRunPanel
        server={canManage}
        active={active.policy}
        draft={editing ? dryRunDraft : undefined}
      />
      <PolicyHistory history={history} />
    </Stack>
  );
}
