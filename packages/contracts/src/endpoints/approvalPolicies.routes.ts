import type { Route } from './route.js';

/**
 * The approval policy: everyone reads it; admins change it under four eyes. One policy is
 * active; an admin proposes a change and a different admin approves it (403 `self_approval` for
 * the proposer) or rejects it (the proposer withdraws their own this way). A change that lets
 * some payout through with less approval is scheduled: it takes effect at `effective_at` unless
 * an admin cancels it first (rejecting a scheduled change cancels it). Every version is kept.
 */
export const approvalPolicyRoutes = {
  getApprovalPolicies: {
    method: 'get',
    path: '/api/approval-policies',
    access: 'approval-policies:read',
  },
  proposePolicy: {
    method: 'post',
    path: '/api/approval-policies/proposals',
    access: 'approval-policies:manage',
  },
  approvePolicy: {
    method: 'post',
    path: '/api/approval-policies/proposals/:id/approve',
    access: 'approval-policies:manage',
  },
  rejectPolicy: {
    method: 'post',
    path: '/api/approval-policies/proposals/:id/reject',
    access: 'approval-policies:manage',
  },
  dryRunPolicy: {
    method: 'post',
    path: '/api/approval-policies/dry-run',
    access: 'approval-policies:manage',
  },
} as const satisfies Record<string, Route>;
