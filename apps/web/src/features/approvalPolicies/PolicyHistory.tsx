import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PolicyProposalDto } from '@payouts/contracts';
import { formatDateTime } from '../../components/formatDateTime.js';
import { PolicyChanges } from './PolicyChanges.js';

/**
 * "Approved by Alan on …", with what became of a change that weakened the policy: in force from
 * its time, cancelled by an admin before it, or dropped when another version came first.
 */
function decisionText(p: PolicyProposalDto): string {
  const by =
    p.decided_by && p.decided_at
      ? ` by ${p.decided_by.name} on ${formatDateTime(p.decided_at)}`
      : '';
  if (p.effective_at === null) return `${p.status === 'approved' ? 'Approved' : 'Rejected'}${by}`;
  if (p.status === 'approved') {
    return `Approved${by}, in force from ${formatDateTime(p.effective_at)} (it weakened the policy)`;
  }
  if (p.cancelled_by && p.cancelled_at) {
    return `Approved${by}, cancelled by ${p.cancelled_by.name} on ${formatDateTime(p.cancelled_at)} before it took effect`;
  }
  return `Approved${by}, dropped before it took effect`;
}

/** Decided proposals, newest first, folded away until asked for. */
export function PolicyHistory({ history }: { history: readonly PolicyProposalDto[] }) {
  return (
    <Paper variant="outlined" component="section" aria-label="History" sx={{ p: 2 }}>
      <details>
        <summary>
          <Typography component="h2" variant="h6" sx={{ display: 'inline' }}>
            History ({history.length} decided proposal{history.length === 1 ? '' : 's'})
          </Typography>
        </summary>
        {history.length === 0 ? (
          <Typography sx={{ mt: 1 }}>No decided proposals yet.</Typography>
        ) : (
          <Stack component="ol" spacing={2} sx={{ mt: 1, pl: 3 }}>
            {history.map((p) => (
              <li key={p.id}>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {decisionText(p)}
                </Typography>
                <Typography variant="body2">
                  Proposed by {p.proposed_by.name} on {formatDateTime(p.proposed_at)}
                  {p.note ? ` · note: ${p.note}` : ''}
                  {p.reason ? ` · reason: ${p.reason}` : ''}
                </Typography>
                <PolicyChanges changes={p.changes} title="Changes" headingLevel="h3" />
              </li>
            ))}
          </Stack>
        )}
      </details>
    </Paper>
  );
}
