import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { WIZARD_STEPS, type WizardStep } from './wizardDraft.js';

/**
 * The step's heading. On a step change it takes the focus, so keyboard and screen-reader users
 * start at the top of the new step instead of on a button that has gone. The focus is taken in the
 * next animation frame: `focus()` makes the browser lay the page out, which done in the effect
 * would delay the new step's first paint by a layout of its own.
 */
export function StepHeading({ step, takeFocus }: { step: WizardStep; takeFocus: boolean }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!takeFocus) return;
    const frame = requestAnimationFrame(() => ref.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, [takeFocus]);
  return (
    <Typography ref={ref} variant="h5" component="h2" tabIndex={-1} sx={{ outline: 'none', mb: 2 }}>
      Step {step + 1} of {WIZARD_STEPS.length}: {WIZARD_STEPS[step]}
    </Typography>
  );
}
