import DownloadIcon from '@mui/icons-material/Download';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  can,
  MAX_BATCH_FILE_BYTES,
  MAX_BATCH_ROWS,
  PAYOUT_METHOD_TYPE_TITLES,
  type BatchCsvDelimiter,
  type BatchHeaderCheck,
  type Corridor,
  type PayoutMethodType,
} from '@payouts/contracts';
import { useId, useMemo, useRef, useState, type ChangeEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { isApiError } from '../../api/ApiError.js';
import { ErrorState } from '../../components/ErrorState.js';
import { errorMessage } from '../../components/errorMessage.js';
import { Placeholder } from '../../components/Placeholder.js';
import { regionName } from '../../components/regionName.js';
import { useCorridors } from '../providers/useCorridors.js';
import { useProviders } from '../providers/useProviders.js';
import { useSession } from '../session/useSession.js';
import { BatchSteps } from './BatchSteps.js';
import { ColumnMappingStep } from './ColumnMappingStep.js';
import {
  applyMapping,
  loadRememberedMapping,
  rememberMapping,
  suggestMapping,
  type ColumnMapping,
} from './columnMapping.js';
import { useApi } from '../../api/ApiContext.js';
import { localBatchFiles } from './localBatchFiles.js';
import { useBatchFileKit } from './useBatchFileKit.js';
import type { parseBatchFile as ParseBatchFile, ParsedBatchFile } from './parseBatchFile.js';
import { useUploadBatch } from './useBatches.js';

interface ChosenFile {
  name: string;
  text: string;
  parsed: ParsedBatchFile;
  check: BatchHeaderCheck;
  /** Whether the header names exactly the template's columns (no mapping step). */
  exact: boolean;
}

function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** The file's text, refused when it is not UTF-8 (the server refuses it too). */
async function readUtf8(file: File): Promise<string> {
  const bytes = await file.arrayBuffer();
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
}

/**
 * A new batch: corridor, type and PSP; the template (made here, from the PSP's metadata); the
 * file, read here for a first look at its header and mapped onto the template's columns when
 * they differ; then the upload, after which the batch's own page shows its preview.
 */
export function NewBatchPage() {
  const api = useApi();
  const { user } = useSession();
  const navigate = useNavigate();
  const corridors = useCorridors();
  const [corridorKey, setCorridorKey] = useState('');
  const [type, setType] = useState<PayoutMethodType | ''>('');
  const [provider, setProvider] = useState('');
  const [delimiter, setDelimiter] = useState<BatchCsvDelimiter>(',');
  const [file, setFile] = useState<ChosenFile | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [mapping, setMapping] = useState<ColumnMapping | null>(null);
  const upload = useUploadBatch();
  const delimiterLabel = useId();
  const fileInput = useRef<HTMLInputElement>(null);

  const corridor: Corridor | null = useMemo(() => {
    const [country, currency] = corridorKey.split('/');
    return country && currency ? { country, currency } : null;
  }, [corridorKey]);
  const providers = useProviders(corridor);
  const list = providers.data?.providers;
  const types = [...new Set((list ?? []).map((p) => p.payout_method_type))];
  const psps = (list ?? []).filter((p) => p.payout_method_type === type);
  // The model's builder (with the field rules) loads once a corridor is chosen, alongside its
  // PSPs: the corridor picker does not need it.
  const batchFileKit = useBatchFileKit(corridor !== null);
  const kit = batchFileKit.kit;
  const modelWanted = list !== undefined && corridor !== null && type !== '' && provider !== '';
  const model = useMemo(
    () =>
      kit && list && corridor && type !== '' && provider !== ''
        ? kit.buildBatchFileModel(list, corridor, type, provider)
        : undefined,
    [kit, list, corridor, type, provider],
  );

  if (!can(user?.role, 'batches:write')) {
    return (
      <Alert severity="info">
        Your role can see batches but not create them.{' '}
        <RouterLink to="/batches">Back to the batches</RouterLink>
      </Alert>
    );
  }

  const resetFile = () => {
    setFile(null);
    setFileError(null);
    setMapping(null);
    upload.reset();
  };

  const chooseFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    event.target.value = '';
    resetFile();
    if (!chosen || !model || !kit) return;
    if (chosen.size > MAX_BATCH_FILE_BYTES) {
      setFileError(
        `${chosen.name} is ${megabytes(chosen.size)}: a batch file may be at most ${megabytes(MAX_BATCH_FILE_BYTES)}.`,
      );
      return;
    }
    // The CSV parser (papaparse) loads with the first file picked, while the file is read: the
    // page itself does not need it.
    const parser = import('./parseBatchFile.js');
    let text: string;
    try {
      text = await readUtf8(chosen);
    } catch {
      parser.catch(() => undefined);
      setFileError(`${chosen.name} is not UTF-8 text: save it as "CSV UTF-8" and try again.`);
      return;
    }
    let parseBatchFile: typeof ParseBatchFile;
    try {
      ({ parseBatchFile } = await parser);
    } catch {
      setFileError(
        'Could not load the file reader: check your connection and pick the file again.',
      );
      return;
    }
    const parsed = parseBatchFile(text);
    const header = parsed.rows[0];
    if (!header || header.every((h) => h.trim() === '')) {
      setFileError(`${chosen.name} is empty: it has no header row.`);
      return;
    }
    if (parsed.rows.length - 1 > MAX_BATCH_ROWS) {
      setFileError(
        `${chosen.name} has ${(parsed.rows.length - 1).toLocaleString('en-US')} rows: a batch may have at most ${MAX_BATCH_ROWS.toLocaleString('en-US')}.`,
      );
      return;
    }
    const check = kit.checkBatchHeader(model, header);
    const exact =
      check.unknown.length === 0 && check.missing.length === 0 && check.duplicate.length === 0;
    setFile({ name: chosen.name, text, parsed, check, exact });
    setMapping(
      exact
        ? check.columns.map((c) => c?.name ?? null)
        : suggestMapping(
            header,
            model.columns,
            loadRememberedMapping(provider, type === '' ? '' : type),
          ),
    );
  };

  const send = () => {
    if (!file || !mapping || !corridor || type === '' || !model) return;
    const header = file.parsed.rows[0] ?? [];
    // The header names the template's columns already: the file goes as it is, byte for byte.
    const csv = file.exact
      ? file.text
      : applyMapping(file.parsed.rows, mapping, file.parsed.delimiter);
    upload.mutate(
      {
        country: corridor.country,
        currency: corridor.currency,
        payout_method_type: type,
        provider,
        file_name: file.name,
        csv,
      },
      {
        onSuccess: (batch) => {
          if (!file.exact) rememberMapping(provider, type, header, mapping);
          const keep = mapping.flatMap((m, i) => (m === null ? [] : [i]));
          localBatchFiles.set(batch.id, [
            keep.map((i) => mapping[i] ?? ''),
            ...file.parsed.rows.slice(1).map((r) => keep.map((i) => r[i] ?? '')),
          ]);
          void navigate(`/batches/${encodeURIComponent(batch.id)}`);
        },
      },
    );
  };

  const uploadError = upload.isError ? (
    <Alert severity="error" role="alert">
      {isApiError(upload.error, 'bad_file') ? (
        <>The file cannot be used: {upload.error.message}</>
      ) : isApiError(upload.error, 'conflict') &&
        typeof upload.error.extensions.batch_id === 'string' ? (
        <>
          {upload.error.message}{' '}
          <RouterLink to={`/batches/${encodeURIComponent(upload.error.extensions.batch_id)}`}>
            Open that batch
          </RouterLink>
        </>
      ) : (
        errorMessage(upload.error)
      )}
    </Alert>
  ) : null;

  const mappingShown = file !== null && !file.exact && mapping !== null && model !== undefined;

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <title>New batch · Payouts back-office</title>
      <Typography variant="h4" component="h1">
        New batch
      </Typography>
      <BatchSteps active={mappingShown ? 'Columns' : 'File'} />
      <Paper variant="outlined" sx={{ p: 2 }}>
        {mappingShown ? (
          <Stack spacing={2}>
            {uploadError}
            <ColumnMappingStep
              model={model}
              header={file.parsed.rows[0] ?? []}
              sample={file.parsed.rows[1]}
              check={file.check}
              mapping={mapping}
              uploading={upload.isPending}
              onChange={setMapping}
              onBack={resetFile}
              onUpload={send}
            />
          </Stack>
        ) : corridors.isPending ? (
          <Placeholder height={240} label="Loading the corridors" />
        ) : corridors.data === undefined ? (
          <ErrorState
            error={corridors.error}
            title="The corridors could not be loaded"
            onRetry={() => void corridors.refetch()}
          />
        ) : (
          <Stack spacing={2} sx={{ maxWidth: 640 }}>
            <TextField
              select
              label="Corridor"
              required
              value={corridorKey}
              onChange={(e) => {
                setCorridorKey(e.target.value);
                setType('');
                setProvider('');
                resetFile();
              }}
            >
              {corridors.data.map((c) => (
                <MenuItem key={`${c.country}/${c.currency}`} value={`${c.country}/${c.currency}`}>
                  {regionName(c.country)} · {c.currency}
                </MenuItem>
              ))}
            </TextField>
            {corridor && providers.isError ? (
              <ErrorState
                error={providers.error}
                title="The PSPs for this corridor could not be loaded"
                onRetry={() => void providers.refetch()}
              />
            ) : null}
            {corridor && providers.isPending ? (
              <Placeholder height={56} label="Loading the PSPs" />
            ) : null}
            {corridor && list ? (
              list.length === 0 ? (
                <Alert severity="warning">No PSP pays out in this corridor.</Alert>
              ) : (
                <>
                  <TextField
                    select
                    label="Payout method type"
                    required
                    value={type}
                    onChange={(e) => {
                      const next = e.target.value as PayoutMethodType;
                      setType(next);
                      const only = list.filter((p) => p.payout_method_type === next);
                      setProvider(only.length === 1 ? (only[0]?.name ?? '') : '');
                      resetFile();
                    }}
                  >
                    {types.map((t) => (
                      <MenuItem key={t} value={t}>
                        {PAYOUT_METHOD_TYPE_TITLES[t]}
                      </MenuItem>
                    ))}
                  </TextField>
                  <TextField
                    select
                    label="PSP"
                    required
                    disabled={type === ''}
                    value={psps.some((p) => p.name === provider) ? provider : ''}
                    onChange={(e) => {
                      setProvider(e.target.value);
                      resetFile();
                    }}
                  >
                    {psps.map((p) => (
                      <MenuItem key={p.name} value={p.name}>
                        {p.title}
                      </MenuItem>
                    ))}
                  </TextField>
                </>
              )
            ) : null}
            {modelWanted && !kit && batchFileKit.error ? (
              <ErrorState
                error={batchFileKit.error}
                title="The template could not be loaded"
                onRetry={batchFileKit.retry}
              />
            ) : null}
            {modelWanted && !kit && !batchFileKit.error ? (
              <Placeholder height={56} label="Loading the template" />
            ) : null}
            {model ? (
              <>
                <FormControl>
                  <FormLabel id={delimiterLabel}>Template separator</FormLabel>
                  <RadioGroup
                    row
                    aria-labelledby={delimiterLabel}
                    value={delimiter}
                    onChange={(e) => setDelimiter(e.target.value === ';' ? ';' : ',')}
                  >
                    <FormControlLabel value="," control={<Radio />} label="Comma" />
                    <FormControlLabel value=";" control={<Radio />} label="Semicolon" />
                  </RadioGroup>
                </FormControl>
                <Box>
                  <Button
                    variant="outlined"
                    component="a"
                    href={api.batches.templateUrl({
                      country: model.corridor.country,
                      currency: model.corridor.currency,
                      payout_method_type: model.payout_method_type,
                      provider: model.provider.name,
                      delimiter: delimiter === ';' ? 'semicolon' : 'comma',
                    })}
                    download={`batch-template-${model.corridor.country}-${model.corridor.currency}-${model.payout_method_type}-${model.provider.name}.csv`}
                    startIcon={<DownloadIcon />}
                  >
                    Download template
                  </Button>
                  <Typography variant="body2" color="textSecondary" sx={{ mt: 1 }}>
                    Columns: {model.columns.map((c) => c.name).join(', ')}. Up to{' '}
                    {MAX_BATCH_ROWS.toLocaleString('en-US')} rows and{' '}
                    {megabytes(MAX_BATCH_FILE_BYTES)}.
                  </Typography>
                </Box>
                <Box>
                  {/* A button that opens the file picker: a label styled as a button is not a
                      button to assistive technology. */}
                  <Button
                    variant="outlined"
                    startIcon={<UploadFileIcon />}
                    onClick={() => fileInput.current?.click()}
                  >
                    Choose a CSV file
                  </Button>
                  <input
                    ref={fileInput}
                    type="file"
                    accept=".csv,text/csv"
                    aria-label="CSV file"
                    hidden
                    onChange={(e) => void chooseFile(e)}
                  />
                </Box>
              </>
            ) : null}
            {fileError ? (
              <Alert severity="error" role="alert">
                {fileError}
              </Alert>
            ) : null}
            {file?.exact ? (
              <Stack spacing={1}>
                <Typography>
                  {file.name}: {(file.parsed.rows.length - 1).toLocaleString('en-US')} rows, columns{' '}
                  {(file.parsed.rows[0] ?? []).join(', ')}.
                </Typography>
                {uploadError}
                <Box>
                  <Button variant="contained" loading={upload.isPending} onClick={send}>
                    Upload
                  </Button>
                </Box>
              </Stack>
            ) : null}
          </Stack>
        )}
      </Paper>
    </Box>
  );
}
