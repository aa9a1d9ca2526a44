import Stack from '@mui/material/Stack';
import { ErrorState } from '../../components/ErrorState.js';
import { Placeholder } from '../../components/Placeholder.js';
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
