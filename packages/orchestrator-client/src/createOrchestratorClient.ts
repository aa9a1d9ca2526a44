import type { CardDepositRequest, PayoutRequest } from '@payouts/contracts';
import { LosslessNumber } from 'lossless-json';
import { createTokenManager, type IssuedToken } from './auth/createTokenManager.js';
import { mapHttpError } from './errors/mapHttpError.js';
import { mapNetworkError } from './errors/mapNetworkError.js';
import { OrchestratorError } from './errors/OrchestratorError.js';
import { createTransport, type HttpReply } from './http/createTransport.js';
import { canonicalDecimal, isPlainDecimal } from './json/canonicalDecimal.js';
import { parseLosslessJson } from './json/parseLosslessJson.js';
import { stringifyLosslessJson } from './json/stringifyLosslessJson.js';
import type {
  CallOptions,
  OrchestratorCallInfo,
  OrchestratorClient,
  OrchestratorClientOptions,
  OrchestratorExchange,
  OrchestratorOperation,
} from './OrchestratorClient.js';
import { readDepositResult } from './replies/readDepositResult.js';
import { readDepositTransaction } from './replies/readDepositTransaction.js';
import { readEnvelope, type Envelope } from './replies/readEnvelope.js';
import { readLoginResult } from './replies/readLoginResult.js';
import { readPayoutCreated } from './replies/readPayoutCreated.js';
import { readPayoutList } from './replies/readPayoutList.js';
import { readPayoutProviders } from './replies/readPayoutProviders.js';
import { readPayoutRecord } from './replies/readPayoutRecord.js';
import { ReplyShapeError } from './replies/ReplyShapeError.js';
import { createScrubber } from './secrets/createScrubber.js';
import { maskCardRuns, scrubExchangeBody } from './secrets/scrubExchangeBody.js';

const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_CONNECTIONS = 16;
const DEFAULT_REFRESH_MARGIN_SECONDS = 60;
// MPI (card deposit) routes exist only as /mpi/v2 whatever the payout API version.
const MPI_PREFIX = '/mpi/v2';
// Metadata keys whose values are card data or credentials: scrubbed from any upstream text.
const SENSITIVE_METADATA_KEY = /card.?number|cvv|cvc|pan$|token/i;

interface Route {
  operation: OrchestratorOperation;
  method: 'GET' | 'POST';
  /** Real path (API key included) and query. */
  path: string;
  /** Path with `{api_key}` in place of the key, for logs and `onCall`. */
  template: string;
  body?: unknown;
  /** Create calls: never retried, and failures after sending leave the outcome unknown. */
  nonIdempotent: boolean;
  authenticated: boolean;
  /** Per-call values (card number, CVV) to scrub from upstream text. */
  extraSecrets: readonly string[];
  /** The fingerprint endpoint answers HTML rather than the JSON envelope. */
  html?: boolean;
}

interface Attempt {
  token: string | null;
  signal: AbortSignal;
  timeoutSignal: AbortSignal;
  callerSignal: AbortSignal | undefined;
  timeoutMs: number;
  attempt: number;
  onExchange?: ((exchange: OrchestratorExchange) => void) | undefined;
}

type Outcome<T> = { ok: true; value: T } | { ok: false; unauthorized: true };

/**
 * The typed client of the payment orchestrator (orchestrator-api.md). It logs in on first use
 * and shares that login among concurrent callers, re-logs in once on a 401, reads and writes
 * amounts losslessly, normalizes the orchestrator's spellings and turns every failure into an
 * `OrchestratorError` free of secrets. It never retries a call by itself otherwise.
 */
