/**
 * What the viewer may do with a payout awaiting approval: a second finance user or an admin
 * approves or rejects it, its creator may only cancel it, everyone else looks. The BFF enforces
 * the same rule (and refuses the creator's approval with `self_approval`).
 */
export type ApprovalRole = 'approver' | 'creator' | 'viewer';

export function approvalRole(
  payout: PayoutDto,
  user: SessionUser | null | undefined,
): ApprovalRole {
  if (!user) return 'viewer';
  if (payout.created_by.id === user.id) return 'creator';
  return can(user.role, 'payouts:approve') ? 'approver' : 'viewer';
}

/** Whether the payout waits for the viewer's approval (the list's marker). */
export function awaitsApprovalBy(payout: PayoutDto, user: SessionUser | null | undefined): boolean {
  return payout.status === 'awaiting_approval' && approvalRole(payout, user) === 'approver';
}
import { can, type PayoutDto, type SessionUser } from '@payouts/contracts';
