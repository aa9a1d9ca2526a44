import type { ApprovalDecisionKind, ApprovalDecisionResult } from '@payouts/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ErrorState } from '../../components/ErrorState.js';
import { errorMessage } from '../../components/errorMessage.js';
import { ApprovalsTable } from './ApprovalsTable.js';
import { ApprovalCards } from './ApprovalCards.js';
import { useNarrowScreen } from '../../components/useNarrowScreen.js';
import { BatchApprovals } from './BatchApprovals.js';
import { ApproveSelectedDialog } from './ApproveSelectedDialog.js';
import { DecisionResults } from './DecisionResults.js';
import { RejectSelectedDialog } from './RejectSelectedDialog.js';
import { selectionTotals } from './selectionTotals.js';
import { UnknownPayoutsPanel } from './UnknownPayoutsPanel.js';
import { useApprovalDecisions, useApprovalInbox } from './useApprovals.js';

/**
 * The approvals inbox: what waits for approval, oldest first. Rows I may decide on
 * can be selected and approved or rejected together; the others say why they are not mine.
 */
export function ApprovalsPage() {
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const cursor = cursors[cursors.length - 1];
  const page = useApprovalInbox(cursor);
  const narrow = useNarrowScreen();
  const decisions = useApprovalDecisions();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [rejecting, setRejecting] = useState(false);
  const [approving, setApproving] = useState(false);
  const [outcome, setOutcome] = useState<{
    results: ApprovalDecisionResult[];
    orderIds: ReadonlyMap<string, string>;
  } | null>(null);

  const items = page.data?.items;
  const nextCursor = page.data?.next_cursor ?? null;
  // Only rows still shown and still mine count: a refresh may have taken some away.
  const chosen = (items ?? []).filter((i) => i.actionable && selected.has(i.id));

  const totals = selectionTotals(chosen);

  const toggle = (id: string) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setSelected(next);
  };
  const toggleAll = (select: boolean) =>
    setSelected(new Set(select ? (items ?? []).filter((i) => i.actionable).map((i) => i.id) : []));

  const decide = (decision: ApprovalDecisionKind, reason?: string) => {
    const orderIds = new Map(chosen.map((i) => [i.id, i.order_id]));
    decisions.mutate(
      {
        decision,
        payout_ids: chosen.map((i) => i.id),
        ...(reason === undefined ? {} : { reason }),
      },
      {
        onSuccess: ({ results }) => {
          setOutcome({ results, orderIds });
          setSelected(new Set());
          setRejecting(false);
          setApproving(false);
        },
      },
    );
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <title>Approvals · Payouts back-office</title>
      <Typography variant="h4" component="h1">
        Approvals
      </Typography>
      {outcome ? (
        <DecisionResults
          results={outcome.results}
          orderIds={outcome.orderIds}
          onClose={() => setOutcome(null)}
        />
      ) : null}
      {decisions.isError && !rejecting && !approving ? (
        <Typography role="alert" color="error">
          Nothing was decided: {errorMessage(decisions.error)}
        </Typography>
      ) : null}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <Button
          variant="contained"
          disabled={chosen.length === 0 || decisions.isPending}
          onClick={() => setApproving(true)}
        >
          Approve selected
        </Button>
        <Button
          variant="outlined"
          color="error"
          disabled={chosen.length === 0 || decisions.isPending}
          onClick={() => setRejecting(true)}
        >
          Reject selected
        </Button>
        <Typography variant="body2" color="textSecondary" aria-live="polite">
          {chosen.length > 0 ? `${chosen.length} selected · ${totals}` : ''}
        </Typography>
        {decisions.isPending ? <CircularProgress size={20} aria-label="Deciding" /> : null}
      </Box>
      <Paper variant="outlined">
        {page.isError ? (
          <Box sx={{ p: 2 }}>
            <ErrorState
              error={page.error}
              title="The approvals could not be loaded"
              onRetry={() => void page.refetch()}
            />
          </Box>
        ) : null}
        {items === undefined && page.isPending ? (
          <Box sx={{ p: 2 }}>
            <CircularProgress aria-label="Loading the approvals" />
          </Box>
        ) : null}
        {items !== undefined && items.length === 0 && cursors.length === 1 ? (
          <Typography role="status" sx={{ p: 4, textAlign: 'center' }}>
            No payout waits for your approval
          </Typography>
        ) : null}
        {items !== undefined && items.length > 0 && narrow ? (
          <ApprovalCards
            items={items}
            selected={selected}
            onToggle={toggle}
            onToggleAll={toggleAll}
          />
        ) : null}
        {items !== undefined && items.length > 0 && !narrow ? (
          <ApprovalsTable
            items={items}
            selected={selected}
            onToggle={toggle}
            onToggleAll={toggleAll}
          />
        ) : null}
        {cursors.length > 1 || nextCursor !== null ? (
          <Box
            component="nav"
            aria-label="Pages"
            sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, p: 1 }}
          >
            <Button
              disabled={cursors.length <= 1}
              onClick={() => {
                setSelected(new Set());
                setCursors(cursors.slice(0, -1));
              }}
            >
              Previous page
            </Button>
            <Button
              disabled={nextCursor === null || page.isPlaceholderData}
              onClick={() => {
                if (nextCursor === null) return;
                setSelected(new Set());
                setCursors([...cursors, nextCursor]);
              }}
            >
              Next page
            </Button>
          </Box>
        ) : null}
      </Paper>
      <BatchApprovals />
      <UnknownPayoutsPanel />
      <ApproveSelectedDialog
        open={approving}
        count={chosen.length}
        totals={totals}
        busy={decisions.isPending}
        error={decisions.isError ? errorMessage(decisions.error) : null}
        onCancel={() => {
          decisions.reset();
          setApproving(false);
        }}
        onApprove={() => decide('approve')}
      />
      <RejectSelectedDialog
        open={rejecting}
        count={chosen.length}
        totals={totals}
        busy={decisions.isPending}
        error={decisions.isError ? errorMessage(decisions.error) : null}
        onCancel={() => {
          decisions.reset();
          setRejecting(false);
        }}
        onReject={(reason) => decide('reject', reason)}
      />
    </Box>
  );
}
