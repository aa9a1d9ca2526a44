import AutorenewIcon from '@mui/icons-material/Autorenew';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  currencyScale,
  exampleAmount,
  isKnownCurrency,
  statesOf,
  type Corridor,
} from '@payouts/contracts';
import { useMemo, type FormEvent, type ReactNode } from 'react';
import { currencyName } from '../../components/currencyName.js';
import { ErrorState } from '../../components/ErrorState.js';
import { Placeholder } from '../../components/Placeholder.js';
import { regionName } from '../../components/regionName.js';
import { stateLabel, type CorridorErrors } from './validateCorridor.js';
import { WizardButtons } from '../../forms/sections/WizardButtons.js';
import type { CorridorValues } from './wizardDraft.js';
import { AmountField } from '../../components/AmountField.js';

export interface CorridorStepProps {
  values: CorridorValues;
  errors: CorridorErrors;
  corridors: {
    data: Corridor[] | undefined;
    error: unknown;
    isPending: boolean;
    refetch: () => unknown;
  };
  onChange: (patch: Partial<CorridorValues>) => void;
  onNewOrderId: () => void;
  onNext: () => void;
  /** Shown first: "Pay a saved beneficiary". */
  savedPicker?: ReactNode;
}

function amountHelp(currency: string): string {
  if (!isKnownCurrency(currency)) return 'Choose the currency first.';
  const scale = currencyScale(currency);
  return scale === 0
    ? `In ${currency}, without decimals, e.g. ${exampleAmount(0)}.`
    : `In ${currency}, at most ${scale} decimals, e.g. ${exampleAmount(scale)}.`;
}

export function CorridorStep({
  values,
  errors,
  corridors,
  onChange,
  onNewOrderId,
  onNext,
  savedPicker,
}: CorridorStepProps) {
  const list = useMemo(() => corridors.data ?? [], [corridors.data]);
  const countries = useMemo(
    () =>
      [...new Set(list.map((c) => c.country))].sort((a, b) =>
        regionName(a).localeCompare(regionName(b)),
      ),
    [list],
  );
  const currencies = list.filter((c) => c.country === values.country).map((c) => c.currency);
  const states = statesOf(values.country);

  const onSubmit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    onNext();
  };

  if (corridors.isPending) {
    return <Placeholder height={240} label="Loading the corridors" />;
  }
  if (corridors.data === undefined) {
    return (
      <ErrorState
        error={corridors.error}
        title="The corridors could not be loaded"
        onRetry={() => void corridors.refetch()}
      />
    );
  }
  if (countries.length === 0) {
    return (
      <Alert severity="warning">
        No corridors are set up: the merchant has no country and currency to pay out in.
      </Alert>
    );
  }

  return (
    <Stack component="form" noValidate spacing={2} sx={{ maxWidth: 560 }} onSubmit={onSubmit}>
      {savedPicker}
      <Autocomplete
        options={countries}
        value={values.country === '' ? null : values.country}
        onChange={(_event, country) => {
          const next = country ?? '';
          const nextCurrencies = list.filter((c) => c.country === next).map((c) => c.currency);
          onChange({
            country: next,
            currency:
              nextCurrencies.length === 1
                ? (nextCurrencies[0] ?? '')
                : nextCurrencies.includes(values.currency)
                  ? values.currency
                  : '',
            state: '',
          });
        }}
        getOptionLabel={(code) => `${regionName(code)} (${code})`}
        autoHighlight
        renderInput={(params) => (
          <TextField
            {...params}
            label="Country"
            required
            error={errors.country !== undefined}
            helperText={errors.country}
          />
        )}
      />
      <TextField
        select
        label="Currency"
        required
        disabled={values.country === ''}
        value={currencies.includes(values.currency) ? values.currency : ''}
        onChange={(event) => onChange({ currency: event.target.value })}
        error={errors.currency !== undefined}
        helperText={
          errors.currency ?? (values.country === '' ? 'Choose the country first.' : undefined)
        }
      >
        {currencies.map((code) => (
          <MenuItem key={code} value={code}>
            {code} · {currencyName(code)}
          </MenuItem>
        ))}
      </TextField>
      {states.length > 0 ? (
        <Autocomplete
          options={states.map((s) => s.code)}
          value={values.state === '' ? null : values.state}
          onChange={(_event, state) => onChange({ state: state ?? '' })}
          getOptionLabel={(code) =>
            `${states.find((s) => s.code === code)?.name ?? code} (${code})`
          }
          autoHighlight
          renderInput={(params) => (
            <TextField
              {...params}
              label={stateLabel(values.country)}
              required
              error={errors.state !== undefined}
              helperText={errors.state}
            />
          )}
        />
      ) : null}
      <AmountField
        label="Amount"
        required
        value={values.amount}
        currency={values.currency}
        onChange={(amount) => onChange({ amount })}
        error={errors.amount !== undefined}
        helperText={errors.amount ?? amountHelp(values.currency)}
        slotProps={{
          input: values.currency
            ? { endAdornment: <InputAdornment position="end">{values.currency}</InputAdornment> }
            : {},
        }}
      />
      <TextField
        label="Order ID"
        required
        value={values.order_id}
        onChange={(event) => onChange({ order_id: event.target.value })}
        error={errors.order_id !== undefined}
        helperText={
          errors.order_id ?? 'Your reference for this payout; generated, you may change it.'
        }
        autoComplete="off"
        slotProps={{
          input: {
            endAdornment: (
              <InputAdornment position="end">
                {/* The browser's own tooltip: MUI's Tooltip (with Popper) would be 11 kB gzip of
                    the wizard's first download for this one hint. */}
                <IconButton
                  aria-label="Generate a new order ID"
                  title="Generate a new order ID"
                  edge="end"
                  onClick={onNewOrderId}
                >
                  <AutorenewIcon />
                </IconButton>
              </InputAdornment>
            ),
          },
        }}
      />
      <WizardButtons
        next={
          <Button type="submit" variant="contained">
            Next
          </Button>
        }
      />
    </Stack>
  );
}
