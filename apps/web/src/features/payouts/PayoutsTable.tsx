import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import ButtonBase from '@mui/material/ButtonBase';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { visuallyHidden } from '../../components/visuallyHidden.js';
import {
  PAYOUT_METHOD_TYPE_TITLES,
  type PayoutColumn,
  type PayoutDensity,
  type PayoutDto,
  type SessionUser,
} from '@payouts/contracts';
import type { ReactNode } from 'react';
import { CopyButton } from '../../components/CopyButton.js';
import { Placeholder } from '../../components/Placeholder.js';
import { RelativeTime } from '../../components/RelativeTime.js';
import { recipientName } from '../../components/recipientName.js';
import { regionName } from '../../components/regionName.js';
import { StatusChip } from '../../components/StatusChip.js';
import { TextLink } from '../../components/TextLink.js';
import { TestBadge } from '../../components/TestBadge.js';
import { approvalsMissing, awaitsApprovalBy } from './approvalRole.js';
import { PAYOUT_COLUMN_LABELS } from './payoutColumns.js';
import type { PayoutSortField, SortDirection } from './payoutListParams.js';
import { Money } from '../../components/Money.js';

export interface PayoutsTableProps {
  /** undefined while the first page loads (skeleton rows). */
  items: PayoutDto[] | undefined;
  sort: PayoutSortField;
  order: SortDirection;
  onSort: (field: PayoutSortField) => void;
  /** The signed-in user: rows awaiting their approval are marked. */
  viewer?: SessionUser | null | undefined;
  /** Shown columns in their order (`order_id` always among them). */
  columns: readonly PayoutColumn[];
  density: PayoutDensity;
}

/** Marks a payout of the demo's first-start history (DEMO_SEED). */
export function DemoBadge() {
  return <TestBadge label="Demo" />;
}

/** "Your approval": a payout someone else made waits for the viewer (a text badge, no icon). */
export function ApprovalMarker({ others }: { others: number }) {
  return (
    <Box
      component="span"
      sx={{
        display: 'inline-block',
        ml: 1,
        px: 0.75,
        borderRadius: 1,
        border: 1,
        borderColor: 'warning.main',
        color: 'text.primary',
        fontSize: '0.75rem',
        fontWeight: 600,
        lineHeight: 1.6,
        whiteSpace: 'nowrap',
        verticalAlign: 'middle',
      }}
    >
      Needs your approval{others > 0 ? ` and ${others} more` : ''}
    </Box>
  );
}

function SortableHeader({
  field,
  label,
  align,
  sort,
  order,
  onSort,
}: {
  field: PayoutSortField;
  label: string;
  align?: 'right';
  sort: PayoutSortField;
  order: SortDirection;
  onSort: (field: PayoutSortField) => void;
}) {
  const active = sort === field;
  return (
    <TableCell
      align={align}
      sortDirection={active ? order : false}
      aria-sort={active ? (order === 'asc' ? 'ascending' : 'descending') : undefined}
    >
      {/* A text button rather than TableSortLabel: the list's bundle is on a budget. */}
      <ButtonBase
        onClick={() => onSort(field)}
        sx={{
          font: 'inherit',
          gap: 0.5,
          color: active ? 'text.primary' : 'inherit',
          '& svg': {
            fontSize: '1.125rem',
            opacity: active ? 1 : 0,
            transform: active && order === 'asc' ? 'rotate(180deg)' : undefined,
          },
          '&:hover svg, &.Mui-focusVisible svg': { opacity: active ? 1 : 0.5 },
          '&.Mui-focusVisible': { outline: 2, outlineStyle: 'solid', outlineColor: 'primary.main' },
        }}
      >
        {label}
        <ArrowDownwardIcon aria-hidden="true" />
        {active ? (
          <span style={visuallyHidden}>
            {order === 'asc' ? ' (sorted ascending)' : ' (sorted descending)'}
          </span>
        ) : null}
      </ButtonBase>
    </TableCell>
  );
}

const SORTABLE: Partial<Record<PayoutColumn, PayoutSortField>> = {
  created_at: 'created_at',
  amount: 'amount',
};

