import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  FINAL_DEPOSIT_STATUSES,
  isPlausibleCardNumber,
  type LabDepositRequest,
  maskCardNumber,
  normalizeCardNumber,
} from '@payouts/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useApi } from '../../api/ApiContext.js';
import { isApiError } from '../../api/ApiError.js';
import { DetailList } from '../../components/DetailList.js';
import { ErrorState } from '../../components/ErrorState.js';
import { regionName } from '../../components/regionName.js';
import { withPatternEngine } from '../../forms/withPatternEngine.js';
import { ExchangeView } from '../lab/ExchangeView.js';
import {
  depositBin,
  emptyDepositForm,
  toDepositInput,
  type DepositFormErrors,
  type DepositFormValues,
} from './depositForm.js';
import { FingerprintFrame } from './FingerprintFrame.js';
import { loadDepositChecks, loadedDepositChecks, type DepositChecks } from './loadDepositChecks.js';

export interface DepositConsolePageProps {
  now?: () => Date;
  /** How long to wait for the fingerprint iframe's message. */
  fingerprintTimeoutMs?: number;
  /** How often to look up an `in_process` deposit. */
  pollIntervalMs?: number;
  /** Opens the 3D Secure page (tests pass a recorder). */
  openWindow?: (url: string) => void;
}

const defaultOpenWindow = (url: string): void => {
  window.open(url, '_blank', 'noopener,noreferrer');
};

function Step({ n, title, children }: { n: string; title: string; children: ReactNode }) {
  const id = `deposit-step-${n.replace(/\W/g, '')}`;
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={id}
      sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 2 }}
    >
      <Typography variant="h6" component="h2" id={id}>
        {n}. {title}
      </Typography>
      {children}
    </Paper>
  );
}

type Phase =
  | { name: 'form' }
  | { name: 'fingerprint'; src: string }
  | { name: 'ready'; ddc: Record<string, string>; received: boolean };

/**
 * The server-to-server card deposit, step by step (admins): card and customer data; the
 * fingerprint page for country, currency and BIN in a scripts-only sandboxed iframe; its message
 * (from that iframe only) as `ddc`; the deposit, routed or to one PSP and MID; then its status,
 * with 3D Secure opened and the deposit followed until final. Card data lives in memory only and
 * the CVV is cleared once sent.
 */
