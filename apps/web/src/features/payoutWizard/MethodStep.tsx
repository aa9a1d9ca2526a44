import RefreshIcon from '@mui/icons-material/Refresh';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  PAYOUT_METHOD_TYPE_TITLES,
  PAYOUT_METHOD_TYPES,
  type Corridor,
  type PayoutForm,
  type PayoutMethodType,
} from '@payouts/contracts';
import { useId, useState, type FormEvent } from 'react';
import { formatDateTime } from '../../components/formatDateTime.js';
import { MethodStepPending } from './MethodStepPending.js';
import { noProviderMessage, notOfferedMessage } from './noProviderMessage.js';
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
  const typeLabelId = useId();
  const [checked, setChecked] = useState(false);

  if (form === undefined) {
    return <MethodStepPending error={providersError} onRetry={onRefresh} onBack={onBack} />;
  }

  const offered = form.methodTypes;
  const notOffered = PAYOUT_METHOD_TYPES.filter((t) => !offered.includes(t));
  const providers = type === '' ? [] : form.providersByType[type];
  const typeProblem =
    apiErrors.payout_method_type ??
    (checked && type === '' ? 'Choose the payout method.' : undefined);
  const providerProblem =
    apiErrors.provider ?? (checked && provider === '' ? 'Choose the PSP.' : undefined);

  const onSubmit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    setChecked(true);
    if (type !== '' && provider !== '' && form.section(type, provider)) onNext();
  };

  const refresh = (
    <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      <Typography variant="body2" color="text.secondary">
        {fetchedAt ? `PSP list as of ${formatDateTime(fetchedAt)}.` : null}
      </Typography>
      <Button size="small" startIcon={<RefreshIcon />} onClick={onRefresh} loading={isRefreshing}>
        Refresh the PSP list
      </Button>
    </Stack>
  );

  if (offered.length === 0) {
    return (
      <Stack spacing={2}>
        <Alert severity="warning">{noProviderMessage(corridor)}</Alert>
        {refresh}
        <WizardButtons onBack={onBack} next={null} />
      </Stack>
    );
  }

  return (
    <Stack component="form" noValidate spacing={3} sx={{ maxWidth: 560 }} onSubmit={onSubmit}>
      <FormControl error={typeProblem !== undefined} required>
        <FormLabel id={typeLabelId}>Payout method</FormLabel>
        <RadioGroup
          aria-labelledby={typeLabelId}
          value={type}
          onChange={(event) => {
            const next = event.target.value as PayoutMethodType;
            const nextProviders = form.providersByType[next];
            // One PSP is no choice: pick it.
            onChange({
              type: next,
              provider: nextProviders.length === 1 ? (nextProviders[0]?.name ?? '') : '',
            });
          }}
        >
          {offered.map((t) => (
            <FormControlLabel
              key={t}
              value={t}
              control={<Radio />}
              label={PAYOUT_METHOD_TYPE_TITLES[t]}
            />
          ))}
        </RadioGroup>
        <FormHelperText>
          {typeProblem ??
            (notOffered.length > 0 ? notOfferedMessage(corridor, notOffered) : undefined)}
        </FormHelperText>
      </FormControl>
      <TextField
        select
        label="PSP"
        required
        disabled={type === ''}
        value={providers.some((p) => p.name === provider) ? provider : ''}
        onChange={(event) => onChange({ type, provider: event.target.value })}
        error={providerProblem !== undefined}
        helperText={
          providerProblem ?? (type === '' ? 'Choose the payout method first.' : undefined)
        }
      >
        {providers.map((p) => (
          <MenuItem key={p.name} value={p.name}>
            {p.title}
          </MenuItem>
        ))}
      </TextField>
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
