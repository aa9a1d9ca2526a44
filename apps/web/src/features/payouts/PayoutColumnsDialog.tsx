import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import {
  PAYOUT_COLUMNS,
  PAYOUT_COLUMNS_REQUIRED,
  type PayoutColumn,
  type PayoutDensity,
} from '@payouts/contracts';
import { useId } from 'react';
import { DEFAULT_DISPLAY, PAYOUT_COLUMN_LABELS, type ListDisplay } from './payoutColumns.js';

export interface PayoutColumnsDialogProps {
  open: boolean;
  onClose: () => void;
  display: ListDisplay;
  onChange: (display: ListDisplay) => void;
}

/**
 * Which columns the list shows, in which order, and how tightly. Every change applies at once.
 * Shown columns come first, in their order, each with up/down buttons; the hidden ones follow.
 */
export function PayoutColumnsDialog({
  open,
  onClose,
  display,
  onChange,
}: PayoutColumnsDialogProps) {
  const titleId = useId();
  const densityId = useId();
  const shown = display.columns;
  const hidden = PAYOUT_COLUMNS.filter((c) => !shown.includes(c));
  const rows: PayoutColumn[] = [...shown, ...hidden];

  const toggle = (column: PayoutColumn, on: boolean): void => {
    const columns = on ? [...shown, column] : shown.filter((c) => c !== column);
    onChange({ ...display, columns });
  };
  const move = (index: number, by: -1 | 1): void => {
    const columns = [...shown];
    const [column] = columns.splice(index, 1);
    columns.splice(index + by, 0, column!);
    onChange({ ...display, columns });
  };

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>Columns and density</DialogTitle>
      <DialogContent>
        <Box component="ul" aria-label="Columns" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {rows.map((column) => {
            const index = shown.indexOf(column);
            const visible = index >= 0;
            const required = PAYOUT_COLUMNS_REQUIRED.includes(column);
            const label = PAYOUT_COLUMN_LABELS[column];
            return (
              <Box component="li" key={column} sx={{ display: 'flex', alignItems: 'center' }}>
                <FormControlLabel
                  sx={{ flexGrow: 1 }}
                  control={
                    <Checkbox
                      checked={visible}
                      disabled={required}
                      onChange={(event) => toggle(column, event.target.checked)}
                    />
                  }
                  label={required ? `${label} (always shown)` : label}
                />
                {visible ? (
                  <>
                    <IconButton
                      size="small"
                      aria-label={`Move ${label} up`}
                      disabled={index === 0}
                      onClick={() => move(index, -1)}
                    >
                      <ArrowUpwardIcon fontSize="small" />
                    </IconButton>
                    <IconButton
                      size="small"
                      aria-label={`Move ${label} down`}
                      disabled={index === shown.length - 1}
                      onClick={() => move(index, 1)}
                    >
                      <ArrowDownwardIcon fontSize="small" />
                    </IconButton>
                  </>
                ) : null}
              </Box>
            );
          })}
        </Box>
        <Typography id={densityId} variant="subtitle2" component="h3" sx={{ mt: 2 }}>
          Density
        </Typography>
        <RadioGroup
          row
          aria-labelledby={densityId}
          value={display.density}
          onChange={(event) =>
            onChange({ ...display, density: event.target.value as PayoutDensity })
          }
        >
          <FormControlLabel value="standard" control={<Radio />} label="Standard" />
          <FormControlLabel value="compact" control={<Radio />} label="Compact" />
        </RadioGroup>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onChange(DEFAULT_DISPLAY)}>Reset</Button>
        <Button variant="contained" onClick={onClose}>
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
}
