import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useId, useMemo, useState } from 'react';
import { browserTimeZone, useTimeZone } from './useTimeZone.js';

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
  const [picked, setPicked] = useState<string>(choice ?? BROWSER_DEFAULT);
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
          Times on the overview are shown in this zone. It is kept in this browser.
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
          sx={{
            width: '100%',
            font: 'inherit',
            color: 'text.primary',
            bgcolor: 'background.paper',
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            p: 0.5,
          }}
        >
          <option value={BROWSER_DEFAULT}>Browser default ({browserTimeZone()})</option>
          {shown.map((zone) => (
            <option key={zone} value={zone}>
              {zone.replaceAll('_', ' ')}
            </option>
          ))}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          variant="contained"
          onClick={() => {
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
