import { createTokenManager, type IssuedToken } from '../auth/createTokenManager.js';
import { mapHttpError } from '../errors/mapHttpError.js';
import { mapNetworkError } from '../errors/mapNetworkError.js';
import { OrchestratorError } from '../errors/OrchestratorError.js';
import { createTransport, type HttpReply } from '../http/createTransport.js';
import { parseLosslessJson } from '../json/parseLosslessJson.js';
import { stringifyLosslessJson } from '../json/stringifyLosslessJson.js';
import type {
  CallOptions,
  OrchestratorCallInfo,
  OrchestratorClientOptions,
  OrchestratorExchange,
  OrchestratorOperation,
} from '../OrchestratorClient.js';
import { readEnvelope, type Envelope } from '../replies/readEnvelope.js';
import { readLoginResult } from '../replies/readLoginResult.js';
import { ReplyShapeError } from '../replies/ReplyShapeError.js';
import { createScrubber, type Scrubber } from '../secrets/createScrubber.js';
import { maskCardRuns, scrubExchangeBody } from '../secrets/scrubExchangeBody.js';
import { firstHeader } from './requestParts.js';

const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_CONNECTIONS = 16;
const DEFAULT_REFRESH_MARGIN_SECONDS = 60;

/** One call as it goes over the wire. */
export interface Route {
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

/** Sends calls: login, the shared token, one re-login on a 401, timeouts, error mapping. */
export interface Caller {
  /** Runs one call and reads its result; every failure is an `OrchestratorError`. */
  execute: <T>(
    route: Route,
    read: (result: unknown) => T,
    callOptions: CallOptions | undefined,
  ) => Promise<T>;
  /** Removes the API key, the password and tokens (and per-call secrets) from upstream text. */
  scrub: Scrubber;
  /** Closes the connection pool; later calls fail with `unavailable`. */
  close: () => Promise<void>;
}

/**
 * The HTTP half of the client: how a call goes over the wire and how its reply or failure is
 * read. The operations (payouts, deposits) only describe routes and readers.
 */
export function createCaller(options: OrchestratorClientOptions): Caller {
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
    const headers: Record<string, string> = {
      ...options.propagationHeaders?.(),
      accept: 'application/json',
    };
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
    execute,
    scrub,
    async close() {
      if (closed) return;
      closed = true;
      await transport.close();
    },
  };
}