export function createOrchestratorClient(options: OrchestratorClientOptions): OrchestratorClient {
  checkOptions(options);
  const version = options.apiVersion ?? 'v2';
  const defaultTimeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const now = options.now ?? Date.now;
  const logger = options.logger;
  const keyInPath = encodeURIComponent(options.apiKey);
  const transport = createTransport({
    baseUrl: options.baseUrl,
    connections: options.connections ?? DEFAULT_CONNECTIONS,
  });
  let closed = false;

  const tokens = createTokenManager({
    login: () => login(),
    now,
    refreshMarginSeconds: options.tokenRefreshMarginSeconds ?? DEFAULT_REFRESH_MARGIN_SECONDS,
  });
  const scrub = createScrubber(() => [
    options.apiKey,
    keyInPath,
    options.password,
    ...tokens.knownTokens(),
  ]);

  const payoutRoute = (suffix: string, query?: Record<string, string | number | undefined>) => ({
    path: `/${version}/${keyInPath}/payouts${suffix}${queryString(query)}`,
    template: `/${version}/{api_key}/payouts${suffix}`,
  });
  const mpiRoute = (suffix: string, query?: Record<string, string | number | undefined>) => ({
    path: `${MPI_PREFIX}/${keyInPath}${suffix}${queryString(query)}`,
    template: `${MPI_PREFIX}/{api_key}${suffix}`,
  });

  function report(info: OrchestratorCallInfo): void {
    logger?.debug({ ...info }, 'orchestrator call');
    if (options.onCall === undefined) return;
    try {
      options.onCall(info);
    } catch {
      // An observer must never change the outcome of a call.
    }
  }

  /** Tells the call's `onExchange` what went over the wire, scrubbed. Never throws. */
  function reportExchange(
    route: Route,
    a: Attempt,
    httpStatus: number | null,
    replyText: string | null,
    durationMs: number,
  ): void {
    if (a.onExchange === undefined) return;
    try {
      const scrubText = (text: string) => maskCardRuns(scrub.known(text, route.extraSecrets));
      let responseBody: unknown = null;
      if (replyText !== null) {
        try {
          responseBody = scrubExchangeBody(parseLosslessJson(replyText), scrubText);
        } catch {
          responseBody = scrubText(replyText);
        }
      }
      const query = route.path.indexOf('?');
      a.onExchange({
        method: route.method,
        path: route.template + (query < 0 ? '' : route.path.slice(query)),
        requestBody: route.body === undefined ? null : scrubExchangeBody(route.body, scrubText),
        httpStatus,
        responseBody,
        durationMs,
      });
    } catch {
      // An observer must never change the outcome of a call.
    }
  }

  function protocolError(route: Route, problem: string, httpStatus: number): OrchestratorError {
    return new OrchestratorError({
      kind: 'protocol',
      operation: route.operation,
      httpStatus,
      // A 2xx we cannot read on a create call may still mean the payout exists.
      outcomeUnknown: route.nonIdempotent,
      message: `${route.operation}: unexpected reply from the orchestrator (HTTP ${httpStatus}): ${scrub.message(problem, route.extraSecrets)}`,
    });
  }

  function interpret<T>(route: Route, reply: HttpReply, read: (result: unknown) => T): T {
    const contentType = String(reply.headers['content-type'] ?? '');
    const ok = reply.status >= 200 && reply.status < 300;
    if (route.html === true && ok && !/json/i.test(contentType)) return read(reply.text);

    let body: unknown;
    let envelope: Envelope | null = null;
    let parseProblem = 'reply is not valid JSON';
    try {
      body = parseLosslessJson(reply.text);
      envelope = readEnvelope(body);
    } catch (error) {
      if (error instanceof ReplyShapeError) parseProblem = error.message;
    }
    // A 2xx whose envelope carries an error code is treated as that error.
    const status =
      ok && envelope?.code !== null && envelope?.code !== undefined && envelope.code >= 400
        ? envelope.code
        : reply.status;
    if (status < 200 || status >= 300) {
      throw mapHttpError(
        {
          status,
          envelope,
          retryAfter: firstHeader(reply.headers['retry-after']),
        },
        {
          operation: route.operation,
          nonIdempotent: route.nonIdempotent,
          scrub: (text) => scrub.message(text, route.extraSecrets),
          nowMs: now(),
        },
      );
    }
    if (envelope === null) throw protocolError(route, parseProblem, reply.status);
    try {
      return read(envelope.result);
    } catch (error) {
      if (error instanceof ReplyShapeError) throw protocolError(route, error.message, reply.status);
      throw error;
    }
  }

  async function exchange<T>(
    route: Route,
    read: (result: unknown) => T,
    a: Attempt,
  ): Promise<Outcome<T>> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (a.token !== null) headers.authorization = `Bearer ${a.token}`;
    let body: string | undefined;
    if (route.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = stringifyLosslessJson(route.body);
    }
    const info = { operation: route.operation, method: route.method, path: route.template };
    const started = performance.now();
    const elapsed = (): number => Math.round((performance.now() - started) * 1000) / 1000;
    let reply: HttpReply;
    try {
      reply = await transport.send({
        method: route.method,
        path: route.path,
        headers,
        signal: a.signal,
        ...(body === undefined ? {} : { body }),
      });
    } catch (error) {
      const mapped = mapNetworkError(error, {
        operation: route.operation,
        nonIdempotent: route.nonIdempotent,
        timedOut: a.timeoutSignal.aborted,
        cancelled: a.callerSignal?.aborted === true,
        timeoutMs: a.timeoutMs,
        scrub,
      });
      const durationMs = elapsed();
      report({
        ...info,
        httpStatus: null,
        durationMs,
        attempt: a.attempt,
        errorKind: mapped.kind,
      });
      reportExchange(route, a, null, null, durationMs);
      throw warned(mapped);
    }
    const durationMs = elapsed();
    reportExchange(route, a, reply.status, reply.text, durationMs);
    if (reply.status === 401 && route.authenticated && a.attempt === 1) {
      report({ ...info, httpStatus: 401, durationMs, attempt: a.attempt });
      return { ok: false, unauthorized: true };
    }
    try {
      const value = interpret(route, reply, read);
      report({ ...info, httpStatus: reply.status, durationMs, attempt: a.attempt });
      return { ok: true, value };
    } catch (error) {
      if (error instanceof OrchestratorError) {
        report({
          ...info,
          httpStatus: reply.status,
          durationMs,
          attempt: a.attempt,
          errorKind: error.kind,
        });
        throw warned(error);
      }
      throw error;
    }
  }

  function warned(error: OrchestratorError): OrchestratorError {
    logger?.warn(
      {
        operation: error.operation,
        kind: error.kind,
        httpStatus: error.httpStatus,
        outcomeUnknown: error.outcomeUnknown,
      },
      error.message,
    );
    return error;
  }

  async function login(): Promise<IssuedToken> {
    const route: Route = {
      operation: 'login',
      method: 'POST',
      path: `/${version}/auth/login`,
      template: `/${version}/auth/login`,
      body: { user_name: options.userName, password: options.password },
      nonIdempotent: false,
      authenticated: false,
      extraSecrets: [],
    };
    // The login is shared by every waiting call, so it has its own timeout rather than the
    // signal of whichever call happened to start it.
    const timeoutSignal = AbortSignal.timeout(defaultTimeoutMs);
    const outcome = await exchange(route, readLoginResult, {
      token: null,
      signal: timeoutSignal,
      timeoutSignal,
      callerSignal: undefined,
      timeoutMs: defaultTimeoutMs,
      attempt: 1,
    });
    if (!outcome.ok) throw new Error('unreachable: login is not retried');
    return outcome.value;
  }

  async function execute<T>(
    route: Route,
    read: (result: unknown) => T,
    callOptions: CallOptions | undefined,
  ): Promise<T> {
    if (closed) {
      throw warned(
        new OrchestratorError({
          kind: 'unavailable',
          operation: route.operation,
          message: `${route.operation}: the orchestrator client is closed`,
        }),
      );
    }
    const timeoutMs = callOptions?.timeoutMs ?? defaultTimeoutMs;
    const callerSignal = callOptions?.signal;
    if (callerSignal?.aborted === true) {
      throw new OrchestratorError({
        kind: 'timeout',
        operation: route.operation,
        outcomeUnknown: false,
        message: `${route.operation}: cancelled by the caller before anything was sent`,
      });
    }
    const timeoutSignal = AbortSignal.timeout(timeoutMs);
    const signal =
      callerSignal === undefined ? timeoutSignal : AbortSignal.any([timeoutSignal, callerSignal]);

    for (let attempt = 1; ; attempt += 1) {
      let token: string;
      try {
        token = await tokens.get(signal);
      } catch (error) {
        if (error instanceof OrchestratorError) throw error;
        // Our own signal fired while the shared login was still running: nothing was sent.
        throw warned(
          new OrchestratorError({
            kind: 'timeout',
            operation: route.operation,
            outcomeUnknown: false,
            message: timeoutSignal.aborted
              ? `${route.operation}: timed out after ${timeoutMs} ms waiting for the login`
              : `${route.operation}: cancelled by the caller while waiting for the login`,
          }),
        );
      }
      const outcome = await exchange(route, read, {
        token,
        signal,
        timeoutSignal,
        callerSignal,
        timeoutMs,
        attempt,
        onExchange: callOptions?.onExchange,
      });
      if (outcome.ok) return outcome.value;
      // The token was refused (expired early, or revoked): log in again once and retry once.
      // Safe for create calls too: a 401 means the orchestrator did not process the request.
      logger?.warn(
        { operation: route.operation },
        'orchestrator refused the token; logging in again',
      );
      tokens.invalidate(token);
    }
  }

  return {
    async getPayoutProviders(q, o) {
      return execute(
        {
          operation: 'getPayoutProviders',
          method: 'GET',
          ...payoutRoute('/metadata', { country: q.country, currency: q.currency }),
          nonIdempotent: false,
          authenticated: true,
          extraSecrets: [],
        },
        readPayoutProviders,
        o,
      );
    },

    async createPayout(p, o) {
      const amount = amountOrThrow('createPayout', p.amount);
      return execute(
        {
          operation: 'createPayout',
          method: 'POST',
          ...payoutRoute(''),
          body: payoutBody(p, amount),
          nonIdempotent: true,
          authenticated: true,
          extraSecrets: sensitiveMetadataValues(p.metadata),
        },
        readPayoutCreated,
        o,
      );
    },

    async listPayouts(q, o) {
      return execute(
        {
          operation: 'listPayouts',
          method: 'GET',
          ...payoutRoute('', {
            merchantOrderId: q.merchantOrderId,
            from: q.from,
            to: q.to,
            pspName: q.pspName,
            // Filters take lower-case statuses.
            status: q.status?.toLowerCase(),
            page: q.page,
            sortField: q.sortField,
            sortDir: q.sortDir,
            limit: q.limit,
          }),
          nonIdempotent: false,
          authenticated: true,
          extraSecrets: [],
        },
        (result) => readPayoutList(result, scrub.data),
        o,
      );
    },

    async getPayout(id, o) {
      return execute(
        {
          operation: 'getPayout',
          method: 'GET',
          ...payoutRoute(`/${idSegment('getPayout', id)}`),
          nonIdempotent: false,
          authenticated: true,
          extraSecrets: [],
        },
        (result) => readPayoutRecord(result, 'result', scrub.data),
        o,
      );
    },

    async checkPayoutStatus(id, o) {
      return execute(
        {
          operation: 'checkPayoutStatus',
          method: 'GET',
          ...payoutRoute(`/${idSegment('checkPayoutStatus', id)}/check-status`),
          nonIdempotent: false,
          authenticated: true,
          extraSecrets: [],
        },
        (result) => readPayoutRecord(result, 'result', scrub.data),
        o,
      );
    },

    async getFingerprint(q, o) {
      return execute(
        {
          operation: 'getFingerprint',
          method: 'GET',
          ...mpiRoute('/fingerprint', {
            country: q.country,
            currency: q.currency,
            cardBin: binOf(q.cardBin),
          }),
          nonIdempotent: false,
          authenticated: true,
          extraSecrets: [],
          html: true,
        },
        readFingerprint,
        o,
      );
    },

    async createCardDeposit(d, o) {
      const amount = amountOrThrow('createCardDeposit', d.amount);
      const pspName = o?.pspName;
      const suffix =
        pspName === undefined
          ? '/deposit/credit-card'
          : `/deposit/credit-card/${idSegment('createCardDeposit', pspName)}`;
      return execute(
        {
          operation: 'createCardDeposit',
          method: 'POST',
          ...mpiRoute(suffix),
          body: depositBody(d, amount, pspName !== undefined),
          nonIdempotent: true,
          authenticated: true,
          extraSecrets: [d.credit_card_number, d.cvv2],
        },
        readDepositResult,
        o,
      );
    },

    async getDeposit(id, o) {
      return execute(
        {
          operation: 'getDeposit',
          method: 'GET',
          ...mpiRoute(`/deposit/transaction/${idSegment('getDeposit', id)}`),
          nonIdempotent: false,
          authenticated: true,
          extraSecrets: [],
        },
        readDepositTransaction,
        o,
      );
    },

    async close() {
      if (closed) return;
      closed = true;
      await transport.close();
    },
  };
}

