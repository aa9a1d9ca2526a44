import { createHash, timingSafeEqual } from 'node:crypto';
import { parseNotification } from '@payouts/orchestrator-client';
import { orchestratorNotificationEndpoints } from '@payouts/contracts/endpoints';
import express, { Router } from 'express';
import { AppError } from '../../shared/AppError.js';
import { mountEndpoints } from '../../http/mountEndpoints.js';
import { findUnstorableText } from '../../http/refuseUnstorableText.js';
import { canonicalJson } from '../payouts/index.js';
import type { PayoutStatusUpdates } from '../payouts/index.js';

const digest = (text: string) => createHash('sha256').update(text).digest();

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * The orchestrator's webhook. Server to server, so outside the CSRF guard and sessions; the
 * orchestrator signs nothing, so the path token is the only credential (compared in constant
 * time, and a wrong one looks like an unknown route). The body is read as text: amounts are
 * parsed losslessly by the client's parser; what it says identifies a redelivery.
 */
export function createNotificationsRouter({
  payoutStatusUpdates,
  token,
}: {
  payoutStatusUpdates: PayoutStatusUpdates;
  token: string;
}): Router {
  const router = Router();
  const expected = digest(token);
  mountEndpoints(
    router,
    orchestratorNotificationEndpoints,
    {
      orchestratorNotification: async ({ body }) => {
        if (typeof body !== 'string' || body === '') {
          throw new AppError('malformed_request', 'Expected a notification body.');
        }
        // Not JSON at all: a malformed request. Well-formed JSON we cannot use is answered 200
        // `ignored` below (the orchestrator must not retry it forever), after a status check
        // when it names a payout we hold.
        let notification;
        try {
          notification = parseNotification(body);
        } catch {
          if (!isJson(body))
            throw new AppError('malformed_request', 'Not an orchestrator notification.');
          return { outcome: 'ignored' as const };
        }
        // Ids are looked up in text columns: NUL or a lone surrogate would fail the query (a 500).
        if (findUnstorableText(notification).length > 0) {
          throw new AppError(
            'malformed_request',
            'The notification holds text that cannot be stored.',
          );
        }
        const { charge, order_id: orderId } = notification.data;
        // Cashier-session notifications carry no transaction: nothing of ours to update.
        if (!charge || (charge.id === null && orderId === null))
          return { outcome: 'ignored' as const };
        const outcome = await payoutStatusUpdates.handleNotification({
          orchestratorId: charge.id,
          orderId,
          operationType: charge.operation_type,
          webhookType: notification.webhook.type,
          status: charge.attributes.status,
          // What it says, not its bytes: a replay with other whitespace, key order or `meta`
          // (the server time) is the same notification.
          dedupeKey: createHash('sha256')
            .update(canonicalJson({ webhook: notification.webhook, data: notification.data }))
            .digest('hex'),
        });
        return { outcome };
      },
    },
    {
      orchestratorNotification: [
        (req, _res, next) => {
          if (!timingSafeEqual(digest(String(req.params.token)), expected)) {
            next(new AppError('not_found', 'No such API route.'));
            return;
          }
          next();
        },
        express.text({ type: () => true, limit: '100kb' }),
      ],
    },
  );
  return router;
}
