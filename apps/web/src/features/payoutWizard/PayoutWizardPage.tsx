import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import {
  can,
  type BeneficiaryDto,
  type BeneficiaryPayoutRequest,
  type PayoutMetadataValue,
  type PayoutMethodType,
  type PayoutRequest,
  ROLE_TITLES,
  statesOf,
} from '@payouts/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lazy, memo, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useApi } from '../../api/ApiContext.js';
import { isApiError } from '../../api/ApiError.js';
import { FullPageProgress } from '../../components/FullPageProgress.js';
import { useSectionFormKit } from '../../forms/useSectionFormKit.js';
import { withPatternEngine } from '../../forms/withPatternEngine.js';
import { payoutQueryKeys } from '../payouts/payoutQueryKeys.js';
import { useCorridors } from '../providers/useCorridors.js';
import { useProviders } from '../providers/useProviders.js';
import { useSession } from '../session/useSession.js';
import { apiErrorsByStep, NO_API_ERRORS, type WizardApiErrors } from './apiErrorsByStep.js';
import { CorridorStep } from './CorridorStep.js';
import { createDraftStorage, type DraftStorage } from './draftStorage.js';
import { MethodStepPending } from './MethodStepPending.js';
import { newOrderId } from './newOrderId.js';
import { attemptStateAfter, keyForNextSend } from './nextSend.js';
import { SavedBeneficiaryPicker } from './SavedBeneficiaryPicker.js';
import { ReviewStep } from './ReviewStep.js';
import { StepHeading } from './StepHeading.js';
import { validateCorridor, type CorridorErrors } from './validateCorridor.js';
import {
  newDraft,
  STEP,
  WIZARD_STEPS,
  type CorridorValues,
  type WizardDraft,
  type WizardStep,
} from './wizardDraft.js';

export interface PayoutWizardPageProps {
  /** Where the draft survives a reload; sessionStorage by default. */
  storage?: DraftStorage;
  now?: () => Date;
  /** A fresh idempotency key. */
  newKey?: () => string;
  randomBytes?: (n: number) => Uint8Array;
}

/**
 * The result (with "Save as beneficiary", which has the beneficiary form) is the wizard's last
 * step: it loads while the earlier ones are filled in, not with the page.
 */
const loadResultStep = () => import('./ResultStep.js');
const ResultStep = lazy(() => loadResultStep().then((m) => ({ default: m.ResultStep })));

const defaultRandomBytes = (n: number): Uint8Array => crypto.getRandomValues(new Uint8Array(n));
const defaultNewKey = (): string => crypto.randomUUID();
const defaultNow = (): Date => new Date();

/**
 * How long after the last keystroke in the PSP section the draft is written to storage. A step
 * change, a send, leaving the page and unmounting write it at once.
 */
export const DRAFT_SAVE_DELAY_MS = 300;

/** A draft from storage resumes at the recipient step at the latest: sensitive values were not kept. */
function restored(draft: WizardDraft): WizardDraft {
  if (draft.createdPayoutId !== null) return { ...draft, step: STEP.result };
  return draft.step > STEP.recipient ? { ...draft, step: STEP.recipient } : draft;
}

/**
 * The "+" wizard: corridor and amount; payout method, PSP and the PSP's own section (shown under
 * the PSP as it is picked); review; the result. One idempotency key for the wizard's life (kept with the draft), so a double click,
 * a retry or a reload never makes a second payout.
 */
