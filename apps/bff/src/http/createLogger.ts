import { pino, type DestinationStream, type Logger } from 'pino';
import type { LogLevel } from '../config.js';

/** Keys whose values never reach a log line, wherever they sit in a logged object. */
const SECRET_KEYS = [
  'password',
  'passwordHash',
  'newPassword',
  'secret',
  'sessionSecret',
  'token',
  'notificationToken',
  'access_token',
  'refresh_token',
  'accessToken',
  'apiKey',
  'smtpUrl',
  'api_key',
  'creditCardNumber',
  'credit_card_number',
  'cardNumber',
  'cvv',
  'cvv2',
  'cvc',
];

// The card-deposit console's body, spelled out: deeper than the generic depths below reach.
const BODY_PATHS = [
  'req.body.deposit.credit_card_number',
  'req.body.deposit.cvv2',
  'body.deposit.credit_card_number',
  'body.deposit.cvv2',
  'deposit.credit_card_number',
  'deposit.cvv2',
];

const HEADER_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
  'headers.cookie',
  'headers.authorization',
];

/** Redaction by configuration, at every depth a request, body or error detail can reach. */
export const REDACT_PATHS = [
  ...HEADER_PATHS,
  ...BODY_PATHS,
  ...SECRET_KEYS.flatMap((key) => [key, `*.${key}`, `*.*.${key}`, `*.*.*.${key}`]),
];

/**
 * Redaction of the access log (requestLogger.ts). Its lines are built by its own serializers
 * from a fixed set of fields (no headers, no bodies), so the secret-key wildcards above, which
 * cost more than all the rest of a request's logging together, are applied only where arbitrary
 * data can appear: the error of a failed request, to the same depth as on any other line.
 */
export const ACCESS_LOG_REDACT_PATHS = [
  ...HEADER_PATHS,
  ...BODY_PATHS,
  ...SECRET_KEYS.flatMap((key) => [`err.${key}`, `err.*.${key}`, `err.*.*.${key}`]),
];

export interface CreateLoggerOptions {
  level: LogLevel;
  /** Tests pass a buffer; production writes JSON lines to stdout. */
  destination?: DestinationStream;
}

export function createLogger({ level, destination }: CreateLoggerOptions): Logger {
  const options = {
    level,
    redact: { paths: REDACT_PATHS, censor: '[Redacted]' },
    base: { service: 'bff' },
    timestamp: pino.stdTimeFunctions.isoTime,
  };
  return destination ? pino(options, destination) : pino(options);
}
