import type { AuditItem } from '@payouts/contracts';
import DownloadIcon from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useApi } from '../../api/ApiContext.js';
import { DebouncedTextField } from '../../components/DebouncedTextField.js';
import { ErrorState } from '../../components/ErrorState.js';
import { formatDateTime } from '../../components/formatDateTime.js';
import { MenuFilter } from '../../components/MenuFilter.js';
import { OutlinedField } from '../../components/OutlinedField.js';
import { TextLink } from '../../components/TextLink.js';
import { actionTitle, dataLines, targetPath, targetText } from './auditText.js';
import {
  EMPTY_AUDIT_FILTERS,
  parseAuditFilters,
  toAuditApiQuery,
  toAuditSearchParams,
  type AuditFilters,
} from './auditParams.js';

const PAGE_SIZE = 50;

/** Action families (the BFF matches `what` as an action or its family prefix). */
const WHAT_OPTIONS = [
  { value: 'session', label: 'Sign-ins and sign-outs' },
  { value: 'payout', label: 'Payouts and approvals' },
  { value: 'user', label: 'User changes' },
  { value: 'lab', label: 'Lab runs' },
];

/** An entry's target: a link to its page when it has one, its full id on hover. */
function AuditTarget({ target }: { target: AuditItem['target'] }) {
  if (!target) return null;
  const path = targetPath(target);
  return path ? (
    <TextLink to={path} title={target.id}>
      {targetText(target)}
    </TextLink>
  ) : (
    <span title={target.id}>{targetText(target)}</span>
  );
}

/**
 * The audit log, newest first. Filters live in the URL (shareable); the page position is a stack
 * of keyset cursors in memory, reset when the filters change.
 */
export function AuditPage() {
  const api = useApi();
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = useMemo(() => parseAuditFilters(searchParams), [searchParams]);
  const filtersKey = toAuditSearchParams(filters).toString();
  const [paging, setPaging] = useState<{ key: string; cursors: (string | undefined)[] }>({
    key: filtersKey,
    cursors: [undefined],
  });
  const cursors = paging.key === filtersKey ? paging.cursors : [undefined];
  const cursor = cursors[cursors.length - 1];
  const query = toAuditApiQuery(filters, { cursor, limit: PAGE_SIZE });
  const page = useQuery({
    queryKey: ['audit', query],
    queryFn: ({ signal }) => api.audit.list(query, signal),
    placeholderData: keepPreviousData,
  });
  const set = (patch: Partial<AuditFilters>): void => {
    setSearchParams(toAuditSearchParams({ ...filters, ...patch }), { replace: true });
  };
  const whatOptions =
    WHAT_OPTIONS.some((o) => o.value === filters.what) || filters.what === ''
      ? WHAT_OPTIONS
      : [{ value: filters.what, label: filters.what }, ...WHAT_OPTIONS];
  const items = page.data?.items;
  const nextCursor = page.data?.next_cursor ?? null;
  const filtered = filtersKey !== '';

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <title>Audit log · Payouts back-office</title>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="h4" component="h1" sx={{ flexGrow: 1 }}>
          Audit log
        </Typography>
        <Button
          variant="outlined"
          startIcon={<DownloadIcon />}
          href={api.audit.exportUrl(toAuditApiQuery(filters))}
          download
        >
          Export CSV
        </Button>
      </Box>
      <Box
        role="search"
        aria-label="Filter the audit log"
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}
      >
        <DebouncedTextField
          label="Who (e-mail or user id)"
          value={filters.who}
          onCommit={(who) => set({ who: who.trim() })}
          sx={{ minWidth: 260 }}
        />
        <MenuFilter
          label="What"
          anyLabel="Anything"
          options={whatOptions}
          value={filters.what}
          onChange={(what) => set({ what })}
        />
        <OutlinedField
          label="From"
          type="date"
          value={filters.from}
          max={filters.to || undefined}
          onChange={(from) => set({ from })}
        />
        <OutlinedField
          label="To"
          type="date"
          value={filters.to}
          min={filters.from || undefined}
          onChange={(to) => set({ to })}
        />
        {filtered ? (
          <Button onClick={() => setSearchParams(toAuditSearchParams(EMPTY_AUDIT_FILTERS))}>
            Clear filters
          </Button>
        ) : null}
      </Box>
      <Paper variant="outlined">
        {page.isError ? (
          <Box sx={{ p: 2 }}>
            <ErrorState
              error={page.error}
              title="The audit log could not be loaded"
              onRetry={() => void page.refetch()}
            />
          </Box>
        ) : null}
        {items === undefined && page.isPending ? (
          <Box sx={{ p: 2 }}>
            <CircularProgress aria-label="Loading the audit log" />
          </Box>
        ) : null}
        {items !== undefined && items.length === 0 ? (
          <Typography role="status" sx={{ p: 4, textAlign: 'center' }}>
            {filtered ? 'No entries match these filters.' : 'No entries yet.'}
          </Typography>
        ) : null}
        {items !== undefined && items.length > 0 ? (
          <Table size="small" aria-label="Audit log entries">
            <TableHead>
              <TableRow>
                <TableCell>When</TableCell>
                <TableCell>Who</TableCell>
                <TableCell>What</TableCell>
                <TableCell>Target</TableCell>
                <TableCell>Details</TableCell>
                <TableCell>IP</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {items.map((item) => (
                <TableRow key={item.id}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(item.at)}</TableCell>
                  <TableCell>{item.actor?.email ?? 'system'}</TableCell>
                  <TableCell>
                    <Box component="span" title={item.action}>
                      {actionTitle(item.action)}
                    </Box>
                  </TableCell>
                  <TableCell>
                    <AuditTarget target={item.target} />
                  </TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>
                    {dataLines(item.data).map((line, i) => (
                      <Box key={i} component="span" sx={{ display: 'block' }}>
                        {line}
                      </Box>
                    ))}
                  </TableCell>
                  <TableCell>{item.ip ?? ''}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        ) : null}
        <Box
          component="nav"
          aria-label="Pages"
          sx={{ display: 'flex', justifyContent: 'flex-end', alignItems: 'center', gap: 1, p: 1 }}
        >
          <Typography variant="body2" sx={{ mr: 1 }}>
            Page {cursors.length}
          </Typography>
          <Button
            disabled={cursors.length <= 1}
            onClick={() => setPaging({ key: filtersKey, cursors: cursors.slice(0, -1) })}
          >
            Previous page
          </Button>
          <Button
            disabled={nextCursor === null || page.isPlaceholderData}
            onClick={() =>
              nextCursor && setPaging({ key: filtersKey, cursors: [...cursors, nextCursor] })
            }
          >
            Next page
          </Button>
        </Box>
      </Paper>
    </Box>
  );
}
