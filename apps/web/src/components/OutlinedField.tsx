import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import type { SxProps, Theme } from '@mui/material/styles';
import { useId, type FocusEvent, type KeyboardEvent, type ReactNode } from 'react';

export interface OutlinedFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'search' | 'date' | 'email' | 'password';
  /** `small` (the default: filters) or `medium`, `TextField`'s default (a form's fields). */
  size?: 'small' | 'medium';
  /** The label gets MUI's asterisk and the input `required`, as with `TextField`. */
  required?: boolean;
  autoComplete?: string;
  placeholder?: string;
  inputMode?: 'text' | 'decimal' | 'numeric' | 'search';
  error?: boolean;
  helperText?: ReactNode;
  min?: string | undefined;
  max?: string | undefined;
  sx?: SxProps<Theme>;
  onBlur?: (event: FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  onKeyDown?: (event: KeyboardEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
}

/**
 * An outlined text input with its label and help, what `TextField` renders for
 * `variant="outlined"`. The list and sign-in pages use it instead of `TextField`, which also
 * pulls in every other input variant and the select machinery (their bundles are on a budget).
 */
export function OutlinedField({
  label,
  value,
  onChange,
  type = 'text',
  size = 'small',
  required = false,
  autoComplete,
  placeholder,
  inputMode,
  error = false,
  helperText,
  min,
  max,
  sx,
  onBlur,
  onKeyDown,
}: OutlinedFieldProps) {
  const id = useId();
  const helpId = `${id}-help`;
  return (
    <FormControl size={size} variant="outlined" error={error} required={required} sx={sx}>
      <InputLabel htmlFor={id} shrink={type === 'date' ? true : undefined}>
        {label}
      </InputLabel>
      <OutlinedInput
        id={id}
        label={label}
        type={type}
        autoComplete={autoComplete}
        value={value}
        placeholder={placeholder}
        notched={type === 'date' ? true : undefined}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        onKeyDown={onKeyDown}
        inputProps={{
          inputMode,
          min,
          max,
          'aria-describedby': helperText ? helpId : undefined,
        }}
      />
      {helperText ? <FormHelperText id={helpId}>{helperText}</FormHelperText> : null}
    </FormControl>
  );
}
