import { z } from 'zod';
import { NOTIFICATION_OPERATION_TYPES } from '../types.js';
import { endpoint, json } from './endpoint.js';
import { orchestratorNotificationRoutes as routes } from './orchestratorNotifications.routes.js';

const idOrNumber = z.union([z.string().min(1), z.number()]);
const codeOrNull = z.union([z.string(), z.number(), z.null()]).optional();
const unixTime = z
  .union([z.int(), z.string()])
  .describe('Unix seconds, a number or a digit string (an ISO 8601 date-time is accepted too)');

/**
 * The orchestrator's status notification (its API, section 5) as `parseNotification`
 * (`@payouts/orchestrator-client`) reads it: the route reads the body as text whatever its
 * content type and parses it losslessly (amounts keep every digit), so this schema documents it
 * and the parser checks it; a body that is not JSON is a 400 `malformed_request`. Unknown
 * members are kept (`meta`, extra charge attributes) or ignored.
 */
export const orchestratorNotificationBody = z
  .looseObject({
    webhook: z.looseObject({
      type: z.string().describe('The event, any case (e.g. `approved`, `declined`)'),
    }),
    data: z.looseObject({
      order_id: idOrNumber,
      psp_name: z.string(),
      charge: z
        .looseObject({
          type: z.string(),
          id: idOrNumber.describe('The orchestrator’s transaction id'),
          psp_order_id: codeOrNull,
          operation_type: z
            .string()
            .describe(`One of ${NOTIFICATION_OPERATION_TYPES.join(', ')}, any case`),
          attributes: z.looseObject({
            status: z.string().describe('The transaction status, as the orchestrator spells it'),
            amount: z
              .union([z.number(), z.string()])
              .describe('A JSON number (read losslessly) or a numeric string'),
            currency: z.string(),
            decline_code: codeOrNull,
            decline_reason: z.string().nullable().optional(),
            created_at: unixTime,
            updated_at: unixTime,
            card_masked_number: z.string().nullable().optional(),
          }),
        })
        .nullable()
        .optional()
        .describe('Absent or null for cashier-session notifications (answered `ignored`)'),
    }),
    meta: z.looseObject({
      server_time: unixTime,
      api_version: z.union([z.string(), z.number()]),
    }),
  })
  .meta({ id: 'OrchestratorNotification' });

/**
 * What became of a notification (read by no one but logs): `ignored` (not about a payout of
 * ours, or well-formed JSON we cannot use: never retried forever), `unknown_payout`,
 * `duplicate` (a redelivery), `recorded` (on its timeline, no check needed), `confirmed` (the
 * status check it prompted was folded in).
 */
export const NOTIFICATION_OUTCOMES = [
  'ignored',
  'unknown_payout',
  'duplicate',
  'recorded',
  'confirmed',
] as const;
export type NotificationOutcome = (typeof NOTIFICATION_OUTCOMES)[number];

export const notificationOutcome = z
  .strictObject({ outcome: z.enum(NOTIFICATION_OUTCOMES) })
  .meta({ id: 'NotificationOutcome' });

export const orchestratorNotificationEndpoints = {
  orchestratorNotification: endpoint(routes.orchestratorNotification, {
    summary: 'Status notifications from the orchestrator (secret path token)',
    tag: 'Notifications',
    body: orchestratorNotificationBody,
    handlerChecksBody: true,
    reply: json(notificationOutcome),
  }),
};
