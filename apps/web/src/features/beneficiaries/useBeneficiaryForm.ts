import {
  countryHasStates,
  statesOf,
  type BeneficiaryDto,
  type CreateBeneficiaryRequest,
  type PayoutMetadataValue,
  type PayoutMethodType,
} from '@payouts/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState, type FormEvent } from 'react';
import { useApi } from '../../api/ApiContext.js';
import { isApiError } from '../../api/ApiError.js';
import { useSectionFormKit } from '../../forms/useSectionFormKit.js';
import { stateLabel } from '../payoutWizard/validateCorridor.js';
import { useCorridors } from '../providers/useCorridors.js';
import { useProviders } from '../providers/useProviders.js';
import { beneficiaryQueryKeys } from './beneficiaryQueryKeys.js';

import type { BeneficiaryFormInitial } from './BeneficiaryForm.js';

type Stage = 'who' | 'method' | 'details';

/**
 * The new-beneficiary form's state: who it is, the corridor, the method and PSP section, its checks, and the create (with the server's field problems on their fields).
 */
export function useBeneficiaryForm(
  initial: BeneficiaryFormInitial,
  onCreated: (beneficiary: BeneficiaryDto) => void,
) {
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

  return {
    corridors,
    stage,
    setStage,
    who,
    setWho,
    checked,
    setChecked,
    method,
    setMethod,
    details,
    setDetails,
    latestDetails,
    changeDetails,
    country,
    currency,
    needsState,
    corridor,
    providers,
    formKit,
    kit,
    form,
    section,
    create,
    lastBody,
    fieldError,
    detailErrors,
    problems,
    submitWho,
    send,
  };
}
