import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  PAYOUT_METHOD_TYPE_TITLES,
  type Corridor,
  type PayoutMethodType,
  type PayoutMetadataValue,
  type PayoutRequest,
} from '@payouts/contracts';
import { useMutation } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useApi } from '../../api/ApiContext.js';
import { isApiError } from '../../api/ApiError.js';
import { ErrorState } from '../../components/ErrorState.js';
import { regionName } from '../../components/regionName.js';
import { TestBadge } from '../../components/TestBadge.js';
import { useSectionFormKit } from '../../forms/useSectionFormKit.js';
import { useCorridors } from '../providers/useCorridors.js';
import { useProviders } from '../providers/useProviders.js';
import { ExchangeView } from './ExchangeView.js';
import { runAllTargets, runAllTestPayouts, type RunAllResult } from './runAllTestPayouts.js';

export interface LabPageProps {
  /** A fresh idempotency key per send (tests pass a predictable one). */
  newKey?: () => string;
}

const defaultNewKey = (): string => crypto.randomUUID();

interface CorridorFields {
  order_id: string;
  amount: string;
  state: string;
}

const EMPTY_FIELDS: CorridorFields = { order_id: '', amount: '', state: '' };

function corridorKey(corridor: Corridor): string {
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
 * The payout lab (admins): pick a corridor, type and PSP, prefill valid test data, send one test
 * payout and see the exchange exactly as the BFF sent it; or run one per enabled (PSP, type).
 * Test payouts are stored with the test flag and stay out of the default list and exports.
 */
export function LabPage({ newKey = defaultNewKey }: LabPageProps) {
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
          <TextField
            label="Amount"
            value={fields.amount}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            onChange={(e) => setFields({ ...fields, amount: e.target.value })}
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

      <Paper
        variant="outlined"
        component="section"
        aria-labelledby="run-all-heading"
        sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 2 }}
      >
        <Typography variant="h6" component="h2" id="run-all-heading">
          Run all{corridor ? ` for ${regionName(corridor.country)} · ${corridor.currency}` : ''}
        </Typography>
        <Typography variant="body2" color="textSecondary">
          One test payout per enabled PSP and payout method type of the corridor, one after the
          other.
        </Typography>
        <Box>
          <Button
            variant="outlined"
            disabled={!providers.data || running || providers.data.providers.length === 0}
            onClick={() => void startRunAll()}
          >
            Run all
          </Button>
        </Box>
        {run ? (
          <>
            <LinearProgress
              variant="determinate"
              value={run.total === 0 ? 100 : (run.results.length / run.total) * 100}
              aria-label="Run all progress"
            />
            <Typography role="status">
              {run.done
                ? `Done: ${run.results.filter((r) => r.passed).length} passed, ${
                    run.results.filter((r) => !r.passed).length
                  } failed.`
                : `${run.results.length} of ${run.total} sent…`}
            </Typography>
            <Table size="small" aria-label="Run all results">
              <TableHead>
                <TableRow>
                  <TableCell>PSP</TableCell>
                  <TableCell>Type</TableCell>
                  <TableCell>Result</TableCell>
                  <TableCell>HTTP status</TableCell>
                  <TableCell>Duration</TableCell>
                  <TableCell>Outcome</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {run.results.map((r) => (
                  <TableRow key={`${r.payout_method_type}/${r.provider}`}>
                    <TableCell component="th" scope="row">
                      {r.title}
                    </TableCell>
                    <TableCell>{PAYOUT_METHOD_TYPE_TITLES[r.payout_method_type]}</TableCell>
                    <TableCell
                      sx={{ color: r.passed ? 'success.main' : 'error.main', fontWeight: 600 }}
                    >
                      {r.passed ? 'Pass' : 'Fail'}
                    </TableCell>
                    <TableCell>{r.http_status ?? '—'}</TableCell>
                    <TableCell>{r.duration_ms === null ? '—' : `${r.duration_ms} ms`}</TableCell>
                    <TableCell>{r.outcome}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </>
        ) : null}
      </Paper>
    </Box>
  );
}
