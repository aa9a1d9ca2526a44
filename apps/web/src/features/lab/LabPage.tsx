import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { PAYOUT_METHOD_TYPE_TITLES, type PayoutMethodType } from '@payouts/contracts';
import { Link as RouterLink } from 'react-router';
import { isApiError } from '../../api/ApiError.js';
import { ErrorState } from '../../components/ErrorState.js';
import { regionName } from '../../components/regionName.js';
import { TestBadge } from '../../components/TestBadge.js';
import { ExchangeView } from './ExchangeView.js';
import { RunAllSection } from './RunAllSection.js';
import { corridorKey, defaultNewKey, useLab } from './useLab.js';
import { AmountField } from '../../components/AmountField.js';

export interface LabPageProps {
  /** A fresh idempotency key per send (tests pass a predictable one). */
  newKey?: () => string;
}

/**
 * The payout lab (admins): pick a corridor, type and PSP, prefill valid test data, send one test
 * payout and see the exchange exactly as the BFF sent it; or run one per enabled (PSP, type).
 * Test payouts are stored with the test flag and stay out of the default list and exports.
 */
export function LabPage({ newKey = defaultNewKey }: LabPageProps) {
  const lab = useLab(newKey);
  const {
    corridors,
    setSelectedKey,
    corridor,
    providers,
    formKit,
    kit,
    form,
    setType,
    setPsp,
    fields,
    setFields,
    metadata,
    setMetadata,
    formVersion,
    methodType,
    psps,
    provider,
    section,
    resetSelection,
    prefill,
    send,
    setRun,
    running,
    body,
    reply,
  } = lab;

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <title>Payout lab · Payouts back-office</title>
      <Typography variant="h4" component="h1">
        Payout lab
      </Typography>
      <Typography color="textSecondary">
        Test payouts are stored with a test flag: badged in the list, left out of its default view
        and of exports.
      </Typography>
      {corridors.isError ? (
        <ErrorState error={corridors.error} title="The corridors could not be loaded" />
      ) : null}
      {providers.isError ? (
        <ErrorState error={providers.error} title="The providers could not be loaded" />
      ) : null}
      {formKit.error ? (
        <ErrorState
          error={formKit.error}
          title="The PSP sections could not be loaded"
          onRetry={formKit.retry}
        />
      ) : null}
      <Paper
        variant="outlined"
        component="section"
        aria-labelledby="lab-payout-heading"
        sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 2 }}
      >
        <Typography variant="h6" component="h2" id="lab-payout-heading">
          One test payout
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
          <TextField
            select
            label="Corridor"
            value={corridor ? corridorKey(corridor) : ''}
            onChange={(e) => {
              setSelectedKey(e.target.value);
              setRun(null);
              resetSelection();
            }}
            sx={{ minWidth: 220 }}
            disabled={running}
          >
            {(corridors.data ?? []).map((c) => (
              <MenuItem key={corridorKey(c)} value={corridorKey(c)}>
                {regionName(c.country)} · {c.currency}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label="Payout method type"
            value={methodType}
            onChange={(e) => {
              setType(e.target.value as PayoutMethodType);
              resetSelection();
            }}
            sx={{ minWidth: 200 }}
            disabled={!form || form.methodTypes.length === 0}
          >
            {(form?.methodTypes ?? []).map((t) => (
              <MenuItem key={t} value={t}>
                {PAYOUT_METHOD_TYPE_TITLES[t]}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label="PSP"
            value={provider}
            onChange={(e) => {
              setPsp(e.target.value);
              resetSelection();
            }}
            sx={{ minWidth: 200 }}
            disabled={psps.length === 0}
          >
            {psps.map((p) => (
              <MenuItem key={p.name} value={p.name}>
                {p.title}
              </MenuItem>
            ))}
          </TextField>
        </Box>
        {form && form.methodTypes.length === 0 ? (
          <Alert severity="info">The orchestrator lists no PSP for this corridor.</Alert>
        ) : null}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
          <TextField
            label="Order ID"
            value={fields.order_id}
            onChange={(e) => setFields({ ...fields, order_id: e.target.value })}
          />
          <AmountField
            label="Amount"
            value={fields.amount}
            currency={corridor?.currency}
            onChange={(amount) => setFields({ ...fields, amount })}
          />
          <TextField
            label="State"
            value={fields.state}
            helperText="Only where the country has states."
            onChange={(e) => setFields({ ...fields, state: e.target.value })}
          />
        </Box>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          <Button
            variant="outlined"
            disabled={!section || prefill.isPending}
            onClick={() => prefill.mutate()}
          >
            Prefill test data
          </Button>
          <Button
            variant="contained"
            disabled={!body || send.isPending || running}
            onClick={() => body && send.mutate(body)}
          >
            Send test payout
          </Button>
        </Box>
        {prefill.isError ? (
          <ErrorState error={prefill.error} title="No test data for this PSP" />
        ) : null}
        {section && kit ? (
          <kit.SectionForm
            key={`${corridor ? corridorKey(corridor) : ''}/${methodType}/${provider}/${formVersion}`}
            section={section}
            formData={metadata}
            idPrefix="lab"
            onChange={setMetadata}
          />
        ) : null}
      </Paper>

      <Box aria-live="polite">
        {send.isError ? (
          <ErrorState
            error={send.error}
            title={
              isApiError(send.error, 'validation_failed')
                ? 'The BFF refused the test payout before sending it'
                : 'The test payout could not be sent'
            }
          />
        ) : null}
        {send.isError && isApiError(send.error) && send.error.errors.length > 0 ? (
          <Box component="ul" aria-label="Field problems">
            {send.error.errors.map((e) => (
              <li key={e.pointer}>
                <code>{e.pointer}</code>: {e.message}
              </li>
            ))}
          </Box>
        ) : null}
        {reply ? (
          <Paper
            variant="outlined"
            component="section"
            aria-labelledby="lab-result-heading"
            sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 2 }}
          >
            <Typography variant="h6" component="h2" id="lab-result-heading">
              Result
              <TestBadge label="Test payout" />
            </Typography>
            {reply.problem ? (
              <Alert severity="error">
                {reply.problem.title ?? 'Refused'}
                {reply.problem.detail ? `: ${reply.problem.detail}` : ''}
              </Alert>
            ) : null}
            {reply.payout ? (
              <Typography>
                Payout{' '}
                <RouterLink to={`/payouts/${encodeURIComponent(reply.payout.id)}`}>
                  {reply.payout.order_id}
                </RouterLink>{' '}
                is {reply.payout.status}.
              </Typography>
            ) : null}
            {reply.exchange ? (
              <ExchangeView exchange={reply.exchange} />
            ) : (
              <Typography>
                The BFF answered from its idempotency record: no new call to the orchestrator.
              </Typography>
            )}
          </Paper>
        ) : null}
      </Box>

      <RunAllSection lab={lab} />
    </Box>
  );
}
