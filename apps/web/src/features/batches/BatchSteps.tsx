import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';

export const BATCH_STEPS = ['File', 'Columns', 'Preview', 'Summary'] as const;
export type BatchStep = (typeof BATCH_STEPS)[number];

/** Where a new batch is: file, column mapping, preview of every row, summary and submit. */
export function BatchSteps({ active }: { active: BatchStep }) {
  return (
    <Stepper
      activeStep={BATCH_STEPS.indexOf(active)}
      aria-label="Steps"
      component="ol"
      sx={{ p: 0, m: 0 }}
    >
      {BATCH_STEPS.map((label) => (
        <Step key={label} component="li" sx={{ listStyle: 'none' }}>
          <StepLabel>{label}</StepLabel>
        </Step>
      ))}
    </Stepper>
  );
}
