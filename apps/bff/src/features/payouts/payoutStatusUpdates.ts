import type { PayoutRecord } from '@payouts/contracts';
import type { NotificationOutcome } from '@payouts/contracts/endpoints';
import type { Logger } from 'pino';
import { AppError } from '../../shared/AppError.js';
import type { Clock } from '../../shared/clock.js';
import type { AuditContext, SessionUser } from '../../shared/identity.js';
import type { AuditService } from '../audit/index.js';
import { orchestratorErrorToAppError } from '../orchestrator/index.js';
import type { PayoutDto } from './payoutDto.js';
import type { PayoutLifecycle, PayoutsOrchestrator } from './payoutLifecycle.js';
import { orderLookup } from './orderLookup.js';
import { isFinalStatus } from './payoutStatus.js';
import type { PayoutsRepository } from './payoutsRepository.js';
import type { PayoutViews } from './payoutViews.js';

/**
 * What a notification names, as far as it could be read: either id may be missing (a sparse
 * notification), and `operationType` null when it did not say.
 */
export interface PayoutNotification {
  orchestratorId: string | null;
  orderId: string | null;
  operationType: string | null;
  webhookType: string | null;
  status: string | null;
  dedupeKey: string;
}

/**
 * What the orchestrator says about a sent payout, asked for (a user's status check) or pushed (a
 * notification), folded in through the lifecycle.
 */
export interface PayoutStatusUpdates {
  checkStatus(id: string, user: SessionUser, context: AuditContext): Promise<PayoutDto>;
  /**
   * Records an orchestrator notification once and confirms it with a status check, a few per
   * payout per window (past them, the reconciler checks at the window's end instead).
   */
  handleNotification(notification: PayoutNotification): Promise<NotificationOutcome>;
}

export function createPayoutStatusUpdates({
  payoutsRepository: repo,
  views,
  orchestrator,
  lifecycle,
  auditService,
  clock,
  logger,
  notificationChecks,
}: {
  payoutsRepository: PayoutsRepository;
  views: PayoutViews;
  orchestrator: PayoutsOrchestrator;
  lifecycle: PayoutLifecycle;
  auditService: AuditService;
  clock: Clock;
  logger: Logger;
  /** Notifications about one payout ask the orchestrator at most `max` times per window. */
  notificationChecks: { windowMs: number; max: number };
}): PayoutStatusUpdates {
  return {
    async checkStatus(id, user, context) {
      const { payout } = await views.findOr404(id);
      if (payout.status === 'awaiting_approval') {
        throw new AppError('conflict', 'This payout has not been sent yet: it awaits approval.');
      }
      let record: PayoutRecord | undefined;
      try {
        if (payout.orchestratorId) {
          record = await orchestrator.checkPayoutStatus(payout.orchestratorId);
        } else {
          // Never answered (unknown): find it by our order id, the one key both sides share.
          const page = await orchestrator.listPayouts({ merchantOrderId: payout.orderId });
          const found = orderLookup(page, payout.orderId);
          record = found.kind === 'found' ? found.record : undefined;
        }
      } catch (error) {
        throw orchestratorErrorToAppError(error);
      }
      const entry = {
        action: 'payout.check_status',
        target: { type: 'payout', id },
        data: { found: record !== undefined },
      } as const;
      // Rejected or failed payouts never reached it: there is nothing to fold in, so the audit
      // entry is the only write.
      if (payout.status === 'rejected' || payout.status === 'failed') {
        await auditService.record(context, entry);
      } else {
        await lifecycle.applyRecord(id, record, user.email, 'status_check', {
          audit: [auditService.row(context, entry)],
        });
      }
      return views.dtoOf(id);
    },

    async handleNotification(n) {
      // A deposit's or a refund's; one that does not say may still be about a payout of ours.
      if (n.operationType !== null && n.operationType !== 'payout') return 'ignored';
      const payout =
        (n.orchestratorId !== null
          ? await repo.findByOrchestratorId(n.orchestratorId)
          : undefined) ??
        (n.orderId !== null ? await repo.findActiveByOrderId(n.orderId) : undefined);
      if (!payout) {
        if (n.operationType === null) return 'ignored';
        logger.warn({ orchestratorId: n.orchestratorId }, 'notification for an unknown payout');
        return 'unknown_payout';
      }
      const recorded = await repo.recordEventOnce(payout.id, {
        type: 'notification',
        actor: 'orchestrator',
        at: clock.now(),
        dedupeKey: n.dedupeKey,
        data: {
          webhook_type: n.webhookType,
          orchestrator_status: n.status,
          orchestrator_id: n.orchestratorId,
        },
      });
      // A replay changes nothing and asks nothing: the first delivery did both.
      if (!recorded) return 'duplicate';
      const status = payout.status;
      if (isFinalStatus(status) || status === 'awaiting_approval') return 'recorded';
      const claimed = await repo.claimNotificationCheck({
        id: payout.id,
        now: clock.now(),
        windowMs: notificationChecks.windowMs,
        maxChecks: notificationChecks.max,
      });
      if (!claimed) return 'recorded';
      // A notification is a hint (unsigned, duplicated, reordered): the status check decides.
      // Without an id on either side, the lookup by our order id does.
      const orchestratorId = payout.orchestratorId ?? n.orchestratorId;
      let record: PayoutRecord | undefined;
      try {
        if (orchestratorId !== null) {
          record = await orchestrator.checkPayoutStatus(orchestratorId);
        } else {
          const page = await orchestrator.listPayouts({ merchantOrderId: payout.orderId });
          const found = orderLookup(page, payout.orderId);
          if (found.kind !== 'found') return 'recorded';
          record = found.record;
        }
      } catch (error) {
        throw orchestratorErrorToAppError(error);
      }
      if (record.merchant_order_id !== payout.orderId) {
        logger.warn({ payoutId: payout.id }, 'notification names a payout of another order');
        return 'recorded';
      }
      await lifecycle.applyRecord(payout.id, record, 'orchestrator', 'notification');
      return 'confirmed';
    },
  };
}
