import { useCallback, useSyncExternalStore } from 'react';

/** Where the user's choice is kept; absent means the browser's own zone. */
export const TIME_ZONE_STORAGE_KEY = 'payouts.timeZone';
const CHANGE_EVENT = 'payouts:time-zone';

/** The zone this browser runs in (`Europe/Berlin`), UTC when it cannot tell. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** Whether this runtime knows `zone` as an IANA time zone. */
export function isKnownTimeZone(zone: string): boolean {
  if (zone === '' || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

function readChoice(): string | null {
  try {
    const stored = window.localStorage.getItem(TIME_ZONE_STORAGE_KEY);
    return stored !== null && isKnownTimeZone(stored) ? stored : null;
  } catch {
    return null;
  }
}

/** Stores the user's zone (`null`: the browser's default) and tells every `useTimeZone`. */
export function setTimeZoneChoice(zone: string | null): void {
  try {
    if (zone === null) window.localStorage.removeItem(TIME_ZONE_STORAGE_KEY);
    else window.localStorage.setItem(TIME_ZONE_STORAGE_KEY, zone);
  } catch {
    // Storage refused (private mode, quota): the choice lasts until the page reloads at most.
  }
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

function subscribe(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent): void => {
    if (event.key === null || event.key === TIME_ZONE_STORAGE_KEY) onChange();
  };
  window.addEventListener(CHANGE_EVENT, onChange);
  // Another tab changed it.
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(CHANGE_EVENT, onChange);
    window.removeEventListener('storage', onStorage);
  };
}

export interface TimeZoneState {
  /** The zone to show times in: the user's choice, else the browser's. */
  zone: string;
  /** The user's choice, `null` for the browser's default. */
  choice: string | null;
  /** Picks a zone for every page (`null`: back to the browser's default); kept in localStorage. */
  setChoice: (zone: string | null) => void;
}

/**
 * The time zone the user reads times in: chosen in the account menu, kept in this browser's
 * localStorage, the browser's own zone until then. Every component using it re-renders on a change
 * (in this tab or another).
 */
export function useTimeZone(): TimeZoneState {
  const choice = useSyncExternalStore(subscribe, readChoice, () => null);
  const setChoice = useCallback((zone: string | null) => setTimeZoneChoice(zone), []);
  return { zone: choice ?? browserTimeZone(), choice, setChoice };
}
