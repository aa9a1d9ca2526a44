import {
  type Corridor,
  type PayoutMethodType,
  type PayoutMetadataValue,
  type PayoutRequest,
} from '@payouts/contracts';
import { useMutation } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useApi } from '../../api/ApiContext.js';
import { useSectionFormKit } from '../../forms/useSectionFormKit.js';
import { useCorridors } from '../providers/useCorridors.js';
import { useProviders } from '../providers/useProviders.js';
import { runAllTargets, runAllTestPayouts, type RunAllResult } from './runAllTestPayouts.js';

export const defaultNewKey = (): string => crypto.randomUUID();

export interface CorridorFields {
  order_id: string;
  amount: string;
  state: string;
}

const EMPTY_FIELDS: CorridorFields = { order_id: '', amount: '', state: '' };

export function corridorKey(corridor: Corridor): string {
  return `${corridor.country}/${corridor.currency}`;
}

function metadataOf(formData: Record<string, unknown>): Record<string, PayoutMetadataValue> {
  return Object.fromEntries(
    Object.entries(formData).filter(
      (entry): entry is [string, PayoutMetadataValue] =>
        typeof entry[1] === 'string' || typeof entry[1] === 'number',
    ),
  );
}

/**
 * The lab's state and actions: the corridor, type and PSP picked, the PSP's section and its
 * values (prefilled with valid test data on request), one test payout's send, and a run of one
 * test payout per enabled (PSP, type).
 */
export function useLab(newKey: () => string) {
  const api = useApi();
  const corridors = useCorridors();
  const [selectedKey, setSelectedKey] = useState('');
  const corridor =
    corridors.data?.find((c) => corridorKey(c) === selectedKey) ?? corridors.data?.[0] ?? null;
  const providers = useProviders(corridor);
  // RJSF and the field rules load alongside the corridors and PSPs.
  const formKit = useSectionFormKit();
  const kit = formKit.kit;
  const form = useMemo(
    () =>
      kit && corridor && providers.data
        ? kit.buildPayoutForm(providers.data.providers, corridor)
        : undefined,
    [kit, corridor, providers.data],
  );
  const [type, setType] = useState<PayoutMethodType | ''>('');
  const [psp, setPsp] = useState('');
  const [fields, setFields] = useState<CorridorFields>(EMPTY_FIELDS);
  const [metadata, setMetadata] = useState<Record<string, unknown>>({});
  // A new value remounts the section form, so prefilled values replace what was typed.
  const [formVersion, setFormVersion] = useState(0);

  const methodType: PayoutMethodType | '' =
    type !== '' && form?.methodTypes.includes(type) ? type : (form?.methodTypes[0] ?? '');
  const psps = methodType === '' ? [] : (form?.providersByType[methodType] ?? []);
  const provider = psps.some((p) => p.name === psp) ? psp : (psps[0]?.name ?? '');
  const section =
    methodType !== '' && provider !== '' ? form?.section(methodType, provider) : undefined;

  const resetSelection = (): void => {
    setFields(EMPTY_FIELDS);
    setMetadata({});
    setFormVersion((v) => v + 1);
    send.reset();
    prefill.reset();
  };

  const prefill = useMutation({
    mutationFn: () =>
      api.lab.testData({
        country: corridor!.country,
        currency: corridor!.currency,
        payout_method_type: methodType as PayoutMethodType,
        provider,
      }),
    onSuccess: (payout) => {
      setFields({
        order_id: payout.order_id,
        amount: payout.amount,
        state: payout.state ?? '',
      });
      setMetadata(payout.metadata);
      setFormVersion((v) => v + 1);
    },
  });
  const send = useMutation({
    mutationFn: (body: PayoutRequest) => api.lab.sendPayout(body, newKey()),
  });

  const [run, setRun] = useState<{ total: number; results: RunAllResult[]; done: boolean } | null>(
    null,
  );
  const startRunAll = async (): Promise<void> => {
    if (!corridor || !providers.data) return;
    const targets = runAllTargets(providers.data.providers);
    setRun({ total: targets.length, results: [], done: false });
    await runAllTestPayouts({
      lab: api.lab,
      corridor,
      targets,
      newKey,
      onResult: (result) =>
        setRun((current) => current && { ...current, results: [...current.results, result] }),
    });
    setRun((current) => current && { ...current, done: true });
  };
  const running = run !== null && !run.done;

  const body: PayoutRequest | null =
    corridor && methodType !== '' && provider !== ''
      ? {
          order_id: fields.order_id.trim(),
          provider,
          country: corridor.country,
          currency: corridor.currency,
          state: fields.state.trim() === '' ? null : fields.state.trim(),
          amount: fields.amount.trim(),
          payout_method_type: methodType,
          metadata: metadataOf(metadata),
        }
      : null;
  const reply = send.data;

  return {
    corridors,
    selectedKey,
    setSelectedKey,
    corridor,
    providers,
    formKit,
    kit,
    form,
    type,
    setType,
    psp,
    setPsp,
    fields,
    setFields,
    metadata,
    setMetadata,
    formVersion,
    setFormVersion,
    methodType,
    psps,
    provider,
    section,
    resetSelection,
    prefill,
    send,
    run,
    setRun,
    startRunAll,
    running,
    body,
    reply,
  };
}
