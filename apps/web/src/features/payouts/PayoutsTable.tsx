import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import { visuallyHidden } from '../../components/visuallyHidden.js';
import { PAYOUT_METHOD_TYPE_TITLES, type PayoutDto, type SessionUser } from '@payouts/contracts';
import { Placeholder } from '../../components/Placeholder.js';
import { formatDateTime } from '../../components/formatDateTime.js';
import { formatMoney } from '../../components/formatMoney.js';
import { recipientName } from '../../components/recipientName.js';
import { regionName } from '../../components/regionName.js';
import { StatusChip } from '../../components/StatusChip.js';
import { TextLink } from '../../components/TextLink.js';
import { TestBadge } from '../../components/TestBadge.js';
import { approvalsMissing, awaitsApprovalBy } from './approvalRole.js';
import type { PayoutSortField, SortDirection } from './payoutListParams.js';

const COLUMNS = 8;

export interface PayoutsTableProps {
  /** undefined while the first page loads (skeleton rows). */
  items: PayoutDto[] | undefined;
  sort: PayoutSortField;
  order: SortDirection;
  onSort: (field: PayoutSortField) => void;
  /** The signed-in user: rows awaiting their approval are marked. */
  viewer?: SessionUser | null | undefined;
}

/** "Your approval": a payout someone else made waits for the viewer (a text badge, no icon). */
function ApprovalMarker({ others }: { others: number }) {
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
      <TableSortLabel
        active={active}
        direction={active ? order : 'desc'}
        onClick={() => onSort(field)}
      >
        {label}
        {active ? (
          <span style={visuallyHidden}>
            {order === 'asc' ? ' (sorted ascending)' : ' (sorted descending)'}
          </span>
        ) : null}
      </TableSortLabel>
    </TableCell>
  );
}

export function PayoutsTable({ items, sort, order, onSort, viewer }: PayoutsTableProps) {
  return (
    <TableContainer>
      <Table size="small" aria-label="Payouts">
        <TableHead>
          <TableRow>
            <SortableHeader
              field="created_at"
              label="Created"
              sort={sort}
              order={order}
              onSort={onSort}
            />
            <TableCell>Order ID</TableCell>
            <TableCell>Recipient</TableCell>
            <SortableHeader
              field="amount"
              label="Amount"
              align="right"
              sort={sort}
              order={order}
              onSort={onSort}
            />
            <TableCell>Status</TableCell>
            <TableCell>PSP</TableCell>
            <TableCell>Type</TableCell>
            <TableCell>Country</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {items === undefined
            ? Array.from({ length: 5 }, (_, row) => (
                <TableRow key={row} aria-hidden="true">
                  {Array.from({ length: COLUMNS }, (_, cell) => (
                    <TableCell key={cell}>
                      <Placeholder />
                    </TableCell>
                  ))}
                </TableRow>
              ))
            : items.map((payout) => (
                <TableRow key={payout.id} hover>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    <time dateTime={payout.created_at}>{formatDateTime(payout.created_at)}</time>
                  </TableCell>
                  <TableCell>
                    <TextLink to={`/payouts/${encodeURIComponent(payout.id)}`}>
                      {payout.order_id}
                    </TextLink>
                    {payout.is_test ? <TestBadge /> : null}
                    {payout.needs_attention ? (
                      <WarningAmberIcon
                        color="warning"
                        fontSize="small"
                        titleAccess="Needs attention: no final status for too long"
                        sx={{ ml: 1, verticalAlign: 'middle' }}
                      />
                    ) : null}
                  </TableCell>
                  <TableCell>{recipientName(payout)}</TableCell>
                  <TableCell
                    align="right"
                    sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
                  >
                    {formatMoney(payout.amount, payout.currency)}
                  </TableCell>
                  <TableCell>
                    <StatusChip status={payout.status} />
                    {awaitsApprovalBy(payout, viewer) ? (
                      <ApprovalMarker others={Math.max(0, approvalsMissing(payout) - 1)} />
                    ) : null}
                  </TableCell>
                  <TableCell>{payout.provider_title ?? payout.provider}</TableCell>
                  <TableCell>
                    {PAYOUT_METHOD_TYPE_TITLES[payout.payout_method_type] ??
                      payout.payout_method_type}
                  </TableCell>
                  <TableCell>
                    <abbr title={regionName(payout.country)}>{payout.country}</abbr>
                  </TableCell>
                </TableRow>
              ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
