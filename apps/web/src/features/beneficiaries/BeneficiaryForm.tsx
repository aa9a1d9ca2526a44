import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  type BeneficiaryDto,
  type BeneficiaryDuplicateExtension,
  type PayoutMethodType,
} from '@payouts/contracts';
import { Link as RouterLink } from 'react-router';
import { isApiError } from '../../api/ApiError.js';
import { ErrorState } from '../../components/ErrorState.js';
import { regionName } from '../../components/regionName.js';
import { MethodStepPending } from '../../forms/sections/MethodStepPending.js';
import { StateSelect } from '../payoutWizard/StateSelect.js';
import { WizardButtons } from '../../forms/sections/WizardButtons.js';
import { useBeneficiaryForm } from './useBeneficiaryForm.js';

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
  const {
    corridors,
    stage,
    setStage,
    who,
    setWho,
    checked,
    method,
    setMethod,
    details,
    latestDetails,
    changeDetails,
    country,
    corridor,
    providers,
    formKit,
    kit,
    form,
    section,
    create,
    detailErrors,
    problems,
    submitWho,
    send,
  } = useBeneficiaryForm(initial, onCreated);

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
