import type { ApprovalDecisionResult, ApprovalInboxItemDto } from '@payouts/contracts';

/** How long a payout has waited, as a person says it: "45 s", "12 min", "3 h", "2 d". */
export function formatAge(seconds: number): string {
  if (seconds < 60) return `${Math.max(0, Math.floor(seconds))} s`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min`;
  if (seconds < 86_400) return `${Math.floor(seconds / 3600)} h`;
  return `${Math.floor(seconds / 86_400)} d`;
}

/** "1 of 2 approvals". */
export function approvalsSoFarText(item: Pick<ApprovalInboxItemDto, 'approvals' | 'rule'>): string {
  return `${item.approvals.length} of ${item.rule.count} approval${item.rule.count === 1 ? '' : 's'}`;
}

/** What became of one payout of a bulk decision, in words. */
export function outcomeText(result: ApprovalDecisionResult): string {
  switch (result.outcome) {
    case 'sent':
      return 'Approved and sent';
    case 'waiting': {
      const n = result.waiting_for ?? 1;
      return `Approved: waiting for ${n} more approval${n === 1 ? '' : 's'}`;
    }
    case 'rejected':
      return 'Rejected';
    case 'refused':
      return `Refused: ${result.problem?.detail ?? 'not decided'}`;
  }
}
