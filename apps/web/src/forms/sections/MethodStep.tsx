import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { Corridor, PayoutForm, PayoutMethodType } from '@payouts/contracts';
import { useState, type FormEvent } from 'react';
import { MethodChoice } from './MethodChoice.js';
import { MethodStepPending, NoProviderStep } from './MethodStepPending.js';
import { ProviderListAge } from './ProviderListAge.js';
import { WizardButtons } from './WizardButtons.js';

export interface MethodStepProps {
  corridor: Corridor;
  form: PayoutForm | undefined;
  fetchedAt: string | undefined;
  providersError: unknown;
  isRefreshing: boolean;
  type: PayoutMethodType | '';
  provider: string;
  apiErrors: Partial<Record<'payout_method_type' | 'provider', string>>;
  onChange: (choice: { type: PayoutMethodType | ''; provider: string }) => void;
  onRefresh: () => void;
  onBack: () => void;
  onNext: () => void;
}

/**
 * The payout method and PSP as a step of their own, with Next: the beneficiary form's second
 * stage. (The wizard shows the PSP's section on the same step, `MethodAndRecipientStep`.)
 */
export function MethodStep({
  corridor,
  form,
  fetchedAt,
  providersError,
  isRefreshing,
  type,
  provider,
  apiErrors,
  onChange,
  onRefresh,
  onBack,
  onNext,
}: MethodStepProps) {
  const [checked, setChecked] = useState(false);

  if (form === undefined) {
    return <MethodStepPending error={providersError} onRetry={onRefresh} onBack={onBack} />;
  }

  const refresh = (
    <ProviderListAge fetchedAt={fetchedAt} isRefreshing={isRefreshing} onRefresh={onRefresh} />
  );

  if (form.methodTypes.length === 0) {
    return <NoProviderStep corridor={corridor} refresh={refresh} onBack={onBack} />;
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    setChecked(true);
    if (type !== '' && provider !== '' && form.section(type, provider)) onNext();
  };

  return (
    <Stack component="form" noValidate spacing={3} sx={{ maxWidth: 560 }} onSubmit={onSubmit}>
      <MethodChoice
        corridor={corridor}
        form={form}
        type={type}
        provider={provider}
        typeProblem={
          apiErrors.payout_method_type ??
          (checked && type === '' ? 'Choose the payout method.' : undefined)
        }
        providerProblem={
          apiErrors.provider ?? (checked && provider === '' ? 'Choose the PSP.' : undefined)
        }
        onChange={onChange}
      />
      {refresh}
      <WizardButtons
        onBack={onBack}
        next={
          <Button type="submit" variant="contained">
            Next
          </Button>
        }
      />
    </Stack>
  );
}
