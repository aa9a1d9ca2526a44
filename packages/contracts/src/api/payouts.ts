import type { ApproverRole } from '../approvalPolicy/approvalPolicy.js';
import type {
  PayoutAttentionReason,
  PayoutMetadataValue,
  PayoutMethodType,
  PayoutStatus,
} from '../types.js';

/** A staff member named on a payout: its creator, approver or rejecter. */
export interface PayoutActor {
  id: string;
  email: string;
  name: string;
}

/** One approval of a payout, in the order given (a rule may ask for up to three). */
export interface PayoutApprovalDto {
  by: PayoutActor;
  at: string;
  /** 1-based: the first, second or third approval. */
  step: number;
}

/** The approval rule that applied, frozen on the payout when it was created. */
export interface PayoutApprovalRuleDto {
  id: string;
  name: string;
  /** Distinct approvers needed, none of them the creator (0: none). */
  approvals_required: number;
  /** Roles whose members may approve it. */
  roles: ApproverRole[];
}

/**
 * A payout as the API shows it (`GET /api/payouts/:id`, list items, every payout action's reply).
 * Names follow the orchestrator's body; every key is always sent, null when it has no value.
 */
export interface PayoutDto {
  id: string;
  order_id: string;
  provider: string;
  /** The PSP's name for people (KNOWN_PSPS); null when the PSP is not configured. */
  provider_title: string | null;
  country: string;
  currency: string;
  state: string | null;
  /** Decimal string, exactly as stored. */
  amount: string;
  payout_method_type: PayoutMethodType;
  /** Masked: card numbers as first 6 + last 4, account numbers as their last 4. */
  metadata: Record<string, PayoutMetadataValue>;
  /** Who is paid, as the BFF read it from the metadata. */
  recipient: { name: string | null; email: string | null };
  status: PayoutStatus;
  /** The orchestrator's status exactly as it last reported it. */
  orchestrator_status: string | null;
  orchestrator_id: string | null;
  psp_transaction_id: string | null;
  decline_code: string | null;
  decline_reason: string | null;
  /** Why the orchestrator refused it (status `failed`). */
  failure_reason: string | null;
  is_test: boolean;
  /** Made by the demo's first-start history (DEMO_SEED), not by a person. */
  is_demo: boolean;
  /** When it reached a final status; null while it is not final. */
  final_at: string | null;
  /** Paid to a saved beneficiary (its approved details at the time); null otherwise. */
  beneficiary_id: string | null;
  /** A row of a batch payout file (issue 13): the batch and the 1-based data row; null otherwise. */
  batch: { id: string; row: number } | null;
  created_by: PayoutActor;
  created_at: string;
  updated_at: string;
  /** Four eyes: above its currency's threshold, so a second person decides. */
  requires_approval: boolean;
  /** The decimal threshold that applied, in the payout's currency. */
  approval_threshold: string | null;
  /** The rule that applied at creation; null for payouts from before approval policies. */
  approval_rule: PayoutApprovalRuleDto | null;
  /** Approvals given so far, in order; the last one sent it. */
  approvals: PayoutApprovalDto[];
  approved_by: PayoutActor | null;
  approved_at: string | null;
  /** Who rejected it (or its creator, who cancelled it: `cancelled`), when and why. */
  rejected_by: PayoutActor | null;
  rejected_at: string | null;
  rejection_reason: string | null;
  /** The creator withdrew it before approval (status `rejected`). */
  cancelled: boolean;
  /** Unknown or not final for longer than the configured age, or `attention_reason`: a human should look. */
  needs_attention: boolean;
  /** Why the reconciler handed it to a person (null: it has not). */
  attention_reason: PayoutAttentionReason | null;
  /**
   * "Not sent: mark failed" for an unknown payout: proposed by one person with a reason,
   * confirmed by a second (`confirmed_by`, then the payout is `failed`); null when never proposed.
   */
  mark_failed: {
    reason: string;
    requested_by: PayoutActor;
    requested_at: string;
    confirmed_by: PayoutActor | null;
  } | null;
  /** The failed payout this one sends again (a new order id); null otherwise. */
  resent_from: string | null;
}

/** One entry of a payout's timeline. */
export interface PayoutEventDto {
  id: string;
  /** created, approved, submitted, notification, status_check, ... */
  type: string;
  at: string;
  /** A user's e-mail, `orchestrator` or `system`. */
  actor: string;
  data: Record<string, unknown>;
}

/** `GET /api/payouts/:id`. */
export interface PayoutDetail {
  payout: PayoutDto;
  events: PayoutEventDto[];
}

/** `GET /api/payouts`: one page, newest first unless sorted otherwise. */
export interface PayoutPage {
  items: PayoutDto[];
  next_cursor: string | null;
}

/** `GET /api/payouts/summary`: the counts behind the menu's badge. */
export interface PayoutSummary {
  /** Payouts awaiting approval that someone else created (0 for support). */
  awaiting_my_approval: number;
  needs_attention: number;
}

/** `POST /api/payouts/resolutions`: one result per payout, in the order asked. */
export interface PayoutResolutionResultsDto {
  results: {
    payout_id: string;
    outcome: 'done' | 'refused';
    /** With `done`: the payout's status now. */
    status?: PayoutStatus;
    /** With `refused`: why, as the single-payout route would answer. */
    problem?: { type: string; code: string; status: number; title: string; detail: string };
  }[];
}
