import { can, type PayoutDto, type SessionUser } from '@payouts/contracts';
import { formatDateTime } from '../../components/formatDateTime.js';

/**
 * What the viewer may do with a payout awaiting approval: someone who may still add an approval
 * approves or rejects it, its creator may only cancel it, whoever already approved it waits for
 * the others, everyone else looks. The BFF enforces the same rule (the creator: `self_approval`;
 * a role outside the frozen rule's roles: `forbidden`; a second approval by the same person:
 * `conflict`).
 */
export type ApprovalRole = 'approver' | 'approved' | 'creator' | 'viewer';

export function approvalRole(
  payout: PayoutDto,
  user: SessionUser | null | undefined,
): ApprovalRole {
  if (!user) return 'viewer';
  if (payout.created_by.id === user.id) return 'creator';
  if (payout.approvals.some((a) => a.by.id === user.id)) return 'approved';
  if (!can(user.role, 'payouts:approve')) return 'viewer';
  const rule = payout.approval_rule;
  if (rule && !rule.roles.some((r) => r === user.role)) return 'viewer';
  return 'approver';
}

/** Whether the payout waits for the viewer's approval (the list's marker). */
export function awaitsApprovalBy(payout: PayoutDto, user: SessionUser | null | undefined): boolean {
  return payout.status === 'awaiting_approval' && approvalRole(payout, user) === 'approver';
}

/**
 * Distinct approvals the payout needs in all: its frozen rule's count, or for a payout from before
 * approval policies one when it required four eyes.
 */
export function approvalsRequired(payout: PayoutDto): number {
  if (payout.approval_rule) return payout.approval_rule.approvals_required;
  return payout.requires_approval ? 1 : 0;
}

/** Approvals still missing (never negative). */
export function approvalsMissing(payout: PayoutDto): number {
  return Math.max(0, approvalsRequired(payout) - payout.approvals.length);
}

/** `1 approval`, `2 approvals`. */
export function approvalCount(n: number): string {
  return `${n} approval${n === 1 ? '' : 's'}`;
}

/** The roles of a rule in words: `a finance user or an admin`. */
export function rolesText(payout: PayoutDto): string {
  const roles = payout.approval_rule?.roles ?? ['finance', 'admin'];
  const words = roles.map((r) => (r === 'admin' ? 'an admin' : 'a finance user'));
  return words.length === 0 ? 'nobody' : words.join(' or ');
}

/**
 * The frozen rule and the approvals so far, e.g. `Rule: EUR above 50000 · 1 of 2 approvals:
 * Fin Ance 20 Nov 2026, 10:02:00`; null for payouts without a rule, or whose rule needs none
 * (they keep the threshold texts).
 */
export function approvalProgressText(payout: PayoutDto): string | null {
  const rule = payout.approval_rule;
  if (!rule || rule.approvals_required === 0) return null;
  const given = payout.approvals.map((a) => `${a.by.name} ${formatDateTime(a.at)}`).join(', ');
  return `Rule: ${rule.name} · ${payout.approvals.length} of ${approvalCount(rule.approvals_required)}${given ? `: ${given}` : ''}`;
}
