import type { PayoutStatus } from '@payouts/contracts';
import { AppError } from '../../shared/AppError.js';
import type { Clock } from '../../shared/clock.js';
import type { AuditContext, SessionUser } from '../../shared/identity.js';
import type { NewAuditRow, AuditService } from '../audit/index.js';
import type { SeparationOfDuties } from '../separationOfDuties/index.js';
import type { PayoutDto } from './payoutDto.js';
import type { PayoutLifecycle } from './payoutLifecycle.js';
import { LEGACY_RULE } from './approvalEligibility.js';
import { decideTransition } from './payoutStatus.js';
import type { FrozenApprovalRule } from '../../db/schema.js';
import type {
  ApprovalDecision,
  NewPayoutEvent,
  PayoutRow,
  PayoutsRepository,
} from './payoutsRepository.js';
import type { PayoutViews } from './payoutViews.js';

/** Four eyes: a payout over its threshold waits for a second person's decision. */
export interface PayoutApprovals {
  /** A second finance user or an admin approves; the payout is then sent. */
  approve(id: string, user: SessionUser, context: AuditContext): Promise<PayoutDto>;
  reject(
    id: string,
    user: SessionUser,
    input: { reason: string },
    context: AuditContext,
  ): Promise<PayoutDto>;
  /** The creator withdraws a payout still awaiting approval. */
  cancel(
    id: string,
    user: SessionUser,
    input: { reason?: string | undefined },
    context: AuditContext,
  ): Promise<PayoutDto>;
}

/** Payouts from before policies carry no rule: one approver, finance or admin, as then. */
function ruleOf(payout: PayoutRow): FrozenApprovalRule {
  return payout.approvalRule ?? LEGACY_RULE;
}

/** The frozen rule names the roles that decide on the payout, approving or rejecting. */
function refuseOtherRoles(rule: FrozenApprovalRule, user: SessionUser): void {
  if (!(rule.roles as readonly string[]).includes(user.role)) {
    throw new AppError(
      'forbidden',
      `This payout's rule (${rule.name}) is decided by ${rule.roles.join(' or ')} only.`,
    );
  }
}

type Decision = ApprovalDecision<{ status: PayoutStatus } | { already: number }>;

/** A payout rejected or cancelled: never to be sent, so its sealed request goes too. */
function neverSent(user: SessionUser, now: Date, reason: string): Partial<PayoutRow> {
  return {
    rejectedBy: user.id,
    rejectedAt: now,
    rejectionReason: reason,
    submission: null,
    nextCheckAt: null,
  };
}

