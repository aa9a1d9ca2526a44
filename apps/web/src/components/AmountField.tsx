import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { isKnownCurrency } from '@payouts/contracts';
import { useState } from 'react';
import { formatMoney } from './formatMoney.js';
import { parseAmountEntry } from './parseAmountEntry.js';

export type AmountFieldProps = Omit<TextFieldProps, 'value' | 'onChange'> & {
  /** The amount as a decimal string (`1000.50`), or the text as typed when it is not one. */
  value: string;
  onChange: (value: string) => void;
  /** The amount's currency, when known: the field says what it understood in it. */
  currency?: string | undefined;
};

/**
 * An amount typed the user's way: their locale's grouping and decimal separators (`1,000.50`;
 * `1.000,50` in German), handed on as the decimal string the API takes. Under the field it says
 * the amount it understood (`Understood as €1,000.50`), so a misread separator shows before it
 * counts; an error or the caller's help text wins.
 */
export function AmountField({
  value,
  onChange,
  currency,
  helperText,
  error,
  ...props
}: AmountFieldProps) {
  const [text, setText] = useState(value);
  // Set from outside (a draft restored, a form reset): show the new value.
  const [shownValue, setShownValue] = useState(value);
  if (value !== shownValue) {
    setShownValue(value);
    if ((parseAmountEntry(text) ?? text) !== value) setText(value);
  }
  const understood = parseAmountEntry(text);
  const readAs =
    understood !== null &&
    currency !== undefined &&
    isKnownCurrency(currency) &&
    understood !== text.trim()
      ? `Understood as ${formatMoney(understood, currency)}.`
      : undefined;
  return (
    <TextField
      {...props}
      value={text}
      error={error}
      onChange={(event) => {
        const next = event.target.value;
        setText(next);
        const amount = parseAmountEntry(next) ?? next;
        setShownValue(amount);
        onChange(amount);
      }}
      helperText={error ? helperText : (readAs ?? helperText)}
      autoComplete="off"
      slotProps={{
        ...props.slotProps,
        htmlInput: { inputMode: 'decimal', ...(props.slotProps?.htmlInput as object) },
      }}
    />
  );
}
