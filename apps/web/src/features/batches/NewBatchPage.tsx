import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { can, type Corridor, type PayoutMethodType } from '@payouts/contracts';
import { useMemo, useRef, useState, type ChangeEvent } from 'react';
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
import { applyMapping, rememberMapping, type ColumnMapping } from './columnMapping.js';
import { localBatchFiles } from './localBatchFiles.js';
import { useBatchFileKit } from './useBatchFileKit.js';
import { useUploadBatch } from './useBatches.js';
import { readChosenFile, type ChosenFile } from './readChosenFile.js';
import {
  localSpreadsheetFormat,
  MethodPspPicker,
  TemplateDownload,
  type SpreadsheetFormat,
} from './NewBatchFields.js';
import { formatCount } from '../../components/formatCount.js';

/**
 * A new batch: corridor, type and PSP; the template (made here, from the PSP's metadata); the
 * file, read here for a first look at its header and mapped onto the template's columns when
 * they differ; then the upload, after which the batch's own page shows its preview.
 */
export function NewBatchPage() {
  const { user } = useSession();
  const navigate = useNavigate();
  const corridors = useCorridors();
  const [corridorKey, setCorridorKey] = useState('');
  const [type, setType] = useState<PayoutMethodType | ''>('');
  const [provider, setProvider] = useState('');
  const [format, setFormat] = useState<SpreadsheetFormat>(localSpreadsheetFormat);
  const [file, setFile] = useState<ChosenFile | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [mapping, setMapping] = useState<ColumnMapping | null>(null);
  const upload = useUploadBatch();
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
    const read = await readChosenFile(chosen, { kit, model, provider, type });
    if ('error' in read) {
      setFileError(read.error);
      return;
    }
    setFile(read.file);
    setMapping(read.mapping);
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
        decimal: format.decimal,
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
                <MethodPspPicker
                  types={types}
                  type={type}
                  psps={psps}
                  provider={provider}
                  onType={(next) => {
                    setType(next);
                    const only = list.filter((p) => p.payout_method_type === next);
                    setProvider(only.length === 1 ? (only[0]?.name ?? '') : '');
                    resetFile();
                  }}
                  onProvider={(name) => {
                    setProvider(name);
                    resetFile();
                  }}
                />
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
                <TemplateDownload model={model} format={format} onFormat={setFormat} />
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
                  {file.name}: {formatCount(file.parsed.rows.length - 1)} rows, columns{' '}
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
