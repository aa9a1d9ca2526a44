import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { can, ROLE_TITLES } from '@payouts/contracts';
import { lazy, memo, Suspense } from 'react';
import { Link as RouterLink } from 'react-router';
import { FullPageProgress } from '../../components/FullPageProgress.js';
import { CorridorStep } from './CorridorStep.js';
import { MethodStepPending } from '../../forms/sections/MethodStepPending.js';
import { ReviewStep } from './ReviewStep.js';
import { SavedBeneficiaryPicker } from './SavedBeneficiaryPicker.js';
import { StepHeading } from './StepHeading.js';
import { loadResultStep, usePayoutWizard, type PayoutWizardOptions } from './usePayoutWizard.js';
import { STEP, WIZARD_STEPS, type WizardStep } from './wizardDraft.js';

const ResultStep = lazy(() => loadResultStep().then((m) => ({ default: m.ResultStep })));

/**
 * The "+" wizard: corridor and amount; payout method, PSP and the PSP's own section (shown under
 * the PSP as it is picked); review; the result. Its state and actions are `usePayoutWizard`'s.
 */
export function PayoutWizardPage(props: PayoutWizardOptions) {
  const wizard = usePayoutWizard(props);
  const {
    user,
    draft,
    saved,
    body,
    section,
    corridor,
    corridors,
    providers,
    form,
    formKit,
    refresh,
    stepChanged,
    corridorErrors,
    apiErrors,
    hasFieldErrors,
    sendError,
    sending,
    wasRestored,
    dismissRestored,
    goTo,
    startOver,
    changeCorridor,
    chooseBeneficiary,
    changeMethod,
    changeMetadata,
    corridorNext,
    send,
  } = wizard;
  const kit = formKit.kit;
  const providersData = providers.data;

  if (user === undefined) return <FullPageProgress />;
  if (!can(user?.role, 'payouts:create')) {
    return (
      <Stack spacing={2}>
        <Typography variant="h4" component="h1">
          New payout
        </Typography>
        <Alert severity="warning">
          Your role ({user ? ROLE_TITLES[user.role] : 'none'}) cannot make payouts. Finance staff
          and admins can.{' '}
          <Link component={RouterLink} to="/payouts">
            Back to the payouts
          </Link>
        </Alert>
      </Stack>
    );
  }

  let content;
  switch (draft.step) {
    case STEP.corridor:
      content = (
        <CorridorStep
          values={draft.corridor}
          errors={{ ...corridorErrors, ...apiErrors.corridor }}
          corridors={corridors}
          onChange={changeCorridor}
          onNewOrderId={wizard.newOrderId}
          onNext={corridorNext}
          savedPicker={
            <SavedBeneficiaryPicker value={draft.beneficiary} onChange={chooseBeneficiary} />
          }
        />
      );
      break;
    case STEP.recipient:
      content = !corridor ? null : !kit ? (
        <MethodStepPending
          error={formKit.error}
          onRetry={formKit.retry}
          onBack={() => goTo(STEP.corridor)}
        />
      ) : (
        <kit.MethodAndRecipientStep
          corridor={corridor}
          form={form}
          fetchedAt={providersData?.fetched_at}
          providersError={providers.error ?? refresh.error ?? formKit.error}
          isRefreshing={refresh.isPending}
          type={draft.payout_method_type}
          provider={draft.provider}
          fixed={saved !== null}
          formData={draft.metadata}
          apiErrors={apiErrors}
          onChangeMethod={changeMethod}
          onChangeFormData={changeMetadata}
          onRefresh={() => (formKit.error ? formKit.retry() : refresh.mutate())}
          onBack={() => goTo(STEP.corridor)}
          onNext={() => goTo(STEP.review)}
        />
      );
      break;
    case STEP.review:
      content =
        body && section ? (
          <ReviewStep
            body={body}
            beneficiaryId={saved?.id ?? null}
            section={section}
            sending={sending}
            error={hasFieldErrors ? null : sendError}
            generalErrors={apiErrors.general}
            onBack={() =>
              goTo(saved && !saved.card_fields_required ? STEP.corridor : STEP.recipient)
            }
            onSend={() => void send()}
            onPayAgain={() => void send({ payAgain: true })}
            onStartOver={startOver}
          />
        ) : (
          <MissingChoice
            onBack={() => goTo(STEP.recipient)}
            loading={!form && !providers.isError && !formKit.error}
          />
        );
      break;
    case STEP.result:
      content = draft.createdPayoutId ? (
        <ResultStep
          payoutId={draft.createdPayoutId}
          onAnother={startOver}
          typedDetails={
            draft.beneficiary
              ? null
              : {
                  country: draft.corridor.country,
                  currency: draft.corridor.currency,
                  state: draft.corridor.state === '' ? null : draft.corridor.state,
                  payout_method_type: draft.payout_method_type,
                  provider: draft.provider,
                  // In memory from this session (sensitive values are not in storage).
                  details: draft.metadata,
                }
          }
        />
      ) : null;
      break;
  }

  return (
    <Stack spacing={3}>
      <title>New payout · Payouts back-office</title>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="h4" component="h1" sx={{ flexGrow: 1 }}>
          New payout
        </Typography>
        {draft.step !== STEP.result ? (
          <Button onClick={startOver} disabled={sending}>
            Start over
          </Button>
        ) : null}
      </Stack>
      <WizardStepper step={draft.step} />
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
        <StepHeading key={draft.step} step={draft.step} takeFocus={stepChanged} />
        {wasRestored && draft.step !== STEP.result ? (
          <Alert severity="info" sx={{ mb: 2 }} onClose={dismissRestored}>
            Your draft was restored. Card numbers, account numbers and security codes are not kept:
            enter them again.
          </Alert>
        ) : null}
        {hasFieldErrors ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            The payout was not made: fix the marked fields, then send it again.
          </Alert>
        ) : null}
        {/* Only the result step is lazy (loadResultStep). */}
        <Suspense fallback={<FullPageProgress />}>{content}</Suspense>
      </Paper>
    </Stack>
  );
}

/** Memoised: the wizard re-renders on every choice, the progress only changes with the step. */
const WizardStepper = memo(function WizardStepper({ step }: { step: WizardStep }) {
  return (
    <Stepper activeStep={step} alternativeLabel aria-label="Progress">
      {WIZARD_STEPS.map((label, index) => (
        <Step key={label} completed={index < step}>
          <StepLabel>{label}</StepLabel>
        </Step>
      ))}
    </Stepper>
  );
});

function MissingChoice({ onBack, loading }: { onBack: () => void; loading: boolean }) {
  return (
    <Stack spacing={2}>
      <Alert severity={loading ? 'info' : 'warning'}>
        {loading ? 'Loading the PSPs…' : 'Choose the payout method and the PSP first.'}
      </Alert>
      <Stack direction="row">
        <Button variant="outlined" onClick={onBack}>
          Back
        </Button>
      </Stack>
    </Stack>
  );
}