export function createPayoutApprovals({
  payoutsRepository: repo,
  views,
  lifecycle,
  auditService,
  clock,
  separationOfDuties,
  onDecided,
}: {
  payoutsRepository: PayoutsRepository;
  views: PayoutViews;
  lifecycle: PayoutLifecycle;
  auditService: AuditService;
  clock: Clock;
  /** Who counts as a second person (decision 042). */
  separationOfDuties: SeparationOfDuties;
  /** The payout left awaiting_approval (approved, rejected, cancelled); never throws. */
  onDecided?: (payoutId: string) => Promise<void>;
}): PayoutApprovals {
  const { dtoOf, findOr404 } = views;

  /**
   * Moves a payout out of awaiting_approval, with its audit entry in the same transaction, or
   * says why it cannot.
   */
  async function decide(
    id: string,
    cause: 'approve' | 'reject',
    patch: (now: Date) => Partial<PayoutRow>,
    event: (now: Date) => NewPayoutEvent,
    audit: (current: PayoutRow) => NewAuditRow,
  ): Promise<PayoutRow> {
    const now = clock.now();
    let refused: PayoutStatus | undefined;
    const updated = await repo.change(id, (current) => {
      const t = decideTransition(current.status, { kind: cause });
      if (t.outcome !== 'changed') {
        refused = current.status;
        return undefined;
      }
      return {
        patch: { status: t.to, updatedAt: now, ...patch(now) },
        events: [event(now)],
        audit: [audit(current)],
      };
    });
    if (!updated) throw new AppError('not_found', 'No such payout.');
    if (refused !== undefined) {
      throw new AppError(
        'conflict',
        `This payout is no longer awaiting approval (it is ${refused.replace(/_/g, ' ')}).`,
        { extensions: { status: refused } },
      );
    }
    return updated;
  }

  return {
    async approve(id, user, context) {
      const { payout } = await findOr404(id);
      await separationOfDuties.assertSecondPerson(
        {
          deciderId: user.id,
          initiatorId: payout.createdBy,
          subjectAt: payout.createdAt,
          subject: 'payout',
          selfMessage: 'You created this payout: someone else must approve it.',
        },
        {
          context,
          action: 'payout.approve_refused',
          target: { type: 'payout', id: payout.id },
          data: { order_id: payout.orderId },
        },
      );
      const rule = ruleOf(payout);
      refuseOtherRoles(rule, user);
      const now = clock.now();
      const result = await repo.recordApproval(id, (current, approvals): Decision => {
        const t = decideTransition(current.status, { kind: 'approve' });
        if (t.outcome !== 'changed') {
          return { kind: 'refused', refusal: { status: current.status } };
        }
        // The same person never counts twice: each approval is a different person.
        if (approvals.some((a) => a.userId === user.id)) {
          return { kind: 'refused', refusal: { already: approvals.length } };
        }
        const step = approvals.length + 1;
        const final = step >= rule.count;
        const data = { step, of: rule.count, rule: rule.name };
        return {
          kind: 'recorded',
          final,
          approval: { userId: user.id, step, at: now },
          patch: final
            ? {
                status: t.to,
                updatedAt: now,
                approvedBy: user.id,
                approvedAt: now,
                nextCheckAt: lifecycle.nextCheckAt('submitting', 0, now),
              }
            : { updatedAt: now },
          events: [
            { type: final ? 'approved' : 'approval_recorded', actor: user.email, at: now, data },
          ],
          audit: [
            auditService.row(context, {
              action: 'payout.approve',
              target: { type: 'payout', id },
              data: {
                order_id: current.orderId,
                amount: current.amount,
                currency: current.currency,
                ...data,
              },
            }),
          ],
        };
      });
      if (!result) throw new AppError('not_found', 'No such payout.');
      const { decision } = result;
      if (decision.kind === 'refused') {
        const refusal = decision.refusal;
        if ('already' in refusal) {
          throw new AppError(
            'conflict',
            `You already approved this payout: it waits for ${rule.count - refusal.already} more approval(s) by someone else.`,
          );
        }
        throw new AppError(
          'conflict',
          `This payout is no longer awaiting approval (it is ${refusal.status.replace(/_/g, ' ')}).`,
          { extensions: { status: refusal.status } },
        );
      }
      if (!decision.final) return dtoOf(id);
      await onDecided?.(id);
      const approved = result.row;
      const request = lifecycle.open(approved);
      // Sealed under another key (PAYOUT_DATA_KEY or SESSION_SECRET changed): nothing sent.
      if (!request) await lifecycle.failUnreadable(id);
      else await lifecycle.submit(approved, request, user.email);
      return dtoOf(id);
    },

    async reject(id, user, { reason }, context) {
      const { payout } = await findOr404(id);
      if (payout.createdBy === user.id) {
        throw new AppError(
          'self_approval',
          'You created this payout: someone else decides on it (you may cancel it).',
        );
      }
      // Who may not approve it may not reject it either: the rule names who decides.
      refuseOtherRoles(ruleOf(payout), user);
      await decide(
        id,
        'reject',
        (now) => ({ ...neverSent(user, now, reason) }),
        (now) => ({ type: 'rejected', actor: user.email, at: now, data: { reason } }),
        () =>
          auditService.row(context, {
            action: 'payout.reject',
            target: { type: 'payout', id },
            data: { reason },
          }),
      );
      await onDecided?.(id);
      return dtoOf(id);
    },

    async cancel(id, user, { reason }, context) {
      const { payout } = await findOr404(id);
      if (payout.createdBy !== user.id) {
        throw new AppError('forbidden', 'Only the person who created this payout can cancel it.');
      }
      await decide(
        id,
        'reject',
        (now) => ({
          ...neverSent(user, now, reason || 'Cancelled by its creator'),
          cancelled: true,
        }),
        (now) => ({
          type: 'cancelled',
          actor: user.email,
          at: now,
          data: reason ? { reason } : {},
        }),
        () =>
          auditService.row(context, {
            action: 'payout.cancel',
            target: { type: 'payout', id },
            data: reason ? { reason } : {},
          }),
      );
      await onDecided?.(id);
      return dtoOf(id);
    },
  };
}
