import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  APPROVAL_AMOUNT_MAX_LENGTH,
  APPROVAL_PROVIDER_MAX_LENGTH,
  COUNTRY_CODE_RE,
  isDecimalString,
  PAYOUT_METHOD_TYPE_TITLES,
  PAYOUT_METHOD_TYPES,
  type ApprovalPolicy,
  type PayoutMethodType,
  type PolicyDryRunPayout,
} from '@payouts/contracts';
import { memo, useState, type FormEvent } from 'react';
import { ErrorState } from '../../components/ErrorState.js';
import { currencyOptionElements } from './currencyOptions.js';
import { dryRunHeadline } from './policyText.js';
import { useDryRun } from './useApprovalPolicies.js';
import { useDryRunChoices } from './useDryRunChoices.js';
import { AmountField } from '../../components/AmountField.js';

const nativeSelect = { select: { native: true }, inputLabel: { shrink: true } } as const;

/**
 * "Try a payout": which rule a sample payout would hit, and why each rule before it did not,
 * against the active policy or, while one is being edited, the draft.
 */
export const DryRunPanel = memo(function DryRunPanel({
  draft,
  server,
  active,
}: {
  /** Ask the BFF (admins); otherwise the engine runs here on `active`. */
  server: boolean;
  active: ApprovalPolicy;
  /** The edited policy and whether it is free of errors; undefined when nobody is editing. */
  draft?: { policy: ApprovalPolicy; valid: boolean } | undefined;
}) {
  const dryRun = useDryRun({ server, active });
  const [amount, setAmount] = useState('');
  const [currency, setCurrency] = useState('EUR');
  const [type, setType] = useState<PayoutMethodType>('bank_account');
  const [provider, setProvider] = useState('');
  const [country, setCountry] = useState('BE');
  const [days, setDays] = useState('');
  const [inBatch, setInBatch] = useState(false);
  const [target, setTarget] = useState<'draft' | 'active'>('draft');
  const [attempted, setAttempted] = useState(false);
  const useDraft = draft !== undefined && target === 'draft';

  const amountError =
    isDecimalString(amount.trim()) && amount.trim().length <= APPROVAL_AMOUNT_MAX_LENGTH
      ? undefined
      : 'Expected an amount, e.g. 12500.';
  const choices = useDryRunChoices([active, draft?.policy]);
  const providerError =
    provider === ''
      ? 'Pick the PSP.'
      : provider.length > APPROVAL_PROVIDER_MAX_LENGTH
        ? `At most ${APPROVAL_PROVIDER_MAX_LENGTH} characters.`
        : undefined;
  const countryError = COUNTRY_CODE_RE.test(country) ? undefined : 'Pick the country.';
  const daysText = days.trim();
  const daysError =
    daysText === '' || (/^\d+$/.test(daysText) && Number(daysText) <= 36_500)
      ? undefined
      : 'Whole days, or empty for no saved beneficiary.';
  const draftError =
    useDraft && !draft.valid
      ? 'Fix the errors in the draft first, or try the active policy.'
      : undefined;

  const submit = (event: FormEvent): void => {
    event.preventDefault();
    setAttempted(true);
    if (amountError || providerError || countryError || daysError || draftError) return;
    const payout: PolicyDryRunPayout = {
      amount: amount.trim(),
      currency,
      payout_method_type: type,
      provider,
      country,
      ...(daysText === '' ? {} : { beneficiary_changed_days_ago: Number(daysText) }),
      in_batch: inBatch,
    };
    dryRun.mutate(useDraft ? { policy: draft.policy, payout } : { payout });
  };
  const shown = (message: string | undefined) => (attempted ? message : undefined);
  const result = dryRun.data;

  return (
    <Paper
      variant="outlined"
      component="form"
      aria-labelledby="dry-run-title"
      noValidate
      onSubmit={submit}
      sx={{ p: 2 }}
    >
      <Typography id="dry-run-title" variant="h6" component="h2" sx={{ mb: 1 }}>
        Try a payout
      </Typography>
      <Typography variant="body2" sx={{ mb: 2 }}>
        Which rule would a payout like this hit, and why not the ones before it?
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(4, 1fr)' },
        }}
      >
        {draft ? (
          <TextField
            label="Policy to try"
            value={target}
            onChange={(e) => setTarget(e.target.value as 'draft' | 'active')}
            select
            slotProps={nativeSelect}
          >
            <option value="draft">Your draft</option>
            <option value="active">The active policy</option>
          </TextField>
        ) : null}
        <AmountField
          label="Amount"
          required
          value={amount}
          currency={currency}
          onChange={setAmount}
          error={shown(amountError) !== undefined}
          helperText={shown(amountError)}
        />
        <TextField
          label="Currency"
          value={currency}
          onChange={(e) => setCurrency(e.target.value)}
          select
          slotProps={nativeSelect}
        >
          {currencyOptionElements()}
        </TextField>
        <TextField
          label="Payout type"
          value={type}
          onChange={(e) => setType(e.target.value as PayoutMethodType)}
          select
          slotProps={nativeSelect}
        >
          {PAYOUT_METHOD_TYPES.map((t) => (
            <option key={t} value={t}>
              {PAYOUT_METHOD_TYPE_TITLES[t]}
            </option>
          ))}
        </TextField>
        <TextField
          label="PSP"
          required
          value={provider}
          onChange={(e) => setProvider(e.target.value)}
          select
          slotProps={nativeSelect}
          error={shown(providerError) !== undefined}
          helperText={shown(providerError) ?? 'Configured, in the ledger, or named by a rule'}
        >
          <option value="">Pick a PSP</option>
          {choices.psps.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </TextField>
        <TextField
          label="Country"
          value={country}
          onChange={(e) => setCountry(e.target.value)}
          select
          slotProps={nativeSelect}
          error={shown(countryError) !== undefined}
          helperText={shown(countryError) ?? 'Of a corridor, or named by a rule'}
        >
          {choices.countries.some((c) => c.value === country) ? null : (
            <option value={country}>{country || 'Pick a country'}</option>
          )}
          {choices.countries.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </TextField>
        <TextField
          label="Days since the beneficiary was created or changed"
          value={days}
          onChange={(e) => setDays(e.target.value)}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          error={shown(daysError) !== undefined}
          helperText={shown(daysError) ?? 'Empty: not to a saved beneficiary'}
        />
        <FormControlLabel
          label="Part of a batch"
          control={<Checkbox checked={inBatch} onChange={(e) => setInBatch(e.target.checked)} />}
        />
      </Box>
      <Box sx={{ mt: 2 }}>
        <Button type="submit" variant="contained" loading={dryRun.isPending}>
          Try it
        </Button>
      </Box>
      {attempted && draftError ? (
        <Typography color="error" sx={{ mt: 2 }}>
          {draftError}
        </Typography>
      ) : null}
      {dryRun.isError ? (
        <Box sx={{ mt: 2 }}>
          <ErrorState error={dryRun.error} title="The payout could not be tried" />
        </Box>
      ) : null}
      <Box role="status" sx={{ mt: 2 }}>
        {result && !dryRun.isPending && !dryRun.isError ? (
          <>
            <Typography sx={{ fontWeight: 600 }}>{dryRunHeadline(result)}</Typography>
            {result.skipped.length > 0 ? (
              <ul>
                {result.skipped.map((s) => (
                  <li key={s.rule_id}>
                    <Typography variant="body2">
                      Rule {s.index + 1} &quot;{s.name}&quot; did not apply:{' '}
                      {s.failed.map((f) => f.message).join(' ')}
                    </Typography>
                  </li>
                ))}
              </ul>
            ) : null}
          </>
        ) : null}
      </Box>
    </Paper>
  );
});
