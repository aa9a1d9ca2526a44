import CheckIcon from '@mui/icons-material/Check';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import IconButton from '@mui/material/IconButton';
import { useEffect, useState } from 'react';
import { visuallyHidden } from './visuallyHidden.js';

export interface CopyButtonProps {
  value: string;
  /** What is copied, for the button's name: "order ID" makes "Copy order ID PO-1". */
  what: string;
}

/** Copies `value` to the clipboard; says so (a check mark, and "Copied" to screen readers). */
export function CopyButton({ value, what }: CopyButtonProps) {
  const [outcome, setOutcome] = useState<'copied' | 'failed' | null>(null);
  useEffect(() => {
    if (outcome === null) return;
    const timer = setTimeout(() => setOutcome(null), 2000);
    return () => clearTimeout(timer);
  }, [outcome]);

  const copy = (): void => {
    // No clipboard outside a secure context: say so rather than pretend.
    const write =
      navigator.clipboard?.writeText(value) ?? Promise.reject(new Error('no clipboard'));
    write.then(
      () => setOutcome('copied'),
      () => setOutcome('failed'),
    );
  };

  return (
    <>
      <IconButton
        size="small"
        aria-label={`Copy ${what} ${value}`}
        title={outcome === 'copied' ? 'Copied' : `Copy ${what}`}
        onClick={copy}
        sx={{ ml: 0.5, p: 0.25 }}
      >
        {outcome === 'copied' ? (
          <CheckIcon color="success" sx={{ fontSize: '1rem' }} />
        ) : (
          <ContentCopyIcon sx={{ fontSize: '1rem' }} />
        )}
      </IconButton>
      <span role="status" style={visuallyHidden}>
        {outcome &&
          (outcome === 'copied' ? `Copied ${what} ${value}` : `Could not copy the ${what}`)}
      </span>
    </>
  );
}
