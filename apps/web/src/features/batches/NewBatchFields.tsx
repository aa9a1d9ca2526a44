import DownloadIcon from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  MAX_BATCH_FILE_BYTES,
  MAX_BATCH_ROWS,
  PAYOUT_METHOD_TYPE_TITLES,
  type BatchCsvDelimiter,
  type BatchDecimalSeparator,
  type PayoutMethodType,
} from '@payouts/contracts';
import { useId } from 'react';
import { useApi } from '../../api/ApiContext.js';

import type { BatchFileModel, PayoutProvider } from '@payouts/contracts';
import { megabytes } from './readChosenFile.js';
import { formatCount } from '../../components/formatCount.js';
import { separatorsOf } from '../../components/formatNumberParts.js';

/** How the person's spreadsheet writes a CSV: its cell separator and its amounts. */
export interface SpreadsheetFormat {
  delimiter: BatchCsvDelimiter;
  decimal: BatchDecimalSeparator;
}

/**
 * What a spreadsheet in the user's locale writes: `1.234,50` with `;` between the cells where
 * the decimal separator is a comma (German, French Excel), else `1,234.50` with `,`.
 */
export function localSpreadsheetFormat(): SpreadsheetFormat {
  return separatorsOf().decimal === ','
    ? { delimiter: ';', decimal: 'comma' }
    : { delimiter: ',', decimal: 'point' };
}

/** The payout method type and the PSP of a new batch, among the corridor's PSPs. */
export function MethodPspPicker({
  types,
  type,
  psps,
  provider,
  onType,
  onProvider,
}: {
  types: readonly PayoutMethodType[];
  type: PayoutMethodType | '';
  psps: readonly PayoutProvider[];
  provider: string;
  onType: (type: PayoutMethodType) => void;
  onProvider: (name: string) => void;
}) {
  return (
    <>
      <TextField
        select
        label="Payout method type"
        required
        value={type}
        onChange={(e) => onType(e.target.value as PayoutMethodType)}
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
        onChange={(e) => onProvider(e.target.value)}
      >
        {psps.map((p) => (
          <MenuItem key={p.name} value={p.name}>
            {p.title}
          </MenuItem>
        ))}
      </TextField>
    </>
  );
}

/** The template of the PSP's columns, in the separator picked, and what a file may hold. */
export function TemplateDownload({
  model,
  format,
  onFormat,
}: {
  model: BatchFileModel;
  format: SpreadsheetFormat;
  onFormat: (format: SpreadsheetFormat) => void;
}) {
  const api = useApi();
  const delimiterLabel = useId();
  const decimalLabel = useId();
  const { delimiter } = format;
  return (
    <>
      <FormControl>
        <FormLabel id={delimiterLabel}>Template separator</FormLabel>
        <RadioGroup
          row
          aria-labelledby={delimiterLabel}
          value={delimiter}
          onChange={(e) => onFormat({ ...format, delimiter: e.target.value === ';' ? ';' : ',' })}
        >
          <FormControlLabel value="," control={<Radio />} label="Comma" />
          <FormControlLabel value=";" control={<Radio />} label="Semicolon" />
        </RadioGroup>
      </FormControl>
      <FormControl>
        <FormLabel id={decimalLabel}>Amounts in the file</FormLabel>
        <RadioGroup
          row
          aria-labelledby={decimalLabel}
          value={format.decimal}
          onChange={(e) =>
            onFormat({ ...format, decimal: e.target.value === 'comma' ? 'comma' : 'point' })
          }
        >
          <FormControlLabel value="point" control={<Radio />} label="1,234.50" />
          <FormControlLabel value="comma" control={<Radio />} label="1.234,50" />
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
          Columns: {model.columns.map((c) => c.header).join(', ')}. Up to{' '}
          {formatCount(MAX_BATCH_ROWS)} rows and {megabytes(MAX_BATCH_FILE_BYTES)}.
        </Typography>
      </Box>
    </>
  );
}