function checkOptions(options: OrchestratorClientOptions): void {
  const problems: string[] = [];
  try {
    const url = new URL(options.baseUrl);
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      problems.push('baseUrl must be http(s)');
  } catch {
    problems.push('baseUrl is not a URL');
  }
  for (const key of ['apiKey', 'userName', 'password'] as const) {
    if (typeof options[key] !== 'string' || options[key] === '')
      problems.push(`${key} is required`);
  }
  const positive = (v: number | undefined) => v === undefined || (Number.isFinite(v) && v > 0);
  if (!positive(options.timeoutMs)) problems.push('timeoutMs must be positive');
  if (!positive(options.connections) || !Number.isInteger(options.connections ?? 1)) {
    problems.push('connections must be a positive integer');
  }
  const margin = options.tokenRefreshMarginSeconds;
  if (margin !== undefined && !(Number.isFinite(margin) && margin >= 0)) {
    problems.push('tokenRefreshMarginSeconds must be zero or more');
  }
  // Names only: a message must never carry the values, which include secrets.
  if (problems.length > 0)
    throw new TypeError(`invalid orchestrator client options: ${problems.join(', ')}`);
}

function firstHeader(value: string | string[] | undefined): string | undefined {
  return typeof value === 'string' ? value : value?.[0];
}

