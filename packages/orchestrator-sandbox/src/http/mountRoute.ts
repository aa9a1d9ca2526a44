import type { Express, Request, Response } from 'express';
import type { TokenStore } from '../auth/createTokenStore.js';
import type { FaultRegistry } from '../faults/createFaultRegistry.js';
import { parseFaultHeader } from '../faults/createFaultRegistry.js';
import type { Scheduler } from '../support/createScheduler.js';
import type { FaultKind, SandboxCredentials, SandboxLogger } from '../types.js';
import { applyFault } from './applyFault.js';
import { familyErrorEnvelope, mpiErrorEnvelope } from './envelopes.js';
import { parseLosslessJson } from './losslessJson.js';
import type { Reply, RouteSpec } from './RouteSpec.js';
import { sendJson } from './sendJson.js';

export interface MountDeps {
  faults: FaultRegistry;
  tokens: TokenStore;
  credentials: SandboxCredentials;
  scheduler: Scheduler;
  logger: SandboxLogger;
}

const TOKEN_MESSAGES = {
  missing: 'Missing bearer token',
  invalid: 'Invalid access token',
  expired: 'Access token expired',
} as const;

function parseQuietly(text: string): unknown {
  try {
    return text.trim() === '' ? undefined : parseLosslessJson(text);
  } catch {
    return undefined;
  }
}

function writeReply(res: Response, reply: Reply): void {
  for (const [name, value] of Object.entries(reply.headers ?? {})) res.setHeader(name, value);
  if (reply.html !== undefined) {
    res.status(reply.status).type('text/html; charset=utf-8').send(reply.html);
  } else {
    sendJson(res, reply.status, reply.body ?? null);
  }
}

/**
 * Mounts one orchestrator route with everything every route shares, in this order:
 * fault (header, then registered rules), bearer token, API key, JSON body, handler, then an
 * after-commit fault if one is pending. The token is checked before the API key: a caller
 * without a valid token learns nothing about the key.
 */
export function mountRoute(app: Express, spec: RouteSpec, deps: MountDeps): void {
  const handler = async (req: Request, res: Response): Promise<void> => {
    const started = Date.now();
    const rawBody = typeof req.body === 'string' ? req.body : '';
    res.on('finish', () => {
      deps.logger.debug(
        { route: spec.name, status: res.statusCode, ms: Date.now() - started },
        'request',
      );
    });

    const headerFault = parseFaultHeader(req.get('x-sandbox-fault'));
    if (typeof headerFault === 'string') {
      sendJson(res, 400, familyErrorEnvelope(spec.family, 400, headerFault));
      return;
    }
    const fault = headerFault ?? deps.faults.take(spec.name);
    let pendingFault: FaultKind | null = null;
    if (fault) {
      if (fault.kind === 'latency') {
        await deps.scheduler.sleep(fault.ms ?? 1000);
      } else if (fault.kind.endsWith('_after_commit')) {
        pendingFault = fault.kind;
      } else {
        spec.onIntercept?.({ body: parseQuietly(rawBody), outcome: 'fault', fault: fault.kind });
        applyFault(res, spec.family, fault.kind, fault.ms);
        return;
      }
    }

    if (spec.authenticated) {
      const check = deps.tokens.check(req.get('authorization'));
      const rawKey: unknown = req.params.apiKey;
      const apiKey = typeof rawKey === 'string' ? rawKey : '';
      if (!check.ok || apiKey !== deps.credentials.apiKey) {
        spec.onIntercept?.({ body: parseQuietly(rawBody), outcome: 'unauthorized', fault: null });
        if (!check.ok) {
          sendJson(res, 401, {
            response: { status: 'Unauthorized', code: 401, message: TOKEN_MESSAGES[check.reason] },
            result: null,
          });
        } else if (spec.family === 'mpi') {
          sendJson(res, 403, mpiErrorEnvelope(403, 'Invalid API key', 'invalid_api_key'));
        } else {
          // The real service echoes the key back (and has no status/result here): a quirk
          // clients must redact before anything reaches a log or a browser.
          sendJson(res, 401, {
            response: { code: 401, message: `merchant api key '${apiKey}' is invalid` },
          });
        }
        return;
      }
    }

    let body: unknown;
    if (spec.method === 'post' && rawBody.trim() !== '') {
      try {
        body = parseLosslessJson(rawBody);
      } catch {
        spec.onIntercept?.({ body: undefined, outcome: 'validation', fault: null });
        sendJson(
          res,
          400,
          spec.family === 'mpi'
            ? mpiErrorEnvelope(400, 'Malformed JSON body', 'invalid_json')
            : familyErrorEnvelope('payouts', 400, 'Malformed JSON body'),
        );
        return;
      }
    }

    const query = new URL(req.originalUrl, 'http://sandbox.invalid').searchParams;
    const reply = await spec.handle({
      req,
      params: { ...req.params } as Record<string, string>,
      query,
      body,
      pendingFault,
    });
    const failWith = pendingFault ?? reply.fault;
    if (failWith) {
      applyFault(res, spec.family, failWith, fault?.ms);
      return;
    }
    writeReply(res, reply);
  };

  for (const path of spec.paths) {
    if (spec.method === 'get') app.get(path, handler);
    else app.post(path, handler);
  }
}
