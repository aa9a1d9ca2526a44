import {
  maskCardNumbers,
  NOTIFICATION_OPERATION_TYPES,
  type NotificationOperationType,
  type OrchestratorNotification,
} from '@payouts/contracts';
import { OrchestratorError } from '../errors/OrchestratorError.js';
import { parseLosslessJson } from '../json/parseLosslessJson.js';
import { toPlainJson } from '../json/toPlainJson.js';
import { normalizePayoutStatus } from '../normalize/normalizePayoutStatus.js';
import { ReplyReader } from '../replies/ReplyReader.js';
import { ReplyShapeError } from '../replies/ReplyShapeError.js';
import { scrubPayload } from '../secrets/scrubPayload.js';

const KNOWN_ATTRIBUTES = new Set([
  'status',
  'amount',
  'currency',
  'decline_code',
  'decline_reason',
  'created_at',
  'updated_at',
  'card_masked_number',
]);

/**
 * Parses a notification body the orchestrator POSTed to us (orchestrator-api.md section 5).
 * `data.charge` is left out when the body has none (cashier-session notifications).
 * Amounts come out as canonical decimal strings (read losslessly), statuses and types in lower
 * case (`attributes.status_raw` keeps the original), times as unix seconds. Notifications are
 * unsigned hints: callers confirm with `checkPayoutStatus` before trusting one.
 * Throws `OrchestratorError` of kind `protocol` on anything else; its message names the
 * offending field, never the body.
 */
export function parseNotification(body: string): OrchestratorNotification {
  let parsed: unknown;
  try {
    parsed = parseLosslessJson(body);
  } catch {
    throw notificationError('body is not valid JSON');
  }
  try {
    return readNotification(parsed);
  } catch (error) {
    if (error instanceof ReplyShapeError) throw notificationError(error.message);
    throw error;
  }
}

function notificationError(problem: string): OrchestratorError {
  return new OrchestratorError({
    kind: 'protocol',
    operation: 'parseNotification',
    message: `parseNotification: not an orchestrator notification: ${problem}`,
  });
}

function readNotification(value: unknown): OrchestratorNotification {
  const root = ReplyReader.of(value, 'notification');
  const webhook = root.object('webhook');
  const data = root.object('data');
  const meta = root.object('meta');

  const { server_time: _serverTime, api_version: _apiVersion, ...metaRest } = meta.plain();
  const apiVersion = meta.optionalId('api_version');
  if (apiVersion === null) throw new ReplyShapeError('notification.meta.api_version is missing');

  // Cashier-session notifications (`cashier.session.init` / `.close`) carry no charge.
  const charge = data.has('charge') ? readCharge(data.object('charge')) : undefined;
  return {
    webhook: { type: webhook.string('type').trim().toLowerCase() },
    data: {
      order_id: data.id('order_id'),
      psp_name: data.string('psp_name'),
      ...(charge === undefined ? {} : { charge }),
    },
    meta: {
      ...(scrubPayload(metaRest, (text) => maskCardNumbers(text, { luhnOnly: true })) as Record<
        string,
        unknown
      >),
      server_time: unixSeconds(meta, 'server_time'),
      api_version: apiVersion,
    },
  };
}

type Charge = NonNullable<OrchestratorNotification['data']['charge']>;

function readCharge(charge: ReplyReader): Charge {
  const attrs = charge.object('attributes');
  const statusRaw = attrs.string('status');
  const extras = scrubPayload(
    Object.fromEntries(
      attrs
        .keys()
        .filter((key) => !KNOWN_ATTRIBUTES.has(key))
        .map((key) => [key, toPlainJson(attrs.raw(key))]),
    ),
    (text) => maskCardNumbers(text, { luhnOnly: true }),
  ) as Record<string, unknown>;
  const masked = attrs.optionalString('card_masked_number');
  return {
    type: charge.string('type'),
    id: charge.id('id'),
    psp_order_id: charge.optionalId('psp_order_id'),
    operation_type: charge.as('operation_type', normalizeOperationType),
    attributes: {
      ...extras,
      status: normalizeNotificationStatus(statusRaw),
      status_raw: statusRaw,
      amount: attrs.decimal('amount'),
      currency: attrs.string('currency'),
      decline_code: attrs.optionalId('decline_code'),
      decline_reason: attrs.optionalString('decline_reason'),
      created_at: unixSeconds(attrs, 'created_at'),
      updated_at: unixSeconds(attrs, 'updated_at'),
      ...(masked === null ? {} : { card_masked_number: maskCardNumbers(masked) }),
    },
  };
}

function normalizeOperationType(raw: string): NotificationOperationType {
  const type = raw.trim().toLowerCase();
  if (!(NOTIFICATION_OPERATION_TYPES as readonly string[]).includes(type)) {
    throw new ReplyShapeError(`unknown operation type '${raw.slice(0, 40)}'`);
  }
  return type as NotificationOperationType;
}

/**
 * Payout statuses map to our spelling (`"In Process"` -> `in_process`); other notification
 * statuses (refunds, holds) are not a closed set, so they are only lower-cased.
 */
function normalizeNotificationStatus(raw: string): string {
  try {
    return normalizePayoutStatus(raw);
  } catch {
    return raw
      .trim()
      .toLowerCase()
      .replace(/[\s-]+/g, '_');
  }
}

/** Unix seconds as documented; an ISO date-time is accepted and converted. */
function unixSeconds(r: ReplyReader, key: string): number {
  const raw = r.raw(key);
  if (typeof raw === 'string' && !/^\d+$/.test(raw.trim())) {
    const ms = Date.parse(raw);
    if (Number.isNaN(ms)) throw new ReplyShapeError(`${r.path}.${key} is not a time`);
    return Math.floor(ms / 1000);
  }
  return r.integer(key);
}
