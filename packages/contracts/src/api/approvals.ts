import type { ApproverRole } from '../approvalPolicy/approvalPolicy.js';
import type { PayoutMethodType } from '../types.js';
import type { PayoutActor } from './payouts.js';

/**
 * The approvals inbox (issue 12): what waits for the signed-in user's approval, and bulk
 * decisions on it. Types and constants only, so the SPA can name them without bundling zod
 * (the BFF parses with `approvalsQuery.ts`). Permission: `payouts:approve` for every route.
 *
 * - `GET  /api/approvals?cursor&limit` -> `ApprovalInboxDto`: every payout awaiting approval,
 *   oldest first (keyset cursor, at most `APPROVAL_INBOX_PAGE_MAX` a page), each saying whether
 *   the caller may decide on it and, if not, why.
 * - `GET  /api/approvals/count` -> `ApprovalCountDto` (the menu badge).
 * - `POST /api/approvals/decisions` body `ApprovalDecisionsBody` -> 200 `ApprovalDecisionsDto`:
 *   one result per payout, in the order given. Each payout is decided on its own, exactly as
 *   `POST /api/payouts/:id/approve|reject` would (one locked transaction each): a refusal of
 *   one leaves the others decided, and never a payout half-approved.
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

/** The frozen rule a payout waits under. */
export interface ApprovalInboxRuleDto {
  name: string;
  /** Distinct approvers the rule asks for. */
  count: number;
  roles: ApproverRole[];
}

/** One payout awaiting approval, as the caller's inbox shows it. */
export interface ApprovalInboxItemDto {
  id: string;
  order_id: string;
  /** Decimal string, exactly as stored. */
  amount: string;
  currency: string;
  country: string;
  provider: string;
  provider_title: string | null;
  payout_method_type: PayoutMethodType;
  is_test: boolean;
  /** Who is paid; `account` is the card or account number masked (6 + 4, or last 4), if any. */
  recipient: { name: string | null; email: string | null; account: string | null };
  created_by: PayoutActor;
  created_at: string;
  /** Seconds since it was created, when the inbox was read. */
  age_seconds: number;
  rule: ApprovalInboxRuleDto;
  /** Approvals so far, in order. */
  approvals: { by: PayoutActor; at: string }[];
  /** Approvals still needed before it is sent. */
  waiting_for: number;
  /** The caller may approve or reject it now. */
  actionable: boolean;
  not_actionable_reason: NotActionableReason | null;
  /** The reason in words, for the person at the screen; null when actionable. */
  not_actionable_message: string | null;
}

export interface ApprovalInboxDto {
  items: ApprovalInboxItemDto[];
  next_cursor: string | null;
}

export interface ApprovalCountDto {
  /** Payouts awaiting approval that the caller may decide on now. */
  actionable: number;
}

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

/**
 * What became of one payout: `sent` (the last approval it needed), `waiting` (approval recorded,
 * `waiting_for` more needed), `rejected`, or `refused` (nothing changed; `problem` says why).
 */
export type ApprovalDecisionOutcome = 'sent' | 'waiting' | 'rejected' | 'refused';

/** The problem a refused payout met: the body `POST /api/payouts/:id/approve` would answer. */
export interface ApprovalDecisionProblem {
  /** `urn:payouts:problem:<code>`. */
  type: string;
  code: string;
  status: number;
  title: string;
  detail: string;
}

export interface ApprovalDecisionResult {
  payout_id: string;
  outcome: ApprovalDecisionOutcome;
  /** With `waiting`: approvals still needed. */
  waiting_for?: number;
  /** With `refused`. */
  problem?: ApprovalDecisionProblem;
}

export interface ApprovalDecisionsDto {
  results: ApprovalDecisionResult[];
}