function queryString(query: Record<string, string | number | undefined> | undefined): string {
  if (query === undefined) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.append(key, String(value));
  }
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

function localValidationError(
  operation: string,
  field: string,
  message: string,
): OrchestratorError {
  return new OrchestratorError({
    kind: 'validation',
    operation,
    outcomeUnknown: false,
    issues: [{ type: 'validation_error', field, message }],
    message: `${operation}: not sent, ${field}: ${message}`,
  });
}

/** An empty id would turn `/payouts/{id}` into the list route; refuse it before sending. */
function idSegment(operation: string, id: string): string {
  if (typeof id !== 'string' || id.trim() === '') {
    throw localValidationError(operation, 'id', 'must be a non-empty string');
  }
  return encodeURIComponent(id);
}

/**
 * The amount goes out as a raw JSON number, so it must be a plain decimal: anything else could
 * inject JSON into the body. Canonical form also turns `007.50` into valid JSON `7.5`.
 */
function amountOrThrow(operation: string, amount: string): LosslessNumber {
  if (typeof amount !== 'string' || !isPlainDecimal(amount)) {
    throw localValidationError(operation, 'amount', 'must be a decimal string such as "12.50"');
  }
  return new LosslessNumber(canonicalDecimal(amount));
}

function payoutBody(p: PayoutRequest, amount: LosslessNumber): Record<string, unknown> {
  return {
    order_id: p.order_id,
    provider: p.provider,
    country: p.country,
    currency: p.currency,
    state: p.state,
    amount,
    payout_method_type: p.payout_method_type,
    metadata: p.metadata,
  };
}

