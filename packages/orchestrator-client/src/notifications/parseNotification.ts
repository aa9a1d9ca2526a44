import {
  maskCardNumbers,
  NOTIFICATION_OPERATION_TYPES,
  type NotificationOperationType,
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
 * A notification as read: what the production integrators' models allow to be absent is
 * nullable (a null `psp_name`, no `operation_type`, `charge.id`, `amount`, `updated_at`, no
 * `meta`), so a body we cannot fully use is still read, and the caller decides (a status check
 * when it names a payout we hold).
 */
export interface ParsedNotification {
  webhook: { type: string | null };
  data: {
    order_id: string | null;
    psp_name: string | null;
    charge?: {
      type: string | null;
      id: string | null;
      psp_order_id: string | null;
      /** Null when absent or not one of deposit, refund, payout. */
      operation_type: NotificationOperationType | null;
      attributes: {
        status: string | null;
        status_raw: string | null;
        amount: string | null;
        currency: string | null;
        decline_code: string | null;
        decline_reason: string | null;
        created_at: number | null;
        updated_at: number | null;
        card_masked_number?: string;
        [key: string]: unknown;
      };
    };
  };
  meta: { server_time: number | null; api_version: string | null; [key: string]: unknown };
}

/**
 * Parses a notification body the orchestrator POSTed to us (docs/orchestrator/api.md,
 * "Notifications"). `data.charge` is left out when the body has none (cashier-session
 * notifications). Amounts come out as canonical decimal strings (read losslessly), statuses and
 * types in lower case (`attributes.status_raw` keeps the original), times as unix seconds. A
 * field that is absent or malformed is null rather than a failure (tolerant reading);
 * notifications are unsigned hints: callers confirm with a status check before trusting one.
 * Throws `OrchestratorError` of kind `protocol` only when the body is not JSON, or not an object
 * with a `data` object; its message names the problem, never the body.
 */
export function parseNotification(body: string): ParsedNotification {
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

/** A value that may be absent or malformed: null then, never a failure. */
function lenient<T>(read: () => T | null): T | null {
  try {
    return read();
  } catch (error) {
    if (error instanceof ReplyShapeError) return null;
    throw error;
  }
}

function objectOrNull(r: ReplyReader, key: string): ReplyReader | null {
  return r.has(key) ? lenient(() => r.object(key)) : null;
}

const scrubText = (text: string) => maskCardNumbers(text, { luhnOnly: true });

function readNotification(value: unknown): ParsedNotification {
  const root = ReplyReader.of(value, 'notification');
  const data = root.object('data');
  const webhook = objectOrNull(root, 'webhook');
  const meta = objectOrNull(root, 'meta');

  const { server_time: _serverTime, api_version: _apiVersion, ...metaRest } = meta?.plain() ?? {};
  // Cashier-session notifications (`cashier.session.init` / `.close`) carry no charge.
  const chargeReader = objectOrNull(data, 'charge');
  const charge = chargeReader === null ? undefined : readCharge(chargeReader);
  return {
    webhook: {
      type: lenient(() => webhook?.optionalString('type')?.trim().toLowerCase() ?? null),
    },
    data: {
      order_id: lenient(() => data.optionalId('order_id')),
      psp_name: lenient(() => data.optionalString('psp_name')),
      ...(charge === undefined ? {} : { charge }),
    },
    meta: {
      ...(scrubPayload(metaRest, scrubText) as Record<string, unknown>),
      server_time: meta === null ? null : lenient(() => unixSeconds(meta, 'server_time')),
      api_version: meta === null ? null : lenient(() => meta.optionalId('api_version')),
    },
  };
}

type Charge = NonNullable<ParsedNotification['data']['charge']>;

function readCharge(charge: ReplyReader): Charge {
  const attrs = objectOrNull(charge, 'attributes');
  const extras = attrs
    ? (scrubPayload(
        Object.fromEntries(
          attrs
            .keys()
            .filter((key) => !KNOWN_ATTRIBUTES.has(key))
            .map((key) => [key, toPlainJson(attrs.raw(key))]),
        ),
        scrubText,
      ) as Record<string, unknown>)
    : {};
  const statusRaw = attrs ? lenient(() => attrs.optionalString('status')) : null;
  const masked = attrs ? lenient(() => attrs.optionalString('card_masked_number')) : null;
  const attr = <T>(read: (a: ReplyReader) => T | null): T | null =>
    attrs ? lenient(() => read(attrs)) : null;
  return {
    type: lenient(() => charge.optionalString('type')),
    id: lenient(() => charge.optionalId('id')) || null,
    psp_order_id: lenient(() => charge.optionalId('psp_order_id')),
    operation_type: lenient(() => charge.optionalAs('operation_type', normalizeOperationType)),
    attributes: {
      ...extras,
      status: statusRaw === null ? null : normalizeNotificationStatus(statusRaw),
      status_raw: statusRaw,
      amount: attr((a) => (a.has('amount') ? a.decimal('amount') : null)),
      currency: attr((a) => a.optionalString('currency')),
      decline_code: attr((a) => a.optionalId('decline_code')),
      decline_reason: attr((a) => a.optionalString('decline_reason')),
      created_at: attr((a) => (a.has('created_at') ? unixSeconds(a, 'created_at') : null)),
      // Documented as 0 before the first update.
      updated_at: attr((a) => (a.has('updated_at') ? unixSeconds(a, 'updated_at') : null)),
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
  const status = normalizePayoutStatus(raw);
  return status !== 'unrecognized'
    ? status
    : raw
        .trim()
        .toLowerCase()
        .replace(/[\s-]+/g, '_');
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
