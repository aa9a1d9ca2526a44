import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';

/** Back and the step's main action, in the same place on every step. */
export function WizardButtons({
  onBack,
  next,
}: {
  onBack?: (() => void) | undefined;
  next: ReactNode;
}) {
  return (
    <Stack direction="row" spacing={2} sx={{ mt: 3 }}>
      {onBack ? (
        <Button type="button" variant="outlined" onClick={onBack}>
          Back
        </Button>
      ) : null}
      {next}
    </Stack>
  );
}
