import type { ApprovalInboxItemDto } from '@payouts/contracts';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '../../components/formatDateTime.js';
import { TestBadge } from '../../components/TestBadge.js';
import { TextLink } from '../../components/TextLink.js';
import { approvalsSoFarText, formatAge } from './approvalText.js';
import { Money } from '../../components/Money.js';

/** What the inbox's table (desk) and cards (phone) show and do. */
export interface ApprovalListProps {
  items: ApprovalInboxItemDto[];
  selected: ReadonlySet<string>;
  onToggle: (id: string) => void;
  onToggleAll: (select: boolean) => void;
}

/** The inbox rows: a checkbox for those I may decide on, the reason for the others. */
export function ApprovalsTable({ items, selected, onToggle, onToggleAll }: ApprovalListProps) {
  const actionable = items.filter((i) => i.actionable);
  const chosen = actionable.filter((i) => selected.has(i.id)).length;
  return (
    <TableContainer>
      <Table size="small" aria-label="Payouts awaiting approval">
        <TableHead>
          <TableRow>
            <TableCell padding="checkbox">
              <Checkbox
                checked={actionable.length > 0 && chosen === actionable.length}
                indeterminate={chosen > 0 && chosen < actionable.length}
                disabled={actionable.length === 0}
                onChange={(e) => onToggleAll(e.target.checked)}
                slotProps={{ input: { 'aria-label': 'Select all' } }}
              />
            </TableCell>
            <TableCell>Order / recipient</TableCell>
            <TableCell align="right">Amount</TableCell>
            <TableCell>Created by</TableCell>
            <TableCell>Waiting</TableCell>
            <TableCell>Rule</TableCell>
            <TableCell>Approvals</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((item) => (
            <TableRow key={item.id} selected={selected.has(item.id)}>
              <TableCell padding="checkbox" sx={item.actionable ? undefined : { px: 1 }}>
                {item.actionable ? (
                  <Checkbox
                    checked={selected.has(item.id)}
                    onChange={() => onToggle(item.id)}
                    slotProps={{ input: { 'aria-label': `Select ${item.order_id}` } }}
                  />
                ) : (
                  <Typography variant="body2" color="textSecondary" sx={{ minWidth: 160 }}>
                    {item.not_actionable_message}
                  </Typography>
                )}
              </TableCell>
              <TableCell>
                <TextLink to={`/payouts/${encodeURIComponent(item.id)}`}>{item.order_id}</TextLink>
                {item.is_test ? <TestBadge /> : null}
                <Box component="span" sx={{ display: 'block', color: 'text.secondary' }}>
                  {[item.recipient.name ?? item.recipient.email, item.recipient.account]
                    .filter(Boolean)
                    .join(' · ')}
                </Box>
              </TableCell>
              <TableCell
                align="right"
                sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
              >
                <Money amount={item.amount} currency={item.currency} />
              </TableCell>
              <TableCell>{item.created_by.name || item.created_by.email}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <time dateTime={item.created_at} title={formatDateTime(item.created_at)}>
                  {formatAge(item.age_seconds)}
                </time>
              </TableCell>
              <TableCell>
                {item.rule.name}
                <Box component="span" sx={{ display: 'block', color: 'text.secondary' }}>
                  by {item.rule.roles.join(' or ')}
                </Box>
              </TableCell>
              <TableCell>
                {approvalsSoFarText(item)}
                {item.approvals.length > 0 ? (
                  <Box component="span" sx={{ display: 'block', color: 'text.secondary' }}>
                    {item.approvals.map((a) => a.by.name || a.by.email).join(', ')}
                  </Box>
                ) : null}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
