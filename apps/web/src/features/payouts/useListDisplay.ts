import { useState } from 'react';
import { cleanDisplay, DEFAULT_DISPLAY, type ListDisplay } from './payoutColumns.js';

const STORAGE_KEY = 'payouts.list.display';

function stored(): ListDisplay {
  try {
    const text = window.localStorage.getItem(STORAGE_KEY);
    return text === null ? DEFAULT_DISPLAY : cleanDisplay(JSON.parse(text));
  } catch {
    // Storage off (private mode) or a hand-edited value: the defaults.
    return DEFAULT_DISPLAY;
  }
}

/**
 * The list's columns and density. Without a saved view they are the user's own, kept in
 * localStorage; a view's come from the view (`fromView`) and are not stored.
 */
export function useListDisplay() {
  const [display, setDisplay] = useState<ListDisplay>(stored);
  const change = (next: ListDisplay, remember: boolean): void => {
    const clean = cleanDisplay(next);
    setDisplay(clean);
    if (!remember) return;
    try {
      window.localStorage.setItem(STORAGE_KEY, JSON.stringify(clean));
    } catch {
      // Not remembered; still shown.
    }
  };
  return { display, change, restore: () => setDisplay(stored()) };
}
