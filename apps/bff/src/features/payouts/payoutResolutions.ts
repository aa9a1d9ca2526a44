import type { PayoutRecord, PayoutResolutionResultsDto } from '@payouts/contracts';
import type { Logger } from 'pino';
import { OrchestratorError } from '@payouts/orchestrator-client';
import type { SeparationOfDuties } from '../separationOfDuties/index.js';
import { AppError, problemSummaryOf } from '../../shared/AppError.js';
import type { Clock } from '../../shared/clock.js';
import type { AuditContext, SessionUser } from '../../shared/identity.js';
import type { AuditService } from '../audit/index.js';
import { orchestratorErrorToAppError } from '../orchestrator/index.js';
import type { CreatePayoutResult, PayoutCreation } from './payoutCreation.js';
import type { PayoutDto } from './payoutDto.js';
import type { PayoutLifecycle, PayoutsOrchestrator } from './payoutLifecycle.js';
import { orderLookup } from './orderLookup.js';
import { decideTransition } from './payoutStatus.js';
import type { PayoutRow, PayoutsRepository } from './payoutsRepository.js';
import type { PayoutViews } from './payoutViews.js';

/**
 * A person settles an unknown payout that no evidence settled (decision 040):
 * - `found`: they found it at the PSP or in the orchestrator's dashboard; its id is checked
 *   with the orchestrator (its order id must be ours) and the status checks take over;
 * - "not sent: mark failed": proposed with a reason by one person, confirmed by a second after
 *   one last lookup by order id finds nothing; its order id stays taken;
 * - "send again": a payout marked failed is sent as a new payout (a new order id), through
 *   the approval policy like any other.
 */
export interface PayoutResolutions {
  found(
    id: string,
    orchestratorId: string,
    user: SessionUser,
    context: AuditContext,
  ): Promise<PayoutDto>;
  proposeMarkFailed(
    id: string,
    reason: string,
    user: SessionUser,
    context: AuditContext,
  ): Promise<PayoutDto>;
  confirmMarkFailed(id: string, user: SessionUser, context: AuditContext): Promise<PayoutDto>;
  /** The proposer withdraws it, or another person turns it down (with a reason). */
  declineMarkFailed(
    id: string,
    reason: string,
    user: SessionUser,
    context: AuditContext,
  ): Promise<PayoutDto>;
  /**
   * Proposes or confirms "not sent: mark failed" for several payouts, one after the other, each
   * exactly as the single-payout route would (its own transaction and last lookup).
   */
  bulk(
    input:
      | { action: 'propose_mark_failed'; reason: string; payoutIds: string[] }
      | { action: 'confirm_mark_failed'; payoutIds: string[] },
    user: SessionUser,
    context: AuditContext,
  ): Promise<PayoutResolutionResultsDto>;
  sendAgain(
    input: { id: string; orderId: string; idempotencyKey: string; user: SessionUser },
    context: AuditContext,
    options?: { stepUp?: () => void },
  ): Promise<CreatePayoutResult>;
}

const isUnknownUnsent = (p: PayoutRow) => p.status === 'unknown' && p.orchestratorId === null;

