import type { BodyOf, Endpoint, ParamsOf, QueryOf, ReplyOf } from '@payouts/contracts/endpoints';
import type { Request, RequestHandler, Response, Router } from 'express';
import type { z } from 'zod';
import type { AuditContext } from '../shared/identity.js';
import { AppError } from '../shared/AppError.js';
import { auditContextOf, getAuth, type AuthContext } from './authContext.js';
import { parseInput } from './parseInput.js';
import { requirePermission } from './requirePermission.js';

/** What a handler of `E` receives: its input parsed by the endpoint's own schemas. */
export interface HandlerInput<E extends Endpoint> {
  params: ParamsOf<E>;
  query: QueryOf<E>;
  body: BodyOf<E>;
  /** The `Idempotency-Key` header, checked, on the endpoints that require one. */
  idempotencyKey: E['idempotencyKey'] extends true ? string : undefined;
  /** The caller's session; there for every endpoint that needs a permission or a session. */
  auth: E['access'] extends 'public' | 'token' ? AuthContext | undefined : AuthContext;
  /** Who did it, from where (for the audit log). */
  audit: AuditContext;
  req: Request;
  /** For replies that are not JSON (files, pages, redirects); a JSON reply is returned. */
  res: Response;
}

/** A reply with another of the endpoint's statuses than its first (`202` for an unknown outcome). */
export class WithStatus<T> {
  constructor(
    readonly status: number,
    readonly body: T,
  ) {}
}
export const withStatus = <T>(status: number, body: T): WithStatus<T> =>
  new WithStatus(status, body);
/** A 204 from a JSON endpoint that answers nothing in this case (one's own password set). */
export const noContent: WithStatus<never> = new WithStatus(204, undefined as never);

/** A JSON endpoint's handler returns its body; any other sends its reply with `res`. */
export type HandlerResult<E extends Endpoint> = E extends { reply: { json: unknown } }
  ? ReplyOf<E> | WithStatus<ReplyOf<E>>
  : void;

export type Handler<E extends Endpoint> = (
  input: HandlerInput<E>,
) => HandlerResult<E> | Promise<HandlerResult<E>>;

export type Handlers<M extends Record<string, Endpoint>> = { [K in keyof M]: Handler<M[K]> };

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{8,255}$/;

/** The `Idempotency-Key` header, or a 400 problem. */
function idempotencyKeyOf(req: Request): string {
  const key = req.get('Idempotency-Key');
  if (!key || !IDEMPOTENCY_KEY.test(key)) {
    throw new AppError(
      'malformed_request',
      'Send an Idempotency-Key header (8 to 255 visible characters, e.g. a UUID).',
    );
  }
  return key;
}

/** The path's parameters by their schema: one that does not fit names nothing (404). */
function paramsOf(schema: z.ZodObject, params: unknown): unknown {
  const result = schema.safeParse(params);
  if (result.success) return result.data;
  throw new AppError('not_found', result.error.issues[0]?.message ?? 'Not found.');
}

/**
 * The JSON body as parsed. An endpoint that takes a body needs one, `{}` when it has no fields:
 * a request without a body, or with one not read as JSON (another content type), changes
 * nothing.
 */
function jsonBodyOf(req: Request): unknown {
  if (req.body !== undefined) return req.body;
  const length = req.get('Content-Length');
  const hasBody =
    req.get('Transfer-Encoding') !== undefined || (length !== undefined && length !== '0');
  if (hasBody) {
    throw new AppError(
      'unsupported_media_type',
      'Send the body as JSON, with Content-Type: application/json.',
    );
  }
  throw new AppError('validation_failed', 'Send a JSON body ({} when it has no fields).', {
    errors: [{ pointer: '', message: 'Send a JSON body' }],
  });
}

const requireSession: RequestHandler = (req, _res, next) => {
  next(getAuth(req) ? undefined : new AppError('unauthenticated', 'Sign in to continue.'));
};

function accessGuard(endpoint: Endpoint): RequestHandler[] {
  switch (endpoint.access) {
    case 'public':
    case 'token':
      return [];
    case 'signed-in':
      return [requireSession];
    default:
      return [requirePermission(endpoint.access)];
  }
}

/** Route parameters first matched by literal segments (`/payout-views/default` before `/:id`). */
const paramCount = (path: string): number => (path.match(/:/g) ?? []).length;

/**
 * Mounts each endpoint on `router` (itself mounted at `/api`) from its one definition in
 * `@payouts/contracts`: the access check its `access` names, then its params, query and body
 * parsed by its schemas (a bad input is a 422 before the handler runs), then the handler, whose
 * returned body is sent with the endpoint's status. An endpoint that requires an
 * `Idempotency-Key` gets it checked (400 without one) before its body is parsed. `before`:
 * middleware an endpoint runs after the access check and before parsing (a step-up check, a body
 * reader).
 */
export function mountEndpoints<M extends Record<string, Endpoint>>(
  router: Router,
  endpoints: M,
  handlers: Handlers<M>,
  before: Partial<Record<keyof M, RequestHandler[]>> = {},
): void {
  const names = (Object.keys(endpoints) as (keyof M & string)[]).sort(
    (a, b) => paramCount(endpoints[a]!.path) - paramCount(endpoints[b]!.path),
  );
  for (const name of names) {
    const endpoint = endpoints[name]!;
    const handler = handlers[name] as unknown as (input: HandlerInput<Endpoint>) => unknown;
    const path = endpoint.path.replace(/^\/api(?=\/)/, '');
    router[endpoint.method](
      path,
      ...accessGuard(endpoint),
      ...(before[name] ?? []),
      async (req: Request, res: Response) => {
        const idempotencyKey = endpoint.idempotencyKey ? idempotencyKeyOf(req) : undefined;
        const input: HandlerInput<Endpoint> = {
          idempotencyKey: idempotencyKey as never,
          params: (endpoint.params ? paramsOf(endpoint.params, req.params) : req.params) as never,
          query: (endpoint.query ? parseInput(endpoint.query, req.query) : undefined) as never,
          body: (endpoint.body === undefined
            ? undefined
            : endpoint.body === 'csv' || endpoint.handlerChecksBody
              ? req.body
              : parseInput(endpoint.body, jsonBodyOf(req))) as never,
          // Behind the access guard: there whenever the endpoint needs it.
          auth: getAuth(req) as AuthContext,
          audit: auditContextOf(req),
          req,
          res,
        };
        const result = await handler(input);
        if (res.headersSent) return;
        const { reply } = endpoint;
        if ('json' in reply) {
          if (result === noContent) res.status(204).end();
          else if (result instanceof WithStatus) res.status(result.status).json(result.body);
          else res.status(reply.status).json(result);
        } else if (reply.kind === 'empty') {
          res.status(204).end();
        } else {
          throw new Error(`${endpoint.method} ${endpoint.path}: the handler sent no reply`);
        }
      },
    );
  }
}
