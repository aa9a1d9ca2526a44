import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import type { Corridor } from '@payouts/contracts';
import type { ReactNode } from 'react';
import { ErrorState } from '../../components/ErrorState.js';
import { Placeholder } from '../../components/Placeholder.js';
import { noProviderMessage } from './noProviderMessage.js';
import { WizardButtons } from './WizardButtons.js';

/**
 * The method step while its PSPs (or the section-form kit, `useSectionFormKit`, which holds the
 * method step itself) are loading, or when they could not be.
 */
export function MethodStepPending({
  error,
  onRetry,
  onBack,
}: {
  error: unknown;
  onRetry: () => void;
  onBack: () => void;
}) {
  return (
    <Stack spacing={2}>
      {error ? (
        <ErrorState
          error={error}
          title="The PSPs for this corridor could not be loaded"
          onRetry={onRetry}
        />
      ) : (
        <Placeholder height={200} label="Loading the PSPs" />
      )}
      <WizardButtons onBack={onBack} next={null} />
    </Stack>
  );
}

/** The method step when the corridor has no PSP for any payout type: why, and Back only. */
export function NoProviderStep({
  corridor,
  refresh,
  onBack,
}: {
  corridor: Corridor;
  /** The PSP list's age and its refresh button, when the list may be refreshed. */
  refresh: ReactNode;
  onBack: () => void;
}) {
  return (
    <Stack spacing={2}>
      <Alert severity="warning">{noProviderMessage(corridor)}</Alert>
      {refresh}
      <WizardButtons onBack={onBack} next={null} />
    </Stack>
  );
}
