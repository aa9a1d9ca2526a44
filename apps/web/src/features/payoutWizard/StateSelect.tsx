import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { statesOf } from '@payouts/contracts';
import { stateLabel } from './validateCorridor.js';

/**
 * The wizard's state choice (CorridorStep) as a plain select: the same states, label and codes,
 * without MUI's Autocomplete, which would add about 21 kB gzip to the new-beneficiary page, where
 * nothing else uses it (budgets.json).
 */
export function StateSelect({
  country,
  value,
  error,
  onChange,
}: {
  country: string;
  value: string;
  error?: string | undefined;
  onChange: (state: string) => void;
}) {
  const states = statesOf(country);
  if (states.length === 0) return null;
  return (
    <TextField
      select
      label={stateLabel(country)}
      required
      value={states.some((s) => s.code === value) ? value : ''}
      onChange={(event) => onChange(event.target.value)}
      error={error !== undefined}
      helperText={error}
    >
      {states.map((s) => (
        <MenuItem key={s.code} value={s.code}>
          {s.name} ({s.code})
        </MenuItem>
      ))}
    </TextField>
  );
}
