import type { ApprovalDecisionResult } from '@payouts/contracts';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { outcomeText } from './approvalText.js';

/** What a bulk decision did, payout by payout (order ids as they were when decided). */
export function DecisionResults({
  results,
  orderIds,
  onClose,
}: {
  results: ApprovalDecisionResult[];
  orderIds: ReadonlyMap<string, string>;
  onClose: () => void;
}) {
  const refused = results.filter((r) => r.outcome === 'refused').length;
  const done = results.length - refused;
  return (
    <Alert
      severity={refused === 0 ? 'success' : done === 0 ? 'error' : 'warning'}
      onClose={onClose}
      role="status"
    >
      <AlertTitle>
        {done} of {results.length} decided
        {refused > 0 ? `, ${refused} refused` : ''}
      </AlertTitle>
      <ul aria-label="Results" style={{ margin: 0, paddingLeft: '1.25rem' }}>
        {results.map((r) => (
          <li key={r.payout_id}>
            {orderIds.get(r.payout_id) ?? r.payout_id}: {outcomeText(r)}
          </li>
        ))}
      </ul>
    </Alert>
  );
}
