import { ROLE_TITLES, type ApprovalRequirement, type DryRunResult } from '@payouts/contracts';

function orList(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;
}

/** "No approval", "1 approver: finance or admin", "2 approvers: admin". */
export function approvalsText(a: ApprovalRequirement): string {
  if (a.count === 0) return 'No approval';
  const roles = orList(a.roles.map((r) => ROLE_TITLES[r].toLowerCase()));
  return `${a.count} approver${a.count === 1 ? '' : 's'}: ${roles || 'nobody chosen'}`;
}

/** `Rule 2 "Above 10,000" applies: 1 approver: finance or admin`. */
export function dryRunHeadline(result: DryRunResult): string {
  const a = result.rule.approvals;
  const what =
    a.count === 0
      ? 'no approval'
      : `${a.count} approver${a.count === 1 ? '' : 's'} (${orList(
          a.roles.map((r) => ROLE_TITLES[r].toLowerCase()),
        )})`;
  return `Rule ${result.index + 1} "${result.rule.name}" applies: ${what}.`;
}
