import { exactTime, relativeTime } from './formatDateTime.js';
import { visuallyHidden } from './visuallyHidden.js';

export { exactTime, relativeTime } from './formatDateTime.js';

/**
 * A time shown relative to now ("3 min ago"), the exact time in the user's zone on hover (its
 * title) and always in the accessible text (MUI's Tooltip would cost the list's budget).
 */
export function RelativeTime({ iso, now }: { iso: string; now?: number }) {
  const exact = exactTime(iso);
  return (
    <time dateTime={iso} title={exact} style={{ whiteSpace: 'nowrap' }}>
      {relativeTime(iso, now)}
      <span style={visuallyHidden}> {exact}</span>
    </time>
  );
}
