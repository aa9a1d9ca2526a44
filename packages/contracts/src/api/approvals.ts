import type { z } from 'zod';
import type {
  approvalCount,
  approvalDecisionResult,
  approvalDecisions,
  approvalInbox,
  approvalInboxItem,
  approvalInboxRule,
  bulkItemProblem,
} from '../endpoints/approvals.endpoints.js';

/**
 * The approvals inbox: what waits for the signed-in user's approval, and bulk decisions on it
 * (routes: `endpoints/approvals.routes.ts`). Constants and types only, so the SPA can name them
 * without bundling zod.
 */

export const APPROVAL_INBOX_PAGE_DEFAULT = 100;
export const APPROVAL_INBOX_PAGE_MAX = 100;
/** Payouts one bulk decision may name. */
export const APPROVAL_DECISIONS_MAX = 100;
export const APPROVAL_REASON_MAX_LENGTH = 500;

/** Why the caller may not decide on a payout in their inbox. */
export const NOT_ACTIONABLE_REASONS = [
  'created_by_you',
  'already_approved',
  'role_not_allowed',
] as const;
export type NotActionableReason = (typeof NOT_ACTIONABLE_REASONS)[number];

export const APPROVAL_DECISIONS = ['approve', 'reject'] as const;
export type ApprovalDecisionKind = (typeof APPROVAL_DECISIONS)[number];

/** `POST /api/approvals/decisions`. */
export interface ApprovalDecisionsBody {
  decision: ApprovalDecisionKind;
  /** 1 to `APPROVAL_DECISIONS_MAX` distinct payout ids. */
  payout_ids: string[];
  /** Required to reject: one reason for all of them. */
  reason?: string;
}

// The replies' types, from their schemas (`endpoints/approvals.endpoints.ts`).
export type ApprovalInboxRuleDto = z.output<typeof approvalInboxRule>;
export type ApprovalInboxItemDto = z.output<typeof approvalInboxItem>;
export type ApprovalInboxDto = z.output<typeof approvalInbox>;
export type ApprovalCountDto = z.output<typeof approvalCount>;
export type ApprovalDecisionResult = z.output<typeof approvalDecisionResult>;
export type ApprovalDecisionOutcome = ApprovalDecisionResult['outcome'];
export type ApprovalDecisionProblem = z.output<typeof bulkItemProblem>;
export type ApprovalDecisionsDto = z.output<typeof approvalDecisions>;
