import type { NotificationOperationType } from '@payouts/contracts';
import { toUnixSeconds } from '../support/dates.js';
import type { SandboxNotification } from '../types.js';

export interface NotificationSubject {
  operationType: NotificationOperationType;
  id: string;
  orderId: string;
  pspName: string;
  pspOrderId: string | null;
  /** Lower case, as callbacks write statuses. */
  status: string;
  amount: string;
  currency: string;
  declineCode: string | null;
  declineReason: string | null;
  createdAt: Date;
  updatedAt: Date;
  /** Extra attributes (payout method type, masked card number ...). */
  attributes?: Record<string, unknown>;
}

/**
 * `complete`: every field the back-office was built against. `sparse`: only what the production
 * integrators' models require (BridgerPay's own example leaves `psp_name` null for some), so
 * `psp_name` is null and `operation_type`, `charge.id`, `amount`, `updated_at` and `meta` are
 * absent: the receiver has the order id and the status to go on.
 */
export type NotificationShape = 'complete' | 'sparse';

/** The section-5 callback body for one status change (amount as a decimal string here). */
export function buildNotification(
  subject: NotificationSubject,
  now: Date,
  shape: NotificationShape = 'complete',
): SandboxNotification {
  if (shape === 'sparse') {
    // Typed as sent, not as the complete shape: the receiver must cope with what is missing.
    return {
      webhook: { type: subject.status },
      data: {
        order_id: subject.orderId,
        psp_name: null,
        charge: {
          type: subject.operationType === 'deposit' ? 'charge' : subject.operationType,
          psp_order_id: subject.pspOrderId,
          attributes: {
            status: subject.status,
            currency: subject.currency,
            decline_code: subject.declineCode,
            decline_reason: subject.declineReason,
            created_at: toUnixSeconds(subject.createdAt),
          },
        },
      },
    } as unknown as SandboxNotification;
  }
  return {
    webhook: { type: subject.status },
    data: {
      order_id: subject.orderId,
      psp_name: subject.pspName,
      charge: {
        type: subject.operationType === 'deposit' ? 'charge' : subject.operationType,
        id: subject.id,
        psp_order_id: subject.pspOrderId,
        operation_type: subject.operationType,
        attributes: {
          ...subject.attributes,
          status: subject.status,
          amount: subject.amount,
          currency: subject.currency,
          decline_code: subject.declineCode,
          decline_reason: subject.declineReason,
          created_at: toUnixSeconds(subject.createdAt),
          updated_at: toUnixSeconds(subject.updatedAt),
        },
      },
    },
    meta: { server_time: toUnixSeconds(now), api_version: 'v2', sandbox: true },
  };
}