export function createPayoutResolutions({
  payoutsRepository: repo,
  views,
  lifecycle,
  orchestrator,
  auditService,
  payoutCreation,
  clock,
  logger,
  separationOfDuties,
}: {
  payoutsRepository: PayoutsRepository;
  views: PayoutViews;
  lifecycle: PayoutLifecycle;
  orchestrator: PayoutsOrchestrator;
  auditService: AuditService;
  payoutCreation: PayoutCreation;
  clock: Clock;
  logger: Logger;
  /** Who counts as a second person (decision 042), as for approvals. */
  separationOfDuties: SeparationOfDuties;
}): PayoutResolutions {
  const { dtoOf, findOr404 } = views;

  function requireUnknown(payout: PayoutRow): void {
    if (!isUnknownUnsent(payout)) {
      throw new AppError(
        'conflict',
        `Only a payout whose outcome is unknown can be settled by hand (this one is ${payout.status.replace(/_/g, ' ')}).`,
        { extensions: { status: payout.status } },
      );
    }
  }

  /** The orchestrator's record of our order id, or undefined; an unreadable answer is an error. */
  async function lookUp(payout: PayoutRow): Promise<PayoutRecord | undefined> {
    let page;
    try {
      page = await orchestrator.listPayouts({ merchantOrderId: payout.orderId });
    } catch (error) {
      throw orchestratorErrorToAppError(error);
    }
    const found = orderLookup(page, payout.orderId);
    if (found.kind === 'unreadable') {
      throw new AppError(
        'orchestrator_protocol',
        'The orchestrator holds a record with this order id that could not be read: it may exist.',
      );
    }
    return found.kind === 'found' ? found.record : undefined;
  }

  const resolutions: PayoutResolutions = {
    async bulk(input, user, context) {
      const results: PayoutResolutionResultsDto['results'] = [];
      for (const id of input.payoutIds) {
        try {
          const payout =
            input.action === 'propose_mark_failed'
              ? await resolutions.proposeMarkFailed(id, input.reason, user, context)
              : await resolutions.confirmMarkFailed(id, user, context);
          results.push({ payout_id: id, outcome: 'done', status: payout.status });
        } catch (caught) {
          let error = caught;
          if (!(caught instanceof AppError)) {
            // Its own transaction: this one is as it was, the others keep their results.
            logger.error({ err: caught, payout_id: id }, 'bulk resolution failed');
            error = new AppError('internal', 'This payout could not be settled now.');
          }
          results.push({
            payout_id: id,
            outcome: 'refused',
            problem: problemSummaryOf(error as AppError),
          });
        }
      }
      return { results };
    },

    async found(id, orchestratorId, user, context) {
      const { payout } = await findOr404(id);
      requireUnknown(payout);
      let record: PayoutRecord;
      try {
        record = await orchestrator.checkPayoutStatus(orchestratorId);
      } catch (error) {
        if (error instanceof OrchestratorError && error.kind === 'not_found') {
          throw new AppError('validation_failed', 'The orchestrator has no payout with this id.', {
            errors: [{ pointer: '/orchestrator_id', message: 'Not found at the orchestrator' }],
          });
        }
        throw orchestratorErrorToAppError(error);
      }
      if (record.merchant_order_id !== payout.orderId) {
        throw new AppError(
          'validation_failed',
          `That orchestrator payout is for order ${record.merchant_order_id}, not ${payout.orderId}.`,
          {
            errors: [{ pointer: '/orchestrator_id', message: 'It belongs to another order id' }],
          },
        );
      }
      const other = await repo.findByOrchestratorId(record.id);
      if (other && other.id !== id) {
        throw new AppError('conflict', 'Another payout of ours already has this orchestrator id.');
      }
      await lifecycle.applyRecord(id, record, user.email, 'status_check', {
        events: [
          {
            type: 'found_by_person',
            actor: user.email,
            at: clock.now(),
            data: { orchestrator_id: record.id, orchestrator_status: record.status_raw },
          },
        ],
        audit: [
          auditService.row(context, {
            action: 'payout.resolution.found',
            target: { type: 'payout', id },
            data: { order_id: payout.orderId, orchestrator_id: record.id },
          }),
        ],
      });
      return dtoOf(id);
    },

    async proposeMarkFailed(id, reason, user, context) {
      const { payout } = await findOr404(id);
      requireUnknown(payout);
      const now = clock.now();
      let refused: string | undefined;
      await repo.change(id, (current) => {
        if (!isUnknownUnsent(current)) {
          refused = `it is ${current.status.replace(/_/g, ' ')} now`;
          return undefined;
        }
        if (current.markFailedRequestedBy !== null) {
          refused = 'marking it failed is already proposed';
          return undefined;
        }
        return {
          patch: {
            markFailedRequestedBy: user.id,
            markFailedRequestedAt: now,
            markFailedReason: reason,
            updatedAt: now,
          },
          events: [{ type: 'mark_failed_proposed', actor: user.email, at: now, data: { reason } }],
          audit: [
            auditService.row(context, {
              action: 'payout.mark_failed.proposed',
              target: { type: 'payout', id },
              data: { order_id: current.orderId, reason },
            }),
          ],
        };
      });
      if (refused)
        throw new AppError('conflict', `This payout cannot be marked failed: ${refused}.`);
      return dtoOf(id);
    },

    async confirmMarkFailed(id, user, context) {
      const { payout } = await findOr404(id);
      requireUnknown(payout);
      if (payout.markFailedRequestedBy === null) {
        throw new AppError('conflict', 'Nobody has proposed marking this payout failed.');
      }
      await separationOfDuties.assertSecondPerson(
        {
          deciderId: user.id,
          initiatorId: payout.markFailedRequestedBy,
          subjectAt: payout.markFailedRequestedAt ?? payout.createdAt,
          subject: 'proposal to mark the payout failed',
          selfMessage: 'You proposed marking this payout failed: someone else must confirm it.',
        },
        {
          context,
          action: 'payout.mark_failed.refused',
          target: { type: 'payout', id: payout.id },
        },
      );
      // The last word goes to the evidence: found now, it is adopted and not failed.
      const record = await lookUp(payout);
      if (record) {
        await lifecycle.applyRecord(id, record, user.email, 'lookup');
        throw new AppError(
          'conflict',
          'The orchestrator has this payout after all: it was not marked failed, and its status is followed.',
          { extensions: { orchestrator_id: record.id } },
        );
      }
      const now = clock.now();
      let refused: string | undefined;
      await repo.change(id, (current) => {
        const t = decideTransition(current.status, { kind: 'refused' });
        if (
          !isUnknownUnsent(current) ||
          current.markFailedRequestedBy !== payout.markFailedRequestedBy ||
          t.outcome !== 'changed'
        ) {
          refused = 'it changed meanwhile';
          return undefined;
        }
        return {
          patch: {
            status: t.to,
            failureReason: `Marked failed by a person: ${current.markFailedReason ?? ''}`,
            markedFailedBy: user.id,
            attentionReason: null,
            nextCheckAt: null,
            unknownSince: null,
            updatedAt: now,
          },
          events: [
            {
              type: 'marked_failed',
              actor: user.email,
              at: now,
              data: { reason: current.markFailedReason, lookup: { found: false } },
            },
          ],
          audit: [
            auditService.row(context, {
              action: 'payout.mark_failed.confirmed',
              target: { type: 'payout', id },
              data: { order_id: current.orderId, reason: current.markFailedReason },
            }),
          ],
        };
      });
      if (refused) throw new AppError('conflict', `Not marked failed: ${refused}.`);
      return dtoOf(id);
    },

    async declineMarkFailed(id, reason, user, context) {
      const { payout } = await findOr404(id);
      const now = clock.now();
      let refused = false;
      await repo.change(id, (current) => {
        if (!isUnknownUnsent(current) || current.markFailedRequestedBy === null) {
          refused = true;
          return undefined;
        }
        const withdrawn = current.markFailedRequestedBy === user.id;
        return {
          patch: {
            markFailedRequestedBy: null,
            markFailedRequestedAt: null,
            markFailedReason: null,
            updatedAt: now,
          },
          events: [
            {
              type: withdrawn ? 'mark_failed_withdrawn' : 'mark_failed_rejected',
              actor: user.email,
              at: now,
              data: { reason },
            },
          ],
          audit: [
            auditService.row(context, {
              action: withdrawn ? 'payout.mark_failed.withdrawn' : 'payout.mark_failed.rejected',
              target: { type: 'payout', id },
              data: { order_id: payout.orderId, reason },
            }),
          ],
        };
      });
      if (refused) {
        throw new AppError('conflict', 'No proposal to mark this payout failed is waiting.');
      }
      return dtoOf(id);
    },

    async sendAgain({ id, orderId, idempotencyKey, user }, context, options = {}) {
      const { payout } = await findOr404(id);
      if (payout.status !== 'failed' || payout.markedFailedBy === null) {
        throw new AppError(
          'conflict',
          'Only a payout a person marked failed (not sent) can be sent again from here.',
        );
      }
      const again = await repo.findResentFrom(id);
      if (again) {
        throw new AppError('conflict', `It was sent again already, as ${again.orderId}.`, {
          extensions: { payout_id: again.id },
        });
      }
      const request = lifecycle.open(payout);
      if (!request) {
        throw new AppError(
          'conflict',
          'Its stored details can no longer be read: create it again with the wizard.',
        );
      }
      if (orderId === payout.orderId) {
        throw new AppError('validation_failed', 'Sending again takes a new order id.', {
          errors: [{ pointer: '/order_id', message: 'Choose an order id not used before' }],
        });
      }
      const result = await payoutCreation.create(
        {
          user,
          idempotencyKey,
          corridor: { country: request.country, currency: request.currency },
          body: { ...request, order_id: orderId },
        },
        context,
        { resentFrom: payout.id, ...(options.stepUp ? { stepUp: options.stepUp } : {}) },
      );
      if (!result.replayed) {
        // Its sealed details (a card number) served their one use.
        await repo.change(id, () => ({
          patch: { submission: null },
          events: [
            {
              type: 'sent_again',
              actor: user.email,
              at: clock.now(),
              data: { payout_id: result.payout.id, order_id: result.payout.order_id },
            },
          ],
        }));
      }
      return result;
    },
  };
  return resolutions;
}
