import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  countryHasStates,
  statesOf,
  type BeneficiaryDto,
  type BeneficiaryDuplicateExtension,
  type CreateBeneficiaryRequest,
  type PayoutMetadataValue,
  type PayoutMethodType,
} from '@payouts/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { useApi } from '../../api/ApiContext.js';
import { isApiError } from '../../api/ApiError.js';
import { ErrorState } from '../../components/ErrorState.js';
import { regionName } from '../../components/regionName.js';
import { useSectionFormKit } from '../../forms/useSectionFormKit.js';
import { MethodStepPending } from '../payoutWizard/MethodStepPending.js';
import { StateSelect } from '../payoutWizard/StateSelect.js';
import { stateLabel } from '../payoutWizard/validateCorridor.js';
import { WizardButtons } from '../payoutWizard/WizardButtons.js';
import { useCorridors } from '../providers/useCorridors.js';
import { useProviders } from '../providers/useProviders.js';
import { beneficiaryQueryKeys } from './beneficiaryQueryKeys.js';

/** What the form starts with: empty, or a payout just typed in the wizard ("Save as beneficiary"). */
export interface BeneficiaryFormInitial {
  display_name?: string;
  reference?: string;
  email?: string;
  country?: string;
  currency?: string;
  state?: string | null;
  payout_method_type?: PayoutMethodType | '';
  provider?: string;
  details?: Record<string, unknown>;
}

type Stage = 'who' | 'method' | 'details';

function duplicatesOf(error: unknown): BeneficiaryDuplicateExtension['duplicates'] {
  if (!isApiError(error, 'beneficiary_duplicate')) return [];
  const list = error.extensions.duplicates;
  return Array.isArray(list) ? (list as BeneficiaryDuplicateExtension['duplicates']) : [];
}

/**
 * A new beneficiary: who it is, the corridor, then the wizard's own method step and PSP section
 * (the same generated form, so "valid" means what it means for a payout). A 409
 * `beneficiary_duplicate` names the matching beneficiaries and offers "Create anyway".
 */
