import Typography from '@mui/material/Typography';
import type { PolicyChange } from '@payouts/contracts';
import { useId } from 'react';

/** What a proposal changes, one sentence per change (`describePolicyDiff`). */
export function PolicyChanges({
  changes,
  title,
  headingLevel,
  empty = 'No changes.',
}: {
  changes: readonly PolicyChange[];
  title: string;
  headingLevel: 'h2' | 'h3' | 'h4';
  empty?: string;
}) {
  const id = useId();
  return (
    <div>
      <Typography id={id} variant="subtitle2" component={headingLevel}>
        {title}
      </Typography>
      {changes.length === 0 ? (
        <Typography variant="body2">{empty}</Typography>
      ) : (
        <ul aria-labelledby={id} style={{ marginTop: 4 }}>
          {changes.map((change, i) => (
            <li key={`${change.rule_id}-${change.field ?? change.kind}-${i}`}>
              <Typography variant="body2">{change.message}</Typography>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
