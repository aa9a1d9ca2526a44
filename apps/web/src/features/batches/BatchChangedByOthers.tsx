import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import type { BatchDto } from '@payouts/contracts';
import { formatDateTime } from '../../components/formatDateTime.js';

/**
 * Cells someone other than the uploader changed (decision 042): who, when, which row and what,
 * masked as the grid shows it, so the uploader sees it before validating and submitting.
 */
export function BatchChangedByOthers({ batch }: { batch: BatchDto }) {
  const changes = batch.changed_by_others;
  if (changes.length === 0) return null;
  const title = (name: string) => batch.columns.find((c) => c.name === name)?.title ?? name;
  const before = batch.status === 'draft' || batch.status === 'validated';
  return (
    <Alert severity={before ? 'warning' : 'info'} role="status" aria-label="Changed by others">
      <AlertTitle>
        {before
          ? 'Someone else changed this batch: check it before you submit'
          : 'Changed by someone other than its uploader'}
      </AlertTitle>
      <ul style={{ margin: 0, paddingLeft: '1.25rem' }}>
        {changes.map((change) => (
          <li key={`${change.at}-${change.row}`}>
            {change.by.name} changed row {change.row} on {formatDateTime(change.at)}:{' '}
            {change.cells
              .map((cell) => `${title(cell.column)} “${cell.from}” → “${cell.to}”`)
              .join('; ')}
          </li>
        ))}
      </ul>
    </Alert>
  );
}
