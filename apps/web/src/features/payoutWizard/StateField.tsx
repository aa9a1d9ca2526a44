import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { statesOf } from '@payouts/contracts';
import { stateLabel } from './validateCorridor.js';

/**
 * The state (province, territory) of a country that has them in the payout schema, by its code;
 * nothing for other countries. The wizard's corridor step and the beneficiary form share it.
 */
export function StateField({
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
    <Autocomplete
      options={states.map((s) => s.code)}
      value={value === '' ? null : value}
      onChange={(_event, state) => onChange(state ?? '')}
      getOptionLabel={(code) => `${states.find((s) => s.code === code)?.name ?? code} (${code})`}
      autoHighlight
      renderInput={(params) => (
        <TextField
          {...params}
          label={stateLabel(country)}
          required
          error={error !== undefined}
          helperText={error}
        />
      )}
    />
  );
}