export function PayoutWizardPage({
  storage: givenStorage,
  now = defaultNow,
  newKey = defaultNewKey,
  randomBytes = defaultRandomBytes,
}: PayoutWizardPageProps) {
  const api = useApi();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const [storage] = useState(() => givenStorage ?? createDraftStorage(window.sessionStorage));
  const [initial] = useState(() => {
    const saved = storage.load();
    return saved
      ? { draft: restored(saved), wasRestored: saved.createdPayoutId === null }
      : { draft: newDraft(newOrderId(now(), randomBytes), newKey()), wasRestored: false };
  });
  const [draft, setDraft] = useState<WizardDraft>(initial.draft);
  /**
   * The latest draft: `draft` plus the section values typed since the wizard last rendered. They
   * stay in the section's form while typed (a keystroke does not re-render the wizard) and reach
   * `draft` with the next step change.
   */
  const draftRef = useRef<WizardDraft>(initial.draft);
  const saveTimerRef = useRef<ReturnType<typeof setTimeout> | null>(null);
  const [wasRestored, setWasRestored] = useState(initial.wasRestored);
  const [stepChanged, setStepChanged] = useState(false);
  const [corridorErrors, setCorridorErrors] = useState<CorridorErrors>({});
  const [apiErrors, setApiErrors] = useState<WizardApiErrors>(NO_API_ERRORS);
  const [sendError, setSendError] = useState<unknown>(null);
  const [sending, setSending] = useState(false);
  const sendingRef = useRef(false);
  const lastBodyRef = useRef<string | null>(null);

  const corridors = useCorridors();
  const corridor = useMemo(
    () =>
      draft.corridor.country !== '' && draft.corridor.currency !== ''
        ? { country: draft.corridor.country, currency: draft.corridor.currency }
        : null,
    [draft.corridor.country, draft.corridor.currency],
  );
  const providers = useProviders(draft.step >= STEP.recipient ? corridor : null);
  const providersData = providers.data;
  // RJSF and the field rules load while the corridor step is filled in (see sectionFormKit.ts).
  const formKit = useSectionFormKit();
  const kit = formKit.kit;
  useEffect(() => {
    void loadResultStep();
  }, []);
  const form = useMemo(
    () =>
      kit && providersData && corridor
        ? kit.buildPayoutForm(providersData.providers, corridor, { now: now() })
        : undefined,
    // `now` is read once per provider list: expiry rules need the day, not the second.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [kit, providersData, corridor],
  );
  const section =
    form && draft.payout_method_type !== '' && draft.provider !== ''
      ? form.section(draft.payout_method_type, draft.provider)
      : undefined;

  /** Writes the draft now if a delayed save is waiting. */
  const flushSave = useCallback((): void => {
    if (saveTimerRef.current === null) return;
    clearTimeout(saveTimerRef.current);
    saveTimerRef.current = null;
    storage.save(draftRef.current);
  }, [storage]);
  useEffect(() => {
    const onHide = (): void => flushSave();
    const onVisibility = (): void => {
      if (document.visibilityState === 'hidden') flushSave();
    };
    window.addEventListener('pagehide', onHide);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', onHide);
      document.removeEventListener('visibilitychange', onVisibility);
      flushSave();
    };
  }, [flushSave]);

  const refresh = useMutation({
    mutationFn: () => {
      if (!corridor) throw new Error('No corridor chosen');
      return withPatternEngine(api.providers.providers(corridor, { refresh: true }));
    },
    onSuccess: (reply) => {
      queryClient.setQueryData(['providers', reply.country, reply.currency], reply);
    },
  });

  const create = useMutation({
    mutationFn: ({ body, key }: { body: PayoutRequest | BeneficiaryPayoutRequest; key: string }) =>
      'beneficiary_id' in body
        ? api.payouts.createForBeneficiary(body, key)
        : api.payouts.create(body, key),
    // "Still in flight" is answered to a retry of the same request: ask again, same key.
    retry: (failures, error) => isApiError(error, 'request_in_flight') && failures < 4,
    retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 8000),
  });

  const save = (next: WizardDraft): void => {
    if (saveTimerRef.current !== null) {
      clearTimeout(saveTimerRef.current);
      saveTimerRef.current = null;
    }
    draftRef.current = next;
    storage.save(next);
    setDraft(next);
  };
  const update = (patch: Partial<WizardDraft>): void => save({ ...draftRef.current, ...patch });
  const goTo = (step: WizardStep): void => {
    setStepChanged(true);
    update({ step });
  };

  const startOver = (): void => {
    storage.clear();
    lastBodyRef.current = null;
    setApiErrors(NO_API_ERRORS);
    setCorridorErrors({});
    setSendError(null);
    setWasRestored(false);
    setStepChanged(true);
    // After a send whose outcome is unknown, the fresh form keeps the order id: if that payout
    // was made after all, the BFF refuses the same order id again instead of paying twice.
    const orderId =
      draft.lastAttempt === 'unresolved' ? draft.corridor.order_id : newOrderId(now(), randomBytes);
    save(newDraft(orderId, newKey()));
  };

  const changeCorridor = (patch: Partial<CorridorValues>): void => {
    const corridorValues = { ...draft.corridor, ...patch };
    const corridorChanged =
      corridorValues.country !== draft.corridor.country ||
      corridorValues.currency !== draft.corridor.currency;
    const cleared = Object.fromEntries(
      Object.entries(apiErrors.corridor).filter(([field]) => !(field in patch)),
    );
    setApiErrors({ ...apiErrors, corridor: cleared });
    setCorridorErrors((errors) =>
      Object.fromEntries(Object.entries(errors).filter(([field]) => !(field in patch))),
    );
    update({
      corridor: corridorValues,
      // Another corridor has other PSPs: what was chosen for the old one does not carry over.
      ...(corridorChanged
        ? { payout_method_type: '', provider: '', metadata: {}, beneficiary: null }
        : {}),
    });
  };

  /** A saved beneficiary fills the corridor, type and PSP; its details stay in the BFF. */
  const chooseBeneficiary = (beneficiary: BeneficiaryDto | null): void => {
    setApiErrors(NO_API_ERRORS);
    setCorridorErrors({});
    update(
      beneficiary
        ? {
            beneficiary,
            corridor: {
              ...draftRef.current.corridor,
              country: beneficiary.country,
              currency: beneficiary.currency,
              state: beneficiary.state ?? '',
            },
            payout_method_type: beneficiary.payout_method_type,
            provider: beneficiary.provider,
            metadata: {},
          }
        : { beneficiary: null, payout_method_type: '', provider: '', metadata: {} },
    );
  };

  /**
   * Another type or PSP: its section's values become the payout's (what was typed in that
   * section earlier on the step, or nothing), so no value carries over from one PSP to another.
   */
  const changeMethod = (
    choice: { type: PayoutMethodType | ''; provider: string },
    metadata: Record<string, unknown>,
  ): void => {
    const current = draftRef.current;
    const same = choice.type === current.payout_method_type && choice.provider === current.provider;
    // Only when there is something to clear: new error objects would re-render the sections.
    if (
      Object.keys(apiErrors.method).length > 0 ||
      (!same && Object.keys(apiErrors.metadata).length > 0)
    ) {
      setApiErrors({ ...apiErrors, method: {}, ...(same ? {} : { metadata: {} }) });
    }
    // Kept like keystrokes are: the step shows the choice itself, so the wizard page is not
    // rendered again (nor are its queries' observers) in the click that shows the section, and
    // the draft reaches storage a moment later rather than before the section's frame. It
    // reaches `draft` with the next step change (goTo reads draftRef).
    draftRef.current = {
      ...current,
      payout_method_type: choice.type,
      provider: choice.provider,
      ...(same ? {} : { metadata }),
    };
    saveSoon();
  };

  /** Writes `draftRef` to storage after a short delay (or on leaving the page, see flushSave). */
  const saveSoon = (): void => {
    if (saveTimerRef.current !== null) clearTimeout(saveTimerRef.current);
    saveTimerRef.current = setTimeout(() => {
      saveTimerRef.current = null;
      storage.save(draftRef.current);
    }, DRAFT_SAVE_DELAY_MS);
  };

  /** Per keystroke in the PSP section: kept, saved a moment later, no re-render of the wizard. */
  const changeMetadata = (metadata: Record<string, unknown>): void => {
    const current = draftRef.current;
    const changed = (name: string): boolean => metadata[name] !== current.metadata[name];
    if (Object.keys(apiErrors.metadata).some(changed)) {
      setApiErrors({
        ...apiErrors,
        metadata: Object.fromEntries(
          Object.entries(apiErrors.metadata).filter(([n]) => !changed(n)),
        ),
      });
    }
    draftRef.current = { ...current, metadata };
    saveSoon();
  };

  const corridorNext = (): void => {
    const errors = validateCorridor(draft.corridor, corridors.data ?? []);
    setCorridorErrors(errors);
    if (Object.keys(errors).length > 0) return;
    const saved = draft.beneficiary;
    goTo(saved && !saved.card_fields_required ? STEP.review : STEP.recipient);
  };

  const saved = draft.beneficiary;
  /** To a saved beneficiary: only what is new (and the card fields typed again, if needed). */
  const beneficiaryBody: BeneficiaryPayoutRequest | undefined =
    saved && draft.step === STEP.review
      ? {
          beneficiary_id: saved.id,
          amount: draft.corridor.amount.trim(),
          ...(draft.corridor.order_id.trim() ? { order_id: draft.corridor.order_id.trim() } : {}),
          ...(saved.card_fields_required ? { metadata: cardFields(draft.metadata) } : {}),
        }
      : undefined;

  // Only the review step shows it and sends it.
  const body: PayoutRequest | undefined =
    saved && draft.step === STEP.review
      ? {
          order_id: draft.corridor.order_id.trim(),
          provider: saved.provider,
          country: saved.country,
          currency: saved.currency,
          state: saved.state,
          amount: draft.corridor.amount.trim(),
          payout_method_type: saved.payout_method_type,
          // Shown on the review only (masked); never sent.
          metadata: { ...saved.details, ...cardFields(draft.metadata) },
        }
      : draft.step === STEP.review && kit && form && section
        ? (kit.normalizePayout(form, {
            order_id: draft.corridor.order_id,
            provider: draft.provider,
            country: draft.corridor.country,
            currency: draft.corridor.currency,
            state: statesOf(draft.corridor.country).length > 0 ? draft.corridor.state : null,
            amount: draft.corridor.amount,
            payout_method_type: draft.payout_method_type,
            metadata: draft.metadata,
          }) as PayoutRequest)
        : undefined;

  const send = async (): Promise<void> => {
    // A second click lands before React re-renders the disabled button.
    const sentBody = beneficiaryBody ?? body;
    if (sendingRef.current || !sentBody) return;
    sendingRef.current = true;
    setSending(true);
    setSendError(null);
    const json = JSON.stringify(sentBody);
    const key = keyForNextSend({
      currentKey: draft.idempotencyKey,
      lastAttempt: draft.lastAttempt,
      lastBody: lastBodyRef.current,
      body: json,
      newKey,
    });
    lastBodyRef.current = json;
    // Stored before the request leaves: a reload while it is in flight reuses the key.
    const sent: WizardDraft = { ...draft, idempotencyKey: key, lastAttempt: 'unresolved' };
    save(sent);
    try {
      const payout = await create.mutateAsync({ body: sentBody, key });
      queryClient.setQueryData(payoutQueryKeys.detail(payout.id), { payout, events: [] });
      void queryClient.invalidateQueries({ queryKey: [...payoutQueryKeys.all, 'list'] });
      setApiErrors(NO_API_ERRORS);
      setStepChanged(true);
      save({ ...sent, step: STEP.result, lastAttempt: 'none', createdPayoutId: payout.id });
    } catch (error) {
      setSendError(error);
      if (!isApiError(error)) return;
      const next: WizardDraft = { ...sent, lastAttempt: attemptStateAfter(error.code) };
      if (error.errors.length > 0) {
        const sorted = apiErrorsByStep(error.errors);
        setApiErrors(sorted.errors);
        if (sorted.firstStep !== null) {
          next.step = sorted.firstStep;
          setStepChanged(true);
        }
      }
      save(next);
    } finally {
      sendingRef.current = false;
      setSending(false);
    }
  };

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

  const hasFieldErrors =
    Object.keys(apiErrors.corridor).length +
      Object.keys(apiErrors.method).length +
      Object.keys(apiErrors.metadata).length >
    0;

  let content;
  switch (draft.step) {
    case STEP.corridor:
      content = (
        <CorridorStep
          values={draft.corridor}
          errors={{ ...corridorErrors, ...apiErrors.corridor }}
          corridors={corridors}
          onChange={changeCorridor}
          onNewOrderId={() => changeCorridor({ order_id: newOrderId(now(), randomBytes) })}
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
            section={section}
            sending={sending}
            error={hasFieldErrors ? null : sendError}
            generalErrors={apiErrors.general}
            onBack={() =>
              goTo(saved && !saved.card_fields_required ? STEP.corridor : STEP.recipient)
            }
            onSend={() => void send()}
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
          <Alert severity="info" sx={{ mb: 2 }} onClose={() => setWasRestored(false)}>
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

const CARD_FIELD_RE = /^creditCard|cvv|cvc|expir/i;

/** The card fields typed again for a card beneficiary without a PSP token. */
function cardFields(metadata: Record<string, unknown>): Record<string, PayoutMetadataValue> {
  return Object.fromEntries(
    Object.entries(metadata).filter(
      (entry): entry is [string, PayoutMetadataValue] =>
        CARD_FIELD_RE.test(entry[0]) && entry[1] !== undefined && entry[1] !== '',
    ),
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
