import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { BatchFileModel, BatchHeaderCheck } from '@payouts/contracts';
import { mappingProblems, type ColumnMapping } from './columnMapping.js';

// A value of its own: an empty one would show the select blank.
const IGNORE = '$ignore';

/**
 * The file's header does not match the template: for each file column, the model column it
 * holds (suggested by name) or "Ignore".
 */
export function ColumnMappingStep({
  model,
  header,
  sample,
  check,
  mapping,
  uploading,
  onChange,
  onBack,
  onUpload,
}: {
  model: BatchFileModel;
  header: readonly string[];
  /** The first data row, to recognise the columns by. */
  sample: readonly string[] | undefined;
  check: BatchHeaderCheck;
  mapping: ColumnMapping;
  uploading: boolean;
  onChange: (mapping: ColumnMapping) => void;
  onBack: () => void;
  onUpload: () => void;
}) {
  const problems = mappingProblems(model, mapping);
  return (
    <Stack spacing={2}>
      <Alert severity="info" role="status">
        The file&apos;s columns do not match the template
        {check.unknown.length > 0 ? ` (not in the template: ${check.unknown.join(', ')})` : ''}
        {check.missing.length > 0 ? ` (missing: ${check.missing.join(', ')})` : ''}. Choose what
        each column holds; your choice is remembered for this PSP and type.
      </Alert>
      <Table size="small" aria-label="Column mapping">
        <TableHead>
          <TableRow>
            <TableCell>File column</TableCell>
            <TableCell>First row</TableCell>
            <TableCell>Template column</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {header.map((name, i) => (
            <TableRow key={`${i}:${name}`}>
              <TableCell>{name}</TableCell>
              <TableCell>{sample?.[i] ?? ''}</TableCell>
              <TableCell>
                <TextField
                  select
                  size="small"
                  label={`Column for ${name}`}
                  value={mapping[i] ?? IGNORE}
                  onChange={(e) =>
                    onChange(
                      mapping.map((m, j) =>
                        j === i ? (e.target.value === IGNORE ? null : e.target.value) : m,
                      ),
                    )
                  }
                  sx={{ minWidth: 240 }}
                >
                  <MenuItem value={IGNORE}>
                    <em>Ignore</em>
                  </MenuItem>
                  {model.columns.map((c) => (
                    <MenuItem key={c.name} value={c.name}>
                      {c.title} ({c.name})
                    </MenuItem>
                  ))}
                </TextField>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {problems.length > 0 ? (
        <Box role="alert">
          {problems.map((p) => (
            <Typography key={p} color="error" variant="body2">
              {p}
            </Typography>
          ))}
        </Box>
      ) : null}
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
        <Button onClick={onBack}>Back</Button>
        <Button
          variant="contained"
          disabled={problems.length > 0}
          loading={uploading}
          onClick={onUpload}
        >
          Upload
        </Button>
      </Box>
    </Stack>
  );
}
