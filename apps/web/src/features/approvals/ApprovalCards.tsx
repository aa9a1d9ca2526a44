import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '../../components/formatDateTime.js';
import { Money } from '../../components/Money.js';
import { TestBadge } from '../../components/TestBadge.js';
import { TextLink } from '../../components/TextLink.js';
import { approvalsSoFarText, formatAge } from './approvalText.js';
import type { ApprovalListProps } from './ApprovalsTable.js';

/**
 * The inbox on a phone: one card per payout, what an approver decides on first (the amount and
 * who is paid), then the order, who made it and how long it waits, the rule and the approvals so
 * far. The checkbox is for those the viewer may decide on; the others say why not.
 */
export function ApprovalCards({ items, selected, onToggle, onToggleAll }: ApprovalListProps) {
  const actionable = items.filter((i) => i.actionable);
  const chosen = actionable.filter((i) => selected.has(i.id)).length;
  return (
    <>
      {actionable.length > 0 ? (
        <Box component="label" sx={{ display: 'flex', alignItems: 'center', px: 1, pt: 1 }}>
          <Checkbox
            checked={chosen === actionable.length}
            indeterminate={chosen > 0 && chosen < actionable.length}
            onChange={(e) => onToggleAll(e.target.checked)}
          />
          <Typography variant="body2">Select all</Typography>
        </Box>
      ) : null}
      <Box
        component="ul"
        aria-label="Payouts awaiting approval"
        sx={{ listStyle: 'none', m: 0, p: 1 }}
      >
        {items.map((item) => {
          const recipient = [item.recipient.name ?? item.recipient.email, item.recipient.account]
            .filter(Boolean)
            .join(' · ');
          return (
            <Box component="li" key={item.id} sx={{ mb: 1 }}>
              <Paper
                variant="outlined"
                sx={{
                  p: 1.5,
                  display: 'flex',
                  gap: 1,
                  bgcolor: selected.has(item.id) ? 'action.selected' : undefined,
                }}
              >
                {item.actionable ? (
                  <Checkbox
                    checked={selected.has(item.id)}
                    onChange={() => onToggle(item.id)}
                    sx={{ alignSelf: 'flex-start', m: -1 }}
                    slotProps={{ input: { 'aria-label': `Select ${item.order_id}` } }}
                  />
                ) : null}
                <Box sx={{ minWidth: 0, flexGrow: 1 }}>
                  <Typography variant="h6" component="p" sx={{ lineHeight: 1.3 }}>
                    <Money amount={item.amount} currency={item.currency} />
                  </Typography>
                  <Typography sx={{ overflowWrap: 'anywhere' }}>{recipient || '—'}</Typography>
                  <Typography variant="body2" color="textSecondary" sx={{ mt: 0.5 }}>
                    <TextLink to={`/payouts/${encodeURIComponent(item.id)}`}>
                      {item.order_id}
                    </TextLink>
                    {item.is_test ? <TestBadge /> : null} ·{' '}
                    {item.created_by.name || item.created_by.email} ·{' '}
                    <time dateTime={item.created_at} title={formatDateTime(item.created_at)}>
                      waiting {formatAge(item.age_seconds)}
                    </time>
                  </Typography>
                  <Typography variant="body2" color="textSecondary">
                    {item.rule.name} · {approvalsSoFarText(item)}
                  </Typography>
                  {item.actionable ? null : (
                    <Typography variant="body2" color="textSecondary">
                      {item.not_actionable_message}
                    </Typography>
                  )}
                </Box>
              </Paper>
            </Box>
          );
        })}
      </Box>
    </>
  );
}
