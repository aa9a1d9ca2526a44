import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type ReactNode } from 'react';
import { ErrorState } from '../../components/ErrorState.js';
import { regionName } from '../../components/regionName.js';
import { type DepositFormValues } from './depositForm.js';
import { FingerprintFrame } from './FingerprintFrame.js';
import { DepositStatus } from './DepositStatus.js';
import { useDepositConsole } from './useDepositConsole.js';

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
  const depositConsole = useDepositConsole({ now, pollIntervalMs, openWindow });
  const {
    options,
    values,
    errors,
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
    set,
    startFingerprint,
    submitDeposit,
    cardShown,
  } = depositConsole;
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
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button
              variant="outlined"
              loading={depositConsole.prefill.isPending}
              disabled={corridor === ''}
              onClick={() => depositConsole.prefill.mutate()}
            >
              Prefill test data
            </Button>
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
        <DepositStatus console={depositConsole} />
      </Step>
    </Box>
  );
}
