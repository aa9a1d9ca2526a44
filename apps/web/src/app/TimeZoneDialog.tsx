import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useId, useMemo, useState } from 'react';
import {
  browserLocale,
  isKnownLocale,
  useDisplayPreferences,
} from '../components/displayPreferences.js';
import { sampleNumber } from '../components/formatNumberParts.js';
import { browserTimeZone, useTimeZone } from './useTimeZone.js';

/** A native select that looks like the dialog's other fields, in light and dark. */
const NATIVE_SELECT_SX = {
  width: '100%',
  font: 'inherit',
  color: 'text.primary',
  bgcolor: 'background.paper',
  border: 1,
  borderColor: 'divider',
  borderRadius: 1,
} as const;

/** The option for "no choice": the browser's own zone. */
const BROWSER_DEFAULT = '';

/** Every zone this browser knows (`Intl.supportedValuesOf`), UTC included. */
export function supportedTimeZones(): string[] {
  let zones: string[] = [];
  try {
    zones = Intl.supportedValuesOf('timeZone');
  } catch {
    // An older engine: the choice is the browser's default or UTC.
  }
  return zones.includes('UTC') ? zones : ['UTC', ...zones];
}

/** Formats people pick most; the browser's own is always offered first. */
const LOCALES = [
  'en-US',
  'en-GB',
  'en-IN',
  'de-DE',
  'de-CH',
  'fr-FR',
  'es-ES',
  'it-IT',
  'nl-NL',
  'pl-PL',
  'pt-BR',
  'sv-SE',
  'ja-JP',
];

let localeNames: Intl.DisplayNames | undefined;

/** `de-DE: German (Germany), 1.234,50` so the choice shows what it does. */
function localeLabel(tag: string): string {
  localeNames ??= new Intl.DisplayNames(['en'], { type: 'language' });
  return `${localeNames.of(tag) ?? tag} (${sampleNumber(tag)})`;
}

/** `"new york"` finds `America/New_York`. */
function matches(zone: string, search: string): boolean {
  const words = search
    .toLowerCase()
    .replaceAll('_', ' ')
    .split(/[\s/]+/)
    .filter(Boolean);
  const name = zone.toLowerCase().replaceAll('_', ' ');
  return words.every((word) => name.includes(word));
}

/**
 * The account menu's time-zone choice: any zone the browser knows, narrowed by a search, or the
 * browser's default. Kept in this browser (`useTimeZone`); every page reading times through it
 * follows; mounted only while open. A native list box under a search field rather than MUI's Autocomplete (about 20 kB):
 * this loads from the shell's menu.
 */
export function TimeZoneDialog({ onClose }: { onClose: () => void }) {
  const { choice, setChoice } = useTimeZone();
  const display = useDisplayPreferences();
  const [picked, setPicked] = useState<string>(choice ?? BROWSER_DEFAULT);
  const [pickedLocale, setPickedLocale] = useState<string>(display.localeChoice ?? BROWSER_DEFAULT);
  const locales = LOCALES.filter((tag) => isKnownLocale(tag));
  const localeId = useId();
  const [search, setSearch] = useState('');
  const zones = useMemo(() => supportedTimeZones(), []);
  const shown = zones.filter((zone) => zone === picked || matches(zone, search));
  const titleId = useId();
  const listId = useId();
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>Time zone</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          Every time is shown in this zone, and money, numbers and dates in this format. Both are
          kept in this browser.
        </DialogContentText>
        <TextField
          label="Search time zones"
          type="search"
          size="small"
          fullWidth
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          slotProps={{ htmlInput: { 'aria-controls': listId } }}
        />
        <Box component="label" htmlFor={listId} sx={{ display: 'block', mt: 2, mb: 0.5 }}>
          Time zone
        </Box>
        <Box
          component="select"
          id={listId}
          size={8}
          value={picked}
          onChange={(event) => setPicked(event.target.value)}
          sx={{ ...NATIVE_SELECT_SX, p: 0.5 }}
        >
          <option value={BROWSER_DEFAULT}>Browser default ({browserTimeZone()})</option>
          {shown.map((zone) => (
            <option key={zone} value={zone}>
              {zone.replaceAll('_', ' ')}
            </option>
          ))}
        </Box>
        <Box component="label" htmlFor={localeId} sx={{ display: 'block', mt: 2, mb: 0.5 }}>
          Number and date format
        </Box>
        <Box
          component="select"
          id={localeId}
          value={pickedLocale}
          onChange={(event) => setPickedLocale(event.target.value)}
          sx={{ ...NATIVE_SELECT_SX, p: 1 }}
        >
          <option value={BROWSER_DEFAULT}>Browser default: {localeLabel(browserLocale())}</option>
          {locales.map((tag) => (
            <option key={tag} value={tag}>
              {localeLabel(tag)}
            </option>
          ))}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          variant="contained"
          onClick={() => {
            display.setChoice('locale', pickedLocale === BROWSER_DEFAULT ? null : pickedLocale);
            setChoice(picked === BROWSER_DEFAULT ? null : picked);
            onClose();
          }}
        >
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}