/** An id in a monospace face with its copy button; a dash when there is none. */
function CopyableId({ value, what }: { value: string | null; what: string }) {
  if (value === null) return <>—</>;
  return (
    <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
      <Box component="span" sx={{ fontFamily: 'monospace', fontSize: '0.8125rem' }}>
        {value}
      </Box>
      <CopyButton value={value} what={what} />
    </Box>
  );
}

/** What a payout shows in each column. */
export function payoutCell(
  column: PayoutColumn,
  payout: PayoutDto,
  viewer: SessionUser | null | undefined,
): ReactNode {
  switch (column) {
    case 'created_at':
      return <RelativeTime iso={payout.created_at} />;
    case 'updated_at':
      return <RelativeTime iso={payout.updated_at} />;
    case 'order_id':
      return (
        <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
          <TextLink to={`/payouts/${encodeURIComponent(payout.id)}`}>{payout.order_id}</TextLink>
          <CopyButton value={payout.order_id} what="order ID" />
          {payout.is_test ? <TestBadge /> : null}
          {payout.is_demo ? <DemoBadge /> : null}
          {payout.needs_attention ? (
            <WarningAmberIcon
              color="warning"
              fontSize="small"
              titleAccess="Needs attention: no final status for too long"
              sx={{ ml: 1, verticalAlign: 'middle' }}
            />
          ) : null}
        </Box>
      );
    case 'recipient':
      return recipientName(payout);
    case 'amount':
      return <Money amount={payout.amount} currency={payout.currency} />;
    case 'status':
      return (
        <>
          <StatusChip status={payout.status} />
          {awaitsApprovalBy(payout, viewer) ? (
            <ApprovalMarker others={Math.max(0, approvalsMissing(payout) - 1)} />
          ) : null}
        </>
      );
    case 'provider':
      return payout.provider_title ?? payout.provider;
    case 'payout_method_type':
      return PAYOUT_METHOD_TYPE_TITLES[payout.payout_method_type] ?? payout.payout_method_type;
    case 'country':
      return <abbr title={regionName(payout.country)}>{payout.country}</abbr>;
    case 'orchestrator_id':
      return <CopyableId value={payout.orchestrator_id} what="orchestrator ID" />;
    case 'psp_transaction_id':
      return <CopyableId value={payout.psp_transaction_id} what="PSP transaction ID" />;
    case 'created_by':
      return payout.created_by.name || payout.created_by.email;
    case 'approved_by':
      return payout.approved_by ? payout.approved_by.name || payout.approved_by.email : '—';
    case 'decline_reason':
      return payout.decline_reason ?? (payout.decline_code ? payout.decline_code : '—');
  }
}

export function PayoutsTable({
  items,
  sort,
  order,
  onSort,
  viewer,
  columns,
  density,
}: PayoutsTableProps) {
  const compact = density === 'compact';
  return (
    <TableContainer>
      <Table
        size="small"
        aria-label="Payouts"
        sx={compact ? { '& .MuiTableCell-root': { py: 0.25, px: 1 } } : undefined}
      >
        <TableHead>
          <TableRow>
            {columns.map((column) => {
              const field = SORTABLE[column];
              const align = column === 'amount' ? 'right' : undefined;
              return field ? (
                <SortableHeader
                  key={column}
                  field={field}
                  label={PAYOUT_COLUMN_LABELS[column]}
                  {...(align ? { align } : {})}
                  sort={sort}
                  order={order}
                  onSort={onSort}
                />
              ) : (
                <TableCell key={column}>{PAYOUT_COLUMN_LABELS[column]}</TableCell>
              );
            })}
          </TableRow>
        </TableHead>
        <TableBody>
          {items === undefined
            ? Array.from({ length: 5 }, (_, row) => (
                <TableRow key={row} aria-hidden="true">
                  {columns.map((column) => (
                    <TableCell key={column}>
                      <Placeholder />
                    </TableCell>
                  ))}
                </TableRow>
              ))
            : items.map((payout) => (
                <TableRow key={payout.id} hover>
                  {columns.map((column) => (
                    <TableCell
                      key={column}
                      align={column === 'amount' ? 'right' : undefined}
                      sx={
                        column === 'amount'
                          ? { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }
                          : undefined
                      }
                    >
                      {payoutCell(column, payout, viewer)}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