export function BeneficiaryForm({
  initial = {},
  onCreated,
}: {
  initial?: BeneficiaryFormInitial;
  onCreated: (beneficiary: BeneficiaryDto) => void;
}) {
  const api = useApi();
  const queryClient = useQueryClient();
  const corridors = useCorridors();
  const [stage, setStage] = useState<Stage>('who');
  const [who, setWho] = useState({
    display_name: initial.display_name ?? '',
    reference: initial.reference ?? '',
    email: initial.email ?? '',
    corridor: initial.country && initial.currency ? `${initial.country}/${initial.currency}` : '',
    state: initial.state ?? '',
  });
  const [checked, setChecked] = useState(false);
  const [method, setMethod] = useState<{ type: PayoutMethodType | ''; provider: string }>({
    type: initial.payout_method_type ?? '',
    provider: initial.provider ?? '',
  });
  const [details, setDetails] = useState<Record<string, unknown>>(initial.details ?? {});
  // RJSF reports the submitted values and submits in one go, before a re-render.
  const latestDetails = useRef(details);
  const changeDetails = (next: Record<string, unknown>): void => {
    latestDetails.current = next;
    setDetails(next);
  };
  const [country = '', currency = ''] = who.corridor.split('/');
  // As in the wizard: a country with states (US, CA, AU) needs one for the payout schema.
  const needsState = countryHasStates(country);
  const corridor = useMemo(
    () => (country && currency ? { country, currency } : null),
    [country, currency],
  );
  const providers = useProviders(stage === 'who' ? null : corridor);
  // RJSF and the field rules load while the name and corridor are filled in.
  const formKit = useSectionFormKit();
  const kit = formKit.kit;
  const form = useMemo(
    () =>
      kit && providers.data && corridor
        ? kit.buildPayoutForm(providers.data.providers, corridor)
        : undefined,
    [kit, providers.data, corridor],
  );
  const section =
    form && method.type !== '' && method.provider !== ''
      ? form.section(method.type, method.provider)
      : undefined;

  const create = useMutation({
    mutationFn: (body: CreateBeneficiaryRequest) => api.beneficiaries.create(body),
    onSuccess: async (made) => {
      await queryClient.invalidateQueries({ queryKey: beneficiaryQueryKeys.all });
      onCreated(made);
    },
  });
  const lastBody = useRef<CreateBeneficiaryRequest | null>(null);
  const fieldError = (pointer: string): string | undefined =>
    isApiError(create.error, 'validation_failed')
      ? create.error.errors.find((e) => e.pointer === pointer)?.message
      : undefined;
  const detailErrors = useMemo(
    () =>
      isApiError(create.error, 'validation_failed')
        ? Object.fromEntries(
            create.error.errors
              .filter((e) => e.pointer.startsWith('/details/'))
              .map((e) => [e.pointer.slice('/details/'.length), e.message]),
          )
        : {},
    [create.error],
  );

  const problems = {
    display_name: who.display_name.trim() === '' ? 'Enter the name.' : fieldError('/display_name'),
    reference: who.reference.trim() === '' ? 'Enter your reference.' : fieldError('/reference'),
    email: fieldError('/email'),
    corridor: who.corridor === '' ? 'Choose the country and currency.' : fieldError('/country'),
    state:
      needsState && !statesOf(country).some((s) => s.code === who.state)
        ? `Choose the ${stateLabel(country).toLowerCase()}.`
        : fieldError('/state'),
  };

  const submitWho = (event: FormEvent): void => {
    event.preventDefault();
    setChecked(true);
    if (
      who.display_name.trim() &&
      who.reference.trim() &&
      who.corridor &&
      (!needsState || statesOf(country).some((s) => s.code === who.state))
    ) {
      setStage('method');
    }
  };

  const send = (details: Record<string, unknown>, allowDuplicate = false): void => {
    if (!kit || !form || !section || !corridor) return;
    const normalized = kit.normalizePayout(form, {
      payout_method_type: section.type,
      provider: section.provider.name,
      metadata: details,
    }) as { metadata: Record<string, PayoutMetadataValue> };
    const body: CreateBeneficiaryRequest = {
      display_name: who.display_name.trim(),
      reference: who.reference.trim(),
      email: who.email.trim() === '' ? null : who.email.trim(),
      country: corridor.country,
      currency: corridor.currency,
      state: needsState && who.state !== '' ? who.state : null,
      payout_method_type: section.type,
      provider: section.provider.name,
      details: normalized.metadata,
      ...(allowDuplicate ? { allow_duplicate: true } : {}),
    };
    lastBody.current = body;
    create.mutate(body);
  };

  const duplicates = duplicatesOf(create.error);
  const failure =
    create.isError && duplicates.length === 0 && !isApiError(create.error, 'validation_failed') ? (
      <ErrorState error={create.error} title="The beneficiary was not created" />
    ) : null;

  return (
    <Stack spacing={2} sx={{ maxWidth: 720 }}>
      {stage === 'who' ? (
        <Stack component="form" noValidate spacing={2} onSubmit={submitWho}>
          <TextField
            label="Name"
            required
            value={who.display_name}
            onChange={(e) => setWho({ ...who, display_name: e.target.value })}
            error={(checked || create.isError) && problems.display_name !== undefined}
            helperText={checked || create.isError ? problems.display_name : undefined}
          />
          <TextField
            label="Reference"
            required
            value={who.reference}
            onChange={(e) => setWho({ ...who, reference: e.target.value })}
            error={(checked || create.isError) && problems.reference !== undefined}
            helperText={
              (checked || create.isError ? problems.reference : undefined) ??
              'Your own id for this payee (seller id, contract number); unique.'
            }
          />
          <TextField
            label="E-mail"
            type="email"
            value={who.email}
            onChange={(e) => setWho({ ...who, email: e.target.value })}
            error={problems.email !== undefined}
            helperText={problems.email}
          />
          <TextField
            select
            label="Country and currency"
            required
            value={
              corridors.data?.some((c) => `${c.country}/${c.currency}` === who.corridor)
                ? who.corridor
                : ''
            }
            onChange={(e) => {
              setWho({ ...who, corridor: e.target.value, state: '' });
              setMethod({ type: '', provider: '' });
              changeDetails({});
            }}
            error={checked && problems.corridor !== undefined}
            helperText={checked ? problems.corridor : undefined}
          >
            {(corridors.data ?? []).map((c) => (
              <MenuItem key={`${c.country}/${c.currency}`} value={`${c.country}/${c.currency}`}>
                {regionName(c.country)} ({c.country}) · {c.currency}
              </MenuItem>
            ))}
          </TextField>
          <StateSelect
            country={country}
            value={who.state}
            error={checked || create.isError ? problems.state : undefined}
            onChange={(state) => setWho({ ...who, state })}
          />
          <WizardButtons
            next={
              <Button type="submit" variant="contained">
                Next
              </Button>
            }
          />
        </Stack>
      ) : null}
      {stage === 'method' && corridor && !kit ? (
        <MethodStepPending
          error={formKit.error}
          onRetry={formKit.retry}
          onBack={() => setStage('who')}
        />
      ) : null}
      {stage === 'method' && corridor && kit ? (
        <kit.MethodStep
          corridor={corridor}
          form={form}
          fetchedAt={providers.data?.fetched_at}
          providersError={providers.error ?? formKit.error}
          isRefreshing={false}
          type={method.type}
          provider={method.provider}
          apiErrors={{}}
          onChange={(choice) => {
            if (choice.type !== method.type || choice.provider !== method.provider) {
              changeDetails({});
            }
            setMethod(choice);
          }}
          onRefresh={() => (formKit.error ? formKit.retry() : void providers.refetch())}
          onBack={() => setStage('who')}
          onNext={() => setStage('details')}
        />
      ) : null}
      {stage === 'details' && section && kit ? (
        <>
          {section.type === 'credit_card' ? (
            <Alert severity="info">
              The full card number is never kept. Unless the PSP returns a card token, the card
              fields are typed again at each payout to this beneficiary.
            </Alert>
          ) : null}
          <Typography variant="body2" color="textSecondary">
            {section.provider.title}: the same fields as a payout. Changing them later needs a
            second person&apos;s approval.
          </Typography>
          <kit.RecipientStep
            key={`${section.type}:${section.provider.name}`}
            section={section}
            formData={details}
            apiErrors={detailErrors}
            onChange={changeDetails}
            onBack={() => setStage('method')}
            onNext={() => send(latestDetails.current)}
            nextLabel="Create beneficiary"
            busy={create.isPending}
          />
        </>
      ) : null}
      {stage === 'details' && !section ? (
        <Alert severity="info">Loading the PSP section…</Alert>
      ) : null}
      {duplicates.length > 0 ? (
        <Alert
          severity="warning"
          action={
            <Button
              color="inherit"
              size="small"
              loading={create.isPending}
              onClick={() => send(latestDetails.current, true)}
            >
              Create anyway
            </Button>
          }
        >
          <AlertTitle>An active beneficiary already has these payment details</AlertTitle>
          <Stack component="ul" sx={{ m: 0, pl: 2 }}>
            {duplicates.map((d) => (
              <li key={d.id}>
                <Link component={RouterLink} to={`/beneficiaries/${encodeURIComponent(d.id)}`}>
                  {d.display_name} ({d.reference})
                </Link>
              </li>
            ))}
          </Stack>
        </Alert>
      ) : null}
      {failure}
      {isApiError(create.error, 'validation_failed') && stage !== 'details' ? (
        <Alert severity="error">{create.error.message}</Alert>
      ) : null}
    </Stack>
  );
}
