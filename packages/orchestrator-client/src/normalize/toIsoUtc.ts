import { ReplyShapeError } from '../replies/ReplyShapeError.js';

// `YYYY-MM-DD HH:MM:SS` (create replies: UTC without a zone) or ISO 8601 (records).
const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/i;

/**
 * Converts an orchestrator date-time to ISO 8601 UTC (`2024-05-01T12:00:00.000Z`).
 * A value without a zone is UTC, as the orchestrator documents.
 */
export function toIsoUtc(raw: string): string {
  const match = DATE_TIME.exec(raw.trim());
  if (match === null) throw new ReplyShapeError('date-time is not in a known format');
  const [, y, mo, d, h, mi, s = '00', frac = '', zone = 'Z'] = match;
  const offset = zone.toUpperCase() === 'Z' ? 'Z' : zone.replace(/^([+-]\d{2}):?(\d{2})$/, '$1:$2');
  // Milliseconds only: Date does not keep more, and a fixed width parses everywhere.
  const millis = (frac.slice(1) + '000').slice(0, 3);
  const ms = Date.parse(`${y}-${mo}-${d}T${h}:${mi}:${s}.${millis}${offset}`);
  if (Number.isNaN(ms)) throw new ReplyShapeError('date-time is not a valid date');
  const date = new Date(ms);
  // Date.parse rolls 2024-02-31 over into March; a rolled-over date is not what was sent.
  if (offset === 'Z' && date.getUTCDate() !== Number(d)) {
    throw new ReplyShapeError('date-time is not a valid date');
  }
  return date.toISOString();
}
