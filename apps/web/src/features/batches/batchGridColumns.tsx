import Box from '@mui/material/Box';
import type { BatchDto, BatchRowDto } from '@payouts/contracts';
import { observeElementRect, type Virtualizer } from '@tanstack/react-virtual';
import { type ReactNode } from 'react';
import { StatusChip } from '../../components/StatusChip.js';
import { TextLink } from '../../components/TextLink.js';
import { BATCH_ROW_STATE_TITLES } from './batchText.js';

/** The batch grid's columns, row height and scroll-box measurement. */
export const ROW_HEIGHT = 41;
const FALLBACK_HEIGHT = 600;

/**
 * The scroll box's size as the virtualizer sees it. Without layout (jsdom, a hidden tab) it has
 * no height: a screenful of rows is rendered then rather than none.
 */
export function observeRect(
  instance: Virtualizer<HTMLDivElement, Element>,
  cb: (rect: { width: number; height: number }) => void,
) {
  return observeElementRect(instance, (rect) =>
    cb(rect.height > 0 ? rect : { width: rect.width || 1000, height: FALLBACK_HEIGHT }),
  );
}

interface GridColumn {
  key: string;
  title: string;
  /** A cell of the file (editable in a draft); the others are read-only. */
  fileColumn: boolean;
  render: (row: BatchRowDto) => ReactNode;
}

function errorText(batch: BatchDto, row: BatchRowDto): string[] {
  const titles = new Map(batch.columns.map((c) => [c.name, c.title]));
  return row.errors.map((e) =>
    e.column === null ? e.message : `${titles.get(e.column) ?? e.column}: ${e.message}`,
  );
}

export function columnsOf(batch: BatchDto, results: boolean): GridColumn[] {
  const file = batch.columns.map((c): GridColumn => ({
    key: c.name,
    title: c.title,
    fileColumn: true,
    render: (row) => row.cells[c.name] ?? '',
  }));
  const sent: GridColumn[] = results
    ? [
        {
          key: '$state',
          title: 'State',
          fileColumn: false,
          render: (row) => BATCH_ROW_STATE_TITLES[row.state],
        },
        {
          key: '$payout_status',
          title: 'Payout status',
          fileColumn: false,
          render: (row) => (row.payout_status ? <StatusChip status={row.payout_status} /> : null),
        },
        { key: '$reason', title: 'Reason', fileColumn: false, render: (row) => row.reason ?? '' },
        {
          key: '$payout',
          title: 'Payout',
          fileColumn: false,
          render: (row) =>
            row.payout_id ? (
              <TextLink to={`/payouts/${encodeURIComponent(row.payout_id)}`}>
                {row.order_id ?? row.payout_id}
              </TextLink>
            ) : null,
        },
      ]
    : [];
  // What went wrong (and, once sent, what happened) first: the cells are to the right.
  return [
    { key: '$row', title: 'Row', fileColumn: false, render: (row) => row.row },
    ...sent,
    {
      key: '$errors',
      title: 'Errors',
      fileColumn: false,
      render: (row) => {
        const lines = errorText(batch, row);
        // Flags (possible duplicates) do not block: after the errors, in italics (the warning
        // colour is below 4.5:1 on the page).
        const flags = row.warnings.map((w) => w.message);
        return lines.length + flags.length === 0 ? null : (
          // A fixed width that wraps: long messages must not push the file's columns (the
          // bank details) a screen away, least of all on a phone.
          <Box
            component="ul"
            data-errors
            sx={{
              m: 0,
              pl: 2,
              width: { xs: 180, sm: 280, md: 360 },
              whiteSpace: 'normal',
              overflowWrap: 'anywhere',
            }}
          >
            {lines.map((line) => (
              <li key={line}>{line}</li>
            ))}
            {flags.map((flag) => (
              <Box component="li" key={flag} sx={{ fontStyle: 'italic' }}>
                {flag}
              </Box>
            ))}
          </Box>
        );
      },
    },
    ...file,
  ];
}
