import {
  FINAL_DEPOSIT_STATUSES,
  isPlausibleCardNumber,
  type LabDepositRequest,
  maskCardNumber,
  normalizeCardNumber,
} from '@payouts/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useApi } from '../../api/ApiContext.js';
import { isApiError } from '../../api/ApiError.js';
import { withPatternEngine } from '../../forms/withPatternEngine.js';
import {
  depositBin,
  emptyDepositForm,
  toDepositInput,
  type DepositFormErrors,
  type DepositFormValues,
} from './depositForm.js';
import { loadDepositChecks, loadedDepositChecks, type DepositChecks } from './loadDepositChecks.js';

/** Where the console is: filling in the form, collecting the fingerprint, or ready to send. */
export type DepositPhase =
  | { name: 'form' }
  | { name: 'fingerprint'; src: string }
  | { name: 'ready'; ddc: Record<string, string>; received: boolean };

/**
 * The deposit console's state and actions: its options, the form and its errors, the phase
 * (form, fingerprint, ready), the send (routed or to one PSP and MID) and the following of an
 * `in_process` deposit until it is final.
 */
export function useDepositConsole({
  now,
  pollIntervalMs,
  openWindow,
}: {
  now: () => Date;
  pollIntervalMs: number;
  openWindow: (url: string) => void;
}) {
  const api = useApi();
  const options = useQuery({
    queryKey: ['lab', 'deposits', 'options'],
    // The form is checked against the contracts' schema, whose patterns RE2 matches; the checks
    // themselves (with the field rules) load alongside too, not with the page.
    queryFn: async ({ signal }) => {
      const [reply] = await Promise.all([
        withPatternEngine(api.lab.depositOptions(signal)),
        loadDepositChecks(),
      ]);
      return reply;
    },
  });
  const [values, setValues] = useState<DepositFormValues>(() =>
    emptyDepositForm(`DEP-${now().getTime().toString(36).toUpperCase()}`),
  );
  const [errors, setErrors] = useState<DepositFormErrors>({});
  const [editingCard, setEditingCard] = useState(false);
  const [phase, setPhase] = useState<DepositPhase>({ name: 'form' });
  const [mode, setMode] = useState<'routed' | 'single'>('routed');
  const [pspName, setPspName] = useState('');
  const [mid, setMid] = useState('');

  const corridors = options.data?.corridors ?? [];
  const corridor =
    values.corridor || (corridors[0] ? `${corridors[0].country}/${corridors[0].currency}` : '');
  const psps = options.data?.psps ?? [];
  const psp = psps.find((p) => p.name === pspName) ?? psps[0];
  const mids = psp?.mids ?? [];
  const midAlias = mids.includes(mid) ? mid : (mids[0] ?? '');

  const send = useMutation({
    mutationFn: (body: LabDepositRequest) => api.lab.sendDeposit(body),
    onError: (error) => {
      // The BFF's field problems (`/deposit/credit_card_number`, …) go back on their fields.
      if (!isApiError(error, 'validation_failed')) return;
      const found: DepositFormErrors = {};
      for (const { pointer, message } of error.errors) {
        const name = pointer.startsWith('/deposit/') ? pointer.slice('/deposit/'.length) : '';
        const field = name === 'country' || name === 'currency' ? 'corridor' : name;
        if (field in values) found[field as keyof DepositFormValues] = message;
      }
      setErrors(found);
    },
    onSuccess: (reply) => {
      setValues((v) => ({ ...v, cvv2: '' }));
      if (reply.result.status === 'in_process' && reply.result.mpi_url) {
        openWindow(reply.result.mpi_url);
      }
    },
  });
  const result = send.data?.result;
  const following = result?.status === 'in_process';
  const lookup = useQuery({
    queryKey: ['lab', 'deposits', result?.id],
    queryFn: ({ signal }) => api.lab.deposit(result!.id, signal),
    enabled: following,
    refetchInterval: (query) =>
      query.state.data && FINAL_DEPOSIT_STATUSES.includes(query.state.data.status)
        ? false
        : pollIntervalMs,
  });

  const set = (patch: Partial<DepositFormValues>): void => {
    setValues((v) => ({ ...v, ...patch }));
    if (phase.name !== 'form') setPhase({ name: 'form' });
  };
  /** Valid test data for the corridor chosen, from the BFF, into the form (order id kept). */
  const prefill = useMutation({
    mutationFn: () => {
      const [country = '', currency = ''] = corridor.split('/');
      return api.lab.depositTestData({ country, currency });
    },
    onSuccess: (data) => {
      setErrors({});
      set({ ...data, corridor });
    },
  });
  const fingerprintIfValid = ({ validateDepositForm }: DepositChecks): void => {
    const withCorridor = { ...values, corridor };
    const found = validateDepositForm(withCorridor, now());
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setValues(withCorridor);
    const [country = '', currency = ''] = corridor.split('/');
    send.reset();
    setPhase({
      name: 'fingerprint',
      src: api.lab.fingerprintUrl({ country, currency, card_bin: depositBin(withCorridor) }),
    });
  };

  const startFingerprint = (event: FormEvent): void => {
    event.preventDefault();
    const checks = loadedDepositChecks();
    // Sent before the options (and the checks with them) are there: wait for the checks. Should
    // they fail to load, the options' error says so and offers a retry.
    if (checks) fingerprintIfValid(checks);
    else void loadDepositChecks().then(fingerprintIfValid, () => undefined);
  };

  const submitDeposit = (): void => {
    if (phase.name !== 'ready') return;
    send.mutate({
      mode,
      ...(mode === 'single' && psp
        ? { psp_name: psp.name, ...(midAlias ? { single_payment_mid_alias: midAlias } : {}) }
        : {}),
      deposit: toDepositInput(values, phase.ddc),
    });
  };

  const cardShown =
    !editingCard && isPlausibleCardNumber(normalizeCardNumber(values.credit_card_number))
      ? maskCardNumber(normalizeCardNumber(values.credit_card_number))
      : values.credit_card_number;
  const final = lookup.data && FINAL_DEPOSIT_STATUSES.includes(lookup.data.status);

  return {
    options,
    values,
    errors,
    editingCard,
    setEditingCard,
    phase,
    setPhase,
    mode,
    setMode,
    setPspName,
    setMid,
    corridors,
    corridor,
    psps,
    psp,
    mids,
    midAlias,
    send,
    result,
    following,
    lookup,
    set,
    prefill,
    startFingerprint,
    submitDeposit,
    cardShown,
    final,
  };
}
