import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import type { BatchDto, BatchRowDto } from '@payouts/contracts';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { ROW_HEIGHT, observeRect, columnsOf } from './batchGridColumns.js';

/**
 * All rows of a batch in a virtualized grid (only the rows in view are in the page, so 10,000
 * rows scroll smoothly). Invalid cells are marked (colour, `aria-invalid`, the message on hover
 * and focus, and in the Errors column). In a draft, a file cell opens an editor on click or
 * Enter; Enter saves the fix, Escape leaves it. Arrow keys move between cells.
 */
export function BatchGrid({
  batch,
  rows,
  label,
  editable = false,
  results = false,
  onFix,
}: {
  batch: BatchDto;
  rows: readonly BatchRowDto[];
  label: string;
  editable?: boolean;
  results?: boolean;
  onFix?: (row: number, column: string, value: string) => Promise<void>;
}) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const columns = columnsOf(batch, results);
  // The grid reads the virtualizer during render only; no memoised child gets its functions.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
    observeElementRect: observeRect,
  });
  const [editing, setEditing] = useState<{
    row: number;
    column: string;
    /** Where the cell is in the grid, to give it the focus back when the editor closes. */
    at: [index: number, col: number];
    value: string;
    error: string | null;
    saving: boolean;
  } | null>(null);

  const editorRef = useRef<HTMLInputElement>(null);
  const editingKey = editing ? `${editing.row}:${editing.column}` : null;
  // The editor takes the focus when it opens (the person asked for it: click or Enter).
  useEffect(() => {
    if (editingKey !== null) editorRef.current?.focus();
  }, [editingKey]);
  // The cell whose editor just closed takes the focus back once the editor is gone: focused
  // before that render, the focus could go down with the editor's input.
  const refocus = useRef<[index: number, col: number] | null>(null);
  useEffect(() => {
    if (editing !== null || !refocus.current) return;
    const at = refocus.current;
    refocus.current = null;
    focusCell(...at);
  });

  const items = virtualizer.getVirtualItems();
  const paddingTop = items[0]?.start ?? 0;
  const paddingBottom = virtualizer.getTotalSize() - (items[items.length - 1]?.end ?? 0);

  const focusCell = (index: number, col: number) => {
    if (index < 0 || index >= rows.length || col < 0 || col >= columns.length) return;
    const find = () =>
      scrollRef.current?.querySelector<HTMLElement>(`[data-cell="${index}:${col}"]`);
    const shown = find();
    if (shown) {
      shown.focus();
      return;
    }
    // Not rendered yet: scroll it into the window, then focus it once it is there.
    virtualizer.scrollToIndex(index);
    requestAnimationFrame(() => find()?.focus());
  };

  const startEdit = (row: BatchRowDto, column: string, index: number, col: number) =>
    setEditing({
      row: row.row,
      column,
      at: [index, col],
      value: row.cells[column] ?? '',
      error: null,
      saving: false,
    });

  const save = async () => {
    if (!editing || !onFix) return;
    setEditing({ ...editing, saving: true, error: null });
    try {
      await onFix(editing.row, editing.column, editing.value);
      refocus.current = editing.at;
      setEditing(null);
    } catch (error) {
      setEditing({
        ...editing,
        saving: false,
        error: error instanceof Error ? error.message : 'The fix was not saved.',
      });
    }
  };

  const onCellKey = (event: KeyboardEvent, index: number, col: number, row: BatchRowDto) => {
    const column = columns[col];
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        focusCell(index + 1, col);
        return;
      case 'ArrowUp':
        event.preventDefault();
        focusCell(index - 1, col);
        return;
      case 'ArrowRight':
        event.preventDefault();
        focusCell(index, col + 1);
        return;
      case 'ArrowLeft':
        event.preventDefault();
        focusCell(index, col - 1);
        return;
      case 'Enter':
      case 'F2':
        if (editable && column?.fileColumn) {
          event.preventDefault();
          startEdit(row, column.key, index, col);
        }
        return;
      default:
    }
  };

  return (
    <Box
      ref={scrollRef}
      sx={{ maxHeight: 560, overflow: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }}
    >
      <Table
        size="small"
        stickyHeader
        role="grid"
        aria-label={label}
        aria-rowcount={rows.length + 1}
        aria-colcount={columns.length}
        sx={{ minWidth: 'max-content' }}
      >
        <TableHead>
          <TableRow aria-rowindex={1}>
            {columns.map((c) => (
              <TableCell
                key={c.key}
                role="columnheader"
                sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}
              >
                {c.title}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {paddingTop > 0 ? <tr aria-hidden="true" style={{ height: paddingTop }} /> : null}
          {items.map((item) => {
            const row = rows[item.index];
            if (!row) return null;
            const bad = new Map<string, string[]>();
            for (const e of row.errors) {
              if (e.column === null) continue;
              bad.set(e.column, [...(bad.get(e.column) ?? []), e.message]);
            }
            return (
              <TableRow
                key={row.row}
                aria-rowindex={item.index + 2}
                data-row={row.row}
                sx={{ height: ROW_HEIGHT }}
              >
                {columns.map((c, col) => {
                  const messages = c.fileColumn ? bad.get(c.key) : undefined;
                  const invalid = messages !== undefined;
                  const isEditing =
                    editing !== null && editing.row === row.row && editing.column === c.key;
                  if (isEditing) {
                    return (
                      <TableCell key={c.key} role="gridcell" sx={{ minWidth: 200 }}>
                        <TextField
                          size="small"
                          inputRef={editorRef}
                          fullWidth
                          value={editing.value}
                          disabled={editing.saving}
                          error={editing.error !== null}
                          helperText={editing.error}
                          onChange={(e) => setEditing({ ...editing, value: e.target.value })}
                          onKeyDown={(e) => {
                            if (e.key === 'Enter') {
                              e.preventDefault();
                              void save();
                            } else if (e.key === 'Escape') {
                              e.preventDefault();
                              refocus.current = [item.index, col];
                              setEditing(null);
                            }
                          }}
                          slotProps={{
                            htmlInput: { 'aria-label': `${c.title}, row ${row.row}` },
                          }}
                        />
                      </TableCell>
                    );
                  }
                  const cell = (
                    <TableCell
                      key={c.key}
                      role="gridcell"
                      data-cell={`${item.index}:${col}`}
                      aria-invalid={invalid ? true : undefined}
                      tabIndex={invalid || (item.index === 0 && col === 0) ? 0 : -1}
                      onKeyDown={(e) => onCellKey(e, item.index, col, row)}
                      onClick={
                        editable && c.fileColumn
                          ? () => startEdit(row, c.key, item.index, col)
                          : undefined
                      }
                      sx={{
                        whiteSpace: c.key === '$errors' ? 'normal' : 'nowrap',
                        cursor: editable && c.fileColumn ? 'text' : undefined,
                        ...(invalid
                          ? {
                              bgcolor: 'rgba(211, 47, 47, 0.12)',
                              boxShadow: 'inset 0 0 0 2px',
                              // error.main on the tint is below 4.5:1; the dark shade is not.
                              color: 'error.dark',
                              fontWeight: 600,
                            }
                          : {}),
                      }}
                    >
                      {c.render(row)}
                    </TableCell>
                  );
                  return invalid ? (
                    <Tooltip key={c.key} title={messages.join(' ')} describeChild>
                      {cell}
                    </Tooltip>
                  ) : (
                    cell
                  );
                })}
              </TableRow>
            );
          })}
          {paddingBottom > 0 ? <tr aria-hidden="true" style={{ height: paddingBottom }} /> : null}
        </TableBody>
      </Table>
    </Box>
  );
}
