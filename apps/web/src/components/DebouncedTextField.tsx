import { useEffect, useEffectEvent, useState } from 'react';
import { OutlinedField, type OutlinedFieldProps } from './OutlinedField.js';

export type DebouncedTextFieldProps = Omit<OutlinedFieldProps, 'onChange' | 'error'> & {
  /** Called with the typed text once typing pauses (or on Enter / leaving the field). */
  onCommit: (value: string) => void;
  /** A message when the text is not acceptable; it is then not committed. */
  validate?: (value: string) => string | null;
  delayMs?: number;
};

/**
 * A text field that reports its value after typing pauses, for filters kept in the URL: one
 * history entry and one request per pause rather than per key.
 */
export function DebouncedTextField({
  value,
  onCommit,
  validate,
  delayMs = 400,
  helperText,
  onBlur,
  onKeyDown,
  ...props
}: DebouncedTextFieldProps) {
  const [draft, setDraft] = useState(value);
  const [committed, setCommitted] = useState(value);
  // A new value from outside (cleared filters, back button) replaces what was typed.
  if (value !== committed) {
    setCommitted(value);
    setDraft(value);
  }
  const problem = validate ? validate(draft.trim()) : null;

  const commit = (text: string): void => {
    const trimmed = text.trim();
    if (trimmed === value || (validate && validate(trimmed) !== null)) return;
    onCommit(trimmed);
  };
  const commitAfterPause = useEffectEvent(commit);

  useEffect(() => {
    const timer = setTimeout(() => commitAfterPause(draft), delayMs);
    return () => clearTimeout(timer);
  }, [draft, delayMs]);

  return (
    <OutlinedField
      {...props}
      value={draft}
      error={problem !== null}
      helperText={problem ?? helperText}
      onChange={setDraft}
      onBlur={(event) => {
        commit(draft);
        onBlur?.(event);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit(draft);
        onKeyDown?.(event);
      }}
    />
  );
}
