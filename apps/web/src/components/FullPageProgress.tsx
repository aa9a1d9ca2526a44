import { Spinner } from './Spinner.js';

/**
 * A page (or the frame) on its way: a spinner in the middle. Plain HTML: the entry renders it
 * while the sign-in page or the session loads, before any MUI (docs/decisions/033).
 */
export function FullPageProgress({ label = 'Loading' }: { label?: string }) {
  return (
    <div style={{ display: 'grid', placeItems: 'center', minHeight: '50vh' }}>
      <Spinner label={label} />
    </div>
  );
}
