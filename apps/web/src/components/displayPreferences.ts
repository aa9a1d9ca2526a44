import { useCallback, useSyncExternalStore } from 'react';

/**
 * How this browser shows numbers, money and times: a locale (grouping, decimal separator, date
 * order) and a time zone, each the user's choice (account menu, kept in localStorage) or the
 * browser's own. The formatters (`formatMoney`, `formatDateTime`, `formatCount`, …) read them
 * when called; `useDisplayPreferences` re-renders on a change, in this tab or another.
 */

export const LOCALE_STORAGE_KEY = 'payouts.locale';
export const TIME_ZONE_STORAGE_KEY = 'payouts.timeZone';
const CHANGE_EVENT = 'payouts:display-preferences';
const FALLBACK_LOCALE = 'en-US';

/** Whether this runtime formats numbers for `tag` (a BCP 47 language tag). */
export function isKnownLocale(tag: string): boolean {
  if (tag === '' || tag.length > 35) return false;
  try {
    return Intl.NumberFormat.supportedLocalesOf([tag]).length > 0;
  } catch {
    return false;
  }
}

/** Whether this runtime knows `zone` as an IANA time zone. */
export function isKnownTimeZone(zone: string): boolean {
  if (zone === '' || zone.length > 64) return false;
  try {
    // The constructor is the validity check: it throws a RangeError for an unknown zone.
    // eslint-disable-next-line no-restricted-syntax
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The browser's language for formats (`de-DE`), `en-US` when it cannot tell. */
export function browserLocale(): string {
  const tag = typeof navigator === 'undefined' ? undefined : navigator.language;
  return tag && isKnownLocale(tag) ? tag : FALLBACK_LOCALE;
}

/** The zone this browser runs in (`Europe/Berlin`), UTC when it cannot tell. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

function readChoice(key: string, valid: (value: string) => boolean): string | null {
  try {
    const stored = window.localStorage.getItem(key);
    return stored !== null && valid(stored) ? stored : null;
  } catch {
    return null;
  }
}

/** The user's locale choice (`null`: the browser's). */
export const localeChoice = (): string | null => readChoice(LOCALE_STORAGE_KEY, isKnownLocale);
/** The user's time-zone choice (`null`: the browser's). */
export const timeZoneChoice = (): string | null =>
  readChoice(TIME_ZONE_STORAGE_KEY, isKnownTimeZone);

/** The locale every formatter uses now. */
export const displayLocale = (): string => localeChoice() ?? browserLocale();
/** The time zone every formatter shows times in now. */
export const displayTimeZone = (): string => timeZoneChoice() ?? browserTimeZone();

/** Stores a choice (`null`: back to the browser's) and tells every subscriber. */
export function setDisplayChoice(kind: 'locale' | 'timeZone', value: string | null): void {
  const key = kind === 'locale' ? LOCALE_STORAGE_KEY : TIME_ZONE_STORAGE_KEY;
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage refused (private mode, quota): the choice lasts until the page reloads at most.
  }
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

function subscribe(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent): void => {
    if (
      event.key === null ||
      event.key === LOCALE_STORAGE_KEY ||
      event.key === TIME_ZONE_STORAGE_KEY
    ) {
      onChange();
    }
  };
  window.addEventListener(CHANGE_EVENT, onChange);
  // Another tab changed it.
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(CHANGE_EVENT, onChange);
    window.removeEventListener('storage', onStorage);
  };
}

export interface DisplayPreferences {
  locale: string;
  zone: string;
  localeChoice: string | null;
  zoneChoice: string | null;
  /** Changes on any change of the four: a React key that re-renders what formats. */
  key: string;
  setChoice: (kind: 'locale' | 'timeZone', value: string | null) => void;
}

const snapshot = (): string =>
  JSON.stringify([displayLocale(), displayTimeZone(), localeChoice(), timeZoneChoice()]);

export function useDisplayPreferences(): DisplayPreferences {
  const key = useSyncExternalStore(subscribe, snapshot, snapshot);
  const setChoice = useCallback(
    (kind: 'locale' | 'timeZone', value: string | null) => setDisplayChoice(kind, value),
    [],
  );
  const [locale, zone, lc, zc] = JSON.parse(key) as [string, string, string | null, string | null];
  return { locale, zone, localeChoice: lc, zoneChoice: zc, key, setChoice };
}
