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
import { errorMessage } from '../../components/errorMessage.js';
import {
  runAllTargets,
  runAllTestPayouts,
  type RunAllResult,
  type RunAllTarget,
} from './runAllTestPayouts.js';

/** A run of test payouts: what it covers, the results so far (by target), and what it could not. */
export interface RunAllState {
  scope: 'corridor' | 'every';
  total: number;
  results: RunAllResult[];
  done: boolean;
  /** Corridors whose PSPs could not be read, so nothing was sent there. */
  problems: string[];
}

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

  const [run, setRun] = useState<RunAllState | null>(null);
  /** One test payout per enabled (PSP, type): of the chosen corridor, or of every corridor. */
  const startRunAll = async (scope: 'corridor' | 'every'): Promise<void> => {
    const chosen = scope === 'corridor' ? (corridor ? [corridor] : []) : (corridors.data ?? []);
    if (chosen.length === 0) return;
    setRun({ scope, total: 0, results: [], done: false, problems: [] });
    const targets: RunAllTarget[] = [];
    const problems: string[] = [];
    for (const c of chosen) {
      try {
        const listed = await api.providers.providers(c);
        targets.push(...runAllTargets(c, listed.providers));
      } catch (error) {
        problems.push(`${corridorKey(c)}: the PSPs could not be loaded (${errorMessage(error)})`);
      }
    }
    setRun({ scope, total: targets.length, results: [], done: false, problems });
    await runAllTestPayouts({
      lab: api.lab,
      statusOf: async (id) => (await api.payouts.get(id)).payout.status,
      targets,
      newKey,
      onResult: (result, index) =>
        setRun((current) => {
          if (!current) return current;
          const results = [...current.results];
          results[index] = result;
          return { ...current, results };
        }),
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
