import type { PayoutRecord } from '@payouts/contracts';
import { parseLosslessJson } from '../json/parseLosslessJson.js';
import { toPlainJson } from '../json/toPlainJson.js';
import { normalizePayoutMethodType } from '../normalize/normalizePayoutMethodType.js';
import { normalizePayoutStatus } from '../normalize/normalizePayoutStatus.js';
import { toIsoUtc } from '../normalize/toIsoUtc.js';
import { scrubPayload } from '../secrets/scrubPayload.js';
import { ReplyReader } from './ReplyReader.js';
import { ReplyShapeError } from './ReplyShapeError.js';

/**
 * One payout record (docs/orchestrator/api.md section 4), normalized: status and payout method type
 * to our spellings (raw status kept), amount to a canonical decimal string, dates to ISO 8601.
 * `scrubData` cleans `psp_response_json`, which is the PSP's raw answer and may echo card data.
 */
export function readPayoutRecord(
  value: unknown,
  path: string,
  scrubData: (text: string) => string,
): PayoutRecord {
  const r = ReplyReader.of(value, path);
  const statusRaw = r.string('status');
  const { iso, timestamp } = readProcessingDate(r);
  return {
    id: r.id('id'),
    transaction_id: r.optionalId('transaction_id'),
    psp_name: r.optionalString('psp_name'),
    psp_order_id: r.optionalId('psp_order_id'),
    merchant_order_id: r.id('merchant_order_id'),
    first_name: r.optionalString('first_name'),
    last_name: r.optionalString('last_name'),
    email: r.optionalString('email'),
    country: r.string('country'),
    state: r.optionalString('state'),
    amount: r.decimal('amount'),
    currency: r.string('currency'),
    payout_method_type: readType(r),
    status: r.as('status', normalizePayoutStatus),
    status_raw: statusRaw,
    decline_code: r.optionalId('decline_code'),
    decline_reason: r.optionalString('decline_reason'),
    processing_date: iso,
    processing_date_timestamp: timestamp,
    psp_response_json: readPspResponse(r, scrubData),
  };
}

/** Null when absent or a type we do not support: the record (and its status) still counts. */
function readType(r: ReplyReader): PayoutRecord['payout_method_type'] {
  const raw = r.optionalString('payout_method_type');
  return raw === null ? null : (normalizePayoutMethodType(raw) ?? null);
}

/** Either of `processing_date` and `processing_date_timestamp` may stand in for the other. */
function readProcessingDate(r: ReplyReader): { iso: string; timestamp: number } {
  const iso = r.optionalAs('processing_date', toIsoUtc);
  const timestamp = r.optionalInteger('processing_date_timestamp');
  if (iso !== null) return { iso, timestamp: timestamp ?? Math.floor(Date.parse(iso) / 1000) };
  if (timestamp !== null) return { iso: new Date(timestamp * 1000).toISOString(), timestamp };
  throw new ReplyShapeError(`${r.path}.processing_date is missing`);
}

function readPspResponse(
  r: ReplyReader,
  scrubData: (text: string) => string,
): Record<string, unknown> {
  let raw = r.raw('psp_response_json');
  if (raw === undefined || raw === null || raw === '') return {};
  // Some services store the PSP answer as a JSON string rather than an object.
  if (typeof raw === 'string') {
    const text = raw;
    try {
      raw = parseLosslessJson(text);
    } catch {
      return { raw: scrubData(text) };
    }
  }
  const plain = toPlainJson(raw);
  const scrubbed = scrubPayload(plain, scrubData);
  if (scrubbed === null || typeof scrubbed !== 'object' || Array.isArray(scrubbed)) {
    return { value: scrubbed };
  }
  return scrubbed as Record<string, unknown>;
}
