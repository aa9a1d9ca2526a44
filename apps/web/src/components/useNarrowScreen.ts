import { useSyncExternalStore } from 'react';

/** Below MUI's `sm` breakpoint (600 px): lists show cards instead of tables. */
const query = (): MediaQueryList | undefined => window.matchMedia?.('(max-width: 599.95px)');

/** MUI's useMediaQuery would do, at a cost to the list's budget; this is all the list needs. */
export function useNarrowScreen(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = query();
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    () => query()?.matches ?? false,
  );
}