function depositBody(
  d: CardDepositRequest,
  amount: LosslessNumber,
  singlePsp: boolean,
): Record<string, unknown> {
  const { single_payment_mid_alias: alias, ...rest } = d;
  // The alias belongs to the single-PSP route only.
  return singlePsp && alias !== undefined
    ? { ...rest, amount, single_payment_mid_alias: alias }
    : { ...rest, amount };
}

function sensitiveMetadataValues(metadata: PayoutRequest['metadata']): string[] {
  return Object.entries(metadata)
    .filter(([key, value]) => SENSITIVE_METADATA_KEY.test(key) && String(value).length >= 3)
    .map(([, value]) => String(value));
}

/**
 * A BIN is at most 8 leading digits. Cutting here means a caller that passes the whole card
 * number by mistake still never puts it in a URL (and so in access logs).
 */
function binOf(cardBin: string): string {
  return cardBin.replace(/\D/g, '').slice(0, 8);
}

/** The fingerprint body shape is undocumented: HTML (sandbox) or a JSON envelope with a string. */
function readFingerprint(result: unknown): { html: string } {
  if (typeof result === 'string') return { html: result };
  if (result === null || result === undefined) return { html: '' };
  if (typeof result === 'object' && typeof (result as { html?: unknown }).html === 'string') {
    return { html: (result as { html: string }).html };
  }
  throw new ReplyShapeError('result is not fingerprint content');
}
