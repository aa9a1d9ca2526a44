import {
  type BeneficiaryDto,
  type BeneficiaryPayoutRequest,
  type PayoutMetadataValue,
  type PayoutMethodType,
  type PayoutRequest,
  statesOf,
} from '@payouts/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { NavigationType, useNavigationType } from 'react-router';
import { useApi } from '../../api/ApiContext.js';
import { isApiError } from '../../api/ApiError.js';
import { useSectionFormKit } from '../../forms/useSectionFormKit.js';
import { withPatternEngine } from '../../forms/withPatternEngine.js';
import { payoutQueryKeys } from '../payouts/payoutQueryKeys.js';
import { useCorridors } from '../providers/useCorridors.js';
import { useProviders } from '../providers/useProviders.js';
import { useSession } from '../session/useSession.js';
import { apiErrorsByStep, NO_API_ERRORS, type WizardApiErrors } from './apiErrorsByStep.js';
import { createDraftStorage, type DraftStorage } from './draftStorage.js';
import { newOrderId } from './newOrderId.js';
import { attemptStateAfter, keyForNextSend } from './nextSend.js';
import { useWizardDraft } from './useWizardDraft.js';
import { validateCorridor, type CorridorErrors } from './validateCorridor.js';
import {
  newDraft,
  STEP,
  type CorridorValues,
  type WizardDraft,
  type WizardStep,
} from './wizardDraft.js';

export interface PayoutWizardOptions {
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
export const loadResultStep = () => import('./ResultStep.js');

const defaultRandomBytes = (n: number): Uint8Array => crypto.getRandomValues(new Uint8Array(n));
const defaultNewKey = (): string => crypto.randomUUID();
const defaultNow = (): Date => new Date();

/**
 * The "+" wizard's state and actions: the draft (kept across reloads), the corridor's PSPs and
 * their form, the errors per step, and the send. One idempotency key for the wizard's life (kept
 * with the draft), so a double click, a retry or a reload never makes a second payout.
 */
export function usePayoutWizard({
  storage: givenStorage,
  now = defaultNow,
  newKey = defaultNewKey,
  randomBytes = defaultRandomBytes,
}: PayoutWizardOptions) {
  const api = useApi();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const [storage] = useState(() => givenStorage ?? createDraftStorage(window.sessionStorage));
  // A link click is a PUSH; a reload, back or forward a POP.
  const navigationType = useNavigationType();
  const { draft, draftRef, save, update, keepSoon, wasRestored, dismissRestored } = useWizardDraft(
    storage,
    () => newDraft(newOrderId(now(), randomBytes), newKey()),
    { resumeFinished: navigationType === NavigationType.Pop },
  );
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
    mutationFn: ({
      body,
      key,
      payAgain,
    }: {
      body: PayoutRequest | BeneficiaryPayoutRequest;
      key: string;
      payAgain: boolean;
    }) =>
      'beneficiary_id' in body
        ? api.payouts.createForBeneficiary(body, key, { payAgain })
        : api.payouts.create(body, key, { payAgain }),
    // "Still in flight" is answered to a retry of the same request: ask again, same key.
    retry: (failures, error) => isApiError(error, 'request_in_flight') && failures < 4,
    retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 8000),
  });

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
    dismissRestored();
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
    keepSoon({
      ...current,
      payout_method_type: choice.type,
      provider: choice.provider,
      ...(same ? {} : { metadata }),
    });
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
    keepSoon({ ...current, metadata });
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

  /** Sends the review's payout; `payAgain` after the person saw its possible duplicates. */
  const send = async ({ payAgain = false }: { payAgain?: boolean } = {}): Promise<void> => {
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
      const payout = await create.mutateAsync({ body: sentBody, key, payAgain });
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

  const hasFieldErrors =
    Object.keys(apiErrors.corridor).length +
      Object.keys(apiErrors.method).length +
      Object.keys(apiErrors.metadata).length >
    0;

  return {
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
    newOrderId: () => changeCorridor({ order_id: newOrderId(now(), randomBytes) }),
    chooseBeneficiary,
    changeMethod,
    changeMetadata,
    corridorNext,
    send,
  };
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