export function DepositConsolePage({
  now = () => new Date(),
  fingerprintTimeoutMs = 8000,
  pollIntervalMs = 3000,
  openWindow = defaultOpenWindow,
}: DepositConsolePageProps) {
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
  const [phase, setPhase] = useState<Phase>({ name: 'form' });
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
  const field = (
    name: keyof DepositFormValues,
    label: string,
    props: Partial<TextFieldProps> & { htmlInput?: Record<string, unknown> } = {},
  ) => {
    const { htmlInput, ...rest } = props;
    return (
      <TextField
        label={label}
        value={values[name]}
        onChange={(e) => set({ [name]: e.target.value })}
        error={errors[name] !== undefined}
        helperText={errors[name]}
        slotProps={{ htmlInput: { ...htmlInput } }}
        {...rest}
      />
    );
  };

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

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <title>Deposit console · Payouts back-office</title>
      <Typography variant="h4" component="h1">
        Card deposit console
      </Typography>
      {options.isError ? (
        <ErrorState
          error={options.error}
          title="The deposit options could not be loaded"
          onRetry={() => void options.refetch()}
        />
      ) : null}

      <Step n="1" title="Card and customer data">
        <Box
          component="form"
          noValidate
          aria-label="Card and customer"
          onSubmit={startFingerprint}
          sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
        >
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
            <TextField
              select
              label="Corridor"
              value={corridor}
              onChange={(e) => set({ corridor: e.target.value })}
              error={errors.corridor !== undefined}
              helperText={errors.corridor}
              sx={{ minWidth: 220 }}
            >
              {corridors.map((c) => (
                <MenuItem key={`${c.country}/${c.currency}`} value={`${c.country}/${c.currency}`}>
                  {regionName(c.country)} · {c.currency}
                </MenuItem>
              ))}
            </TextField>
            {field('amount', 'Amount', { htmlInput: { inputMode: 'decimal' } })}
            {field('order_id', 'Order ID')}
          </Box>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
            {field('first_name', 'First name', { autoComplete: 'given-name' })}
            {field('last_name', 'Last name', { autoComplete: 'family-name' })}
            {field('email', 'E-mail', { type: 'email', autoComplete: 'email' })}
            {field('phone', 'Phone', { type: 'tel', autoComplete: 'tel' })}
          </Box>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
            {field('address1', 'Address', { autoComplete: 'address-line1' })}
            {field('city', 'City', { autoComplete: 'address-level2' })}
            {field('zip_code', 'Postal code', { autoComplete: 'postal-code' })}
            {field('state', 'State or region', { autoComplete: 'address-level1' })}
          </Box>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
            {field('card_holder_name', 'Name on card', { autoComplete: 'cc-name' })}
            <TextField
              label="Card number"
              value={cardShown}
              autoComplete="cc-number"
              onFocus={() => setEditingCard(true)}
              onBlur={() => setEditingCard(false)}
              onChange={(e) => set({ credit_card_number: e.target.value })}
              error={errors.credit_card_number !== undefined}
              helperText={errors.credit_card_number}
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            />
            {field('expire_month', 'Expiry month', {
              autoComplete: 'cc-exp-month',
              placeholder: 'MM',
              htmlInput: { inputMode: 'numeric', maxLength: 2 },
              sx: { width: 130 },
            })}
            {field('expire_year', 'Expiry year', {
              autoComplete: 'cc-exp-year',
              placeholder: 'YYYY',
              htmlInput: { inputMode: 'numeric', maxLength: 4 },
              sx: { width: 130 },
            })}
            {field('cvv2', 'CVV', {
              type: 'password',
              autoComplete: 'cc-csc',
              htmlInput: { inputMode: 'numeric', maxLength: 4 },
              sx: { width: 110 },
            })}
          </Box>
          <Box>
            <Button type="submit" variant="contained">
              Collect fingerprint
            </Button>
          </Box>
        </Box>
      </Step>

      <Step
        n="2–4"
        title="Fingerprint: fetched for country, currency and BIN, run in a sandboxed frame, its message kept as ddc"
      >
        {phase.name === 'form' ? (
          <Typography color="textSecondary">
            After the card data: the BFF fetches the fingerprint page for them.
          </Typography>
        ) : null}
        {phase.name === 'fingerprint' ? (
          <FingerprintFrame
            src={phase.src}
            timeoutMs={fingerprintTimeoutMs}
            onDone={(ddc, received) => setPhase({ name: 'ready', ddc, received })}
          />
        ) : null}
        {phase.name === 'ready' ? (
          <Typography role="status">
            {phase.received
              ? `Fingerprint collected for: ${Object.keys(phase.ddc).join(', ') || 'no PSP'}.`
              : 'No fingerprint needed (none was sent): ddc is empty.'}
          </Typography>
        ) : null}
      </Step>

      <Step n="5" title="Deposit, routed or to one PSP">
        <RadioGroup
          aria-label="Routing"
          row
          value={mode}
          onChange={(e) => setMode(e.target.value === 'single' ? 'single' : 'routed')}
        >
          <FormControlLabel value="routed" control={<Radio />} label="Routed across PSPs" />
          <FormControlLabel value="single" control={<Radio />} label="One PSP and MID" />
        </RadioGroup>
        {mode === 'single' ? (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
            <TextField
              select
              label="Deposit PSP"
              value={psp?.name ?? ''}
              onChange={(e) => setPspName(e.target.value)}
              sx={{ minWidth: 200 }}
            >
              {psps.map((p) => (
                <MenuItem key={p.name} value={p.name}>
                  {p.title}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              label="MID alias"
              value={midAlias}
              onChange={(e) => setMid(e.target.value)}
              disabled={mids.length === 0}
              helperText={mids.length === 0 ? 'This PSP has no configured MID alias.' : undefined}
              sx={{ minWidth: 200 }}
            >
              {mids.map((alias) => (
                <MenuItem key={alias} value={alias}>
                  {alias}
                </MenuItem>
              ))}
            </TextField>
          </Box>
        ) : null}
        <Box>
          <Button
            variant="contained"
            disabled={phase.name !== 'ready' || send.isPending}
            onClick={submitDeposit}
          >
            Send deposit
          </Button>
        </Box>
      </Step>

      <Step n="6" title="Status">
        <Box aria-live="polite" sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          {send.isError ? <ErrorState error={send.error} title="The deposit was refused" /> : null}
          {send.isError && isApiError(send.error) && send.error.errors.length > 0 ? (
            <Box component="ul" aria-label="Field problems">
              {send.error.errors.map((e) => (
                <li key={e.pointer}>
                  <code>{e.pointer}</code>: {e.message}
                </li>
              ))}
            </Box>
          ) : null}
          {result ? (
            <>
              <Alert
                severity={
                  result.status === 'approved'
                    ? 'success'
                    : result.status === 'declined'
                      ? 'error'
                      : 'info'
                }
              >
                Deposit {result.id}: {result.status.replace('_', ' ')}
              </Alert>
              <DetailList
                items={[
                  { label: 'Deposit id', value: result.id },
                  { label: 'Status', value: result.status },
                  { label: 'Decline code', value: result.decline_code },
                  { label: 'Decline reason', value: result.decline_reason },
                ]}
              />
              {following && result.mpi_url ? (
                <Typography>
                  3D Secure opened in a new window.{' '}
                  <Link href={result.mpi_url} target="_blank" rel="noopener noreferrer">
                    Open the 3D Secure page
                  </Link>
                </Typography>
              ) : null}
              {following ? (
                <Box role="status">
                  {lookup.data ? (
                    <>
                      <Typography>
                        {final
                          ? `Final status: ${lookup.data.status}.`
                          : `Following the deposit: ${lookup.data.status.replace('_', ' ')}…`}
                      </Typography>
                      <DetailList
                        items={[
                          { label: 'PSP', value: lookup.data.psp_name },
                          {
                            label: 'Card',
                            value: `${lookup.data.card_type ?? ''} •••• ${lookup.data.last_four_digits ?? ''}`,
                          },
                          {
                            label: 'Amount',
                            value: `${lookup.data.amount} ${lookup.data.currency}`,
                          },
                          { label: 'Decline code', value: lookup.data.decline_code },
                          { label: 'Decline reason', value: lookup.data.decline_reason },
                        ]}
                      />
                    </>
                  ) : (
                    <Typography>Following the deposit…</Typography>
                  )}
                </Box>
              ) : null}
              {lookup.isError ? (
                <ErrorState error={lookup.error} title="The deposit could not be looked up" />
              ) : null}
              {send.data?.exchange ? <ExchangeView exchange={send.data.exchange} /> : null}
            </>
          ) : null}
        </Box>
      </Step>
    </Box>
  );
}
