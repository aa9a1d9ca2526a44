import type {
  ApprovalCountDto,
  ApprovalDecisionResult,
  ApprovalDecisionsDto,
  ApprovalInboxDto,
  ApprovalInboxItemDto,
  NotActionableReason,
  PayoutDto,
} from '@payouts/contracts';
import { parseIsoInstant } from '@payouts/contracts';
import type { Logger } from 'pino';
import { AppError, problemSummaryOf } from '../../shared/AppError.js';
import type { Clock } from '../../shared/clock.js';
import type { AuditContext, SessionUser } from '../../shared/identity.js';
import { decodeCursor, encodeCursor } from '../../shared/keysetCursor.js';
import { LEGACY_RULE } from '../payouts/index.js';
import type { PayoutApprovals, PayoutViews } from '../payouts/index.js';
import type { ApprovalsRepository } from './approvalsRepository.js';

/** The approvals inbox: what waits for the caller, and bulk decisions on it. */
export interface ApprovalInbox {
  list(
    user: SessionUser,
    page: { cursor?: string | undefined; limit: number },
  ): Promise<ApprovalInboxDto>;
  count(user: SessionUser): Promise<ApprovalCountDto>;
  /**
   * Each payout decided on its own through `PayoutApprovals` (its checks, its locked
   * transaction, its audit entry), one after the other: a refusal is that payout's result only.
   */
  decide(
    user: SessionUser,
    input: { decision: 'approve' | 'reject'; payoutIds: string[]; reason?: string | undefined },
    context: AuditContext,
  ): Promise<ApprovalDecisionsDto>;
}

/** Card and account numbers: the DTO's metadata holds them masked already. */
const ACCOUNT_FIELD = /card_?number|account_?number|iban|^pan$/i;

function accountOf(metadata: PayoutDto['metadata']): string | null {
  for (const [name, value] of Object.entries(metadata)) {
    if (ACCOUNT_FIELD.test(name) && String(value) !== '') return String(value);
  }
  return null;
}

const ruleOf = (payout: PayoutDto) =>
  payout.approval_rule
    ? {
        name: payout.approval_rule.name,
        count: payout.approval_rule.approvals_required,
        roles: payout.approval_rule.roles,
      }
    : { name: LEGACY_RULE.name, count: LEGACY_RULE.count, roles: [...LEGACY_RULE.roles] };

/** Why `user` may not decide on `payout` now, and that in words; null when they may. */
export function notActionable(
  payout: PayoutDto,
  user: SessionUser,
): { reason: NotActionableReason; message: string } | null {
  const rule = ruleOf(payout);
  const left = Math.max(rule.count - payout.approvals.length, 0);
  if (payout.created_by.id === user.id) {
    return {
      reason: 'created_by_you',
      message: 'You created this payout: someone else must approve it.',
    };
  }
  if (payout.approvals.some((a) => a.by.id === user.id)) {
    return {
      reason: 'already_approved',
      message: `You approved it already: it waits for ${left} more approval${left === 1 ? '' : 's'} by someone else.`,
    };
  }
  if (!(rule.roles as readonly string[]).includes(user.role)) {
    return {
      reason: 'role_not_allowed',
      message: `Its rule (${rule.name}) is approved by ${rule.roles.join(' or ')} only.`,
    };
  }
  return null;
}

export function toInboxItem(payout: PayoutDto, user: SessionUser, now: Date): ApprovalInboxItemDto {
  const rule = ruleOf(payout);
  const refusal = notActionable(payout, user);
  return {
    id: payout.id,
    order_id: payout.order_id,
    amount: payout.amount,
    currency: payout.currency,
    country: payout.country,
    provider: payout.provider,
    provider_title: payout.provider_title,
    payout_method_type: payout.payout_method_type,
    is_test: payout.is_test,
    recipient: { ...payout.recipient, account: accountOf(payout.metadata) },
    created_by: payout.created_by,
    created_at: payout.created_at,
    age_seconds: Math.max(
      0,
      Math.floor((now.getTime() - new Date(payout.created_at).getTime()) / 1000),
    ),
    rule,
    approvals: payout.approvals.map((a) => ({ by: a.by, at: a.at })),
    waiting_for: Math.max(rule.count - payout.approvals.length, 0),
    actionable: refusal === null,
    not_actionable_reason: refusal?.reason ?? null,
    not_actionable_message: refusal?.message ?? null,
  };
}

function refused(payoutId: string, error: AppError): ApprovalDecisionResult {
  return { payout_id: payoutId, outcome: 'refused', problem: problemSummaryOf(error) };
}

export function createApprovalInbox({
  approvalsRepository: repo,
  views,
  payoutApprovals,
  clock,
  logger,
}: {
  approvalsRepository: ApprovalsRepository;
  views: PayoutViews;
  payoutApprovals: PayoutApprovals;
  clock: Clock;
  logger: Logger;
}): ApprovalInbox {
  return {
    async list(user, { cursor, limit }) {
      const after =
        cursor === undefined
          ? undefined
          : decodeCursor(cursor, {
              value: (value) => (parseIsoInstant(value) !== undefined ? value : undefined),
              id: (id) => (views.isUuid(id) ? id : undefined),
            });
      const rows = await repo.awaiting({
        after: after && { createdAt: after.value, id: after.id },
        limit: limit + 1,
      });
      const page = rows.slice(0, limit);
      const now = clock.now();
      const items = (await views.dtosOf(page)).map((p) => toInboxItem(p, user, now));
      const last = page.at(-1);
      return {
        items,
        next_cursor:
          rows.length > limit && last
            ? encodeCursor(last.payout.createdAt.toISOString(), last.payout.id)
            : null,
      };
    },

    async count(user) {
      return { actionable: await repo.actionableCount(user) };
    },

    async decide(user, { decision, payoutIds, reason }, context) {
      const results: ApprovalDecisionResult[] = [];
      // One after the other: each is its own locked transaction (and, when it is the last
      // approval, its own send), exactly as the single-payout routes.
      for (const id of payoutIds) {
        try {
          if (decision === 'reject') {
            await payoutApprovals.reject(id, user, { reason: reason ?? '' }, context);
            results.push({ payout_id: id, outcome: 'rejected' });
            continue;
          }
          const payout = await payoutApprovals.approve(id, user, context);
          if (payout.status === 'awaiting_approval') {
            results.push({
              payout_id: id,
              outcome: 'waiting',
              waiting_for: Math.max(ruleOf(payout).count - payout.approvals.length, 1),
            });
          } else {
            results.push({ payout_id: id, outcome: 'sent' });
          }
        } catch (error) {
          if (error instanceof AppError) {
            results.push(refused(id, error));
            continue;
          }
          // Each payout's change is one transaction: an unexpected failure left this one as it
          // was (or decided, if it came after the commit); the others keep their results.
          logger.error({ err: error, payout_id: id }, 'bulk approval decision failed');
          results.push(
            refused(
              id,
              new AppError(
                'internal',
                'This payout could not be decided on now. Reload to see its state.',
              ),
            ),
          );
        }
      }
      return { results };
    },
  };
}
