import { useDisplayPreferences } from '../components/displayPreferences.js';

export {
  browserTimeZone,
  isKnownTimeZone,
  TIME_ZONE_STORAGE_KEY,
} from '../components/displayPreferences.js';

export interface TimeZoneState {
  /** The zone to show times in: the user's choice, else the browser's. */
  zone: string;
  /** The user's choice, `null` for the browser's default. */
  choice: string | null;
  /** Picks a zone for every page (`null`: back to the browser's default); kept in localStorage. */
  setChoice: (zone: string | null) => void;
}

/**
 * The time zone the user reads times in (`displayPreferences`): chosen in the account menu, kept
 * in this browser, the browser's own zone until then.
 */
export function useTimeZone(): TimeZoneState {
  const { zone, zoneChoice, setChoice } = useDisplayPreferences();
  return { zone, choice: zoneChoice, setChoice: (value) => setChoice('timeZone', value) };
}
