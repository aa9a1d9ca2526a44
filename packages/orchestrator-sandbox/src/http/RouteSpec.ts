import type { Request } from 'express';
import type { FaultKind, SandboxRoute } from '../types.js';
import type { RouteFamily } from './envelopes.js';

/** What a handler answers; the route wrapper writes it (or a fault instead). */
export interface Reply {
  status: number;
  /** A JSON reply, written with lossless-json (wrap amounts in `jsonNumber`). */
  body?: unknown;
  /** An HTML reply instead of JSON (an empty string is an empty `text/html` body). */
  html?: string;
  headers?: Record<string, string>;
  /** Fail the reply this way instead of sending it (magic amounts). */
  fault?: FaultKind;
}

export interface RouteInput {
  req: Request;
  params: Record<string, string>;
  query: URLSearchParams;
  /** The JSON body parsed losslessly; `undefined` when there was none. */
  body: unknown;
  /** An `*_after_commit` fault that will replace this reply, so handlers can record it. */
  pendingFault: FaultKind | null;
}

export interface InterceptEvent {
  /** The JSON body parsed losslessly, when it could be. */
  body: unknown;
  outcome: 'fault' | 'unauthorized' | 'validation';
  fault: FaultKind | null;
}

export interface RouteSpec {
  name: SandboxRoute;
  family: RouteFamily;
  method: 'get' | 'post';
  paths: string[];
  /** Needs a valid bearer token and the merchant's API key in the path (`:apiKey`). */
  authenticated: boolean;
  handle(input: RouteInput): Reply | Promise<Reply>;
  /** Told when something other than the handler answered (a fault, auth, a malformed body). */
  onIntercept?(event: InterceptEvent): void;
}
