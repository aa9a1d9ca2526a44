import type { Request } from 'express';
import type { SessionSecurity } from '../shared/sessionSecurity.js';
import type { AuditContext, SessionUser } from '../shared/identity.js';

export type { SessionUser } from '../shared/identity.js';

export interface AuthContext {
  user: SessionUser;
  /** The raw session id from the cookie, to sign out. */
  sessionId: string;
  /** Second factor and step-up state. */
  security: SessionSecurity;
}

// A WeakMap instead of a global `Request` augmentation: typed, and invisible to other code.
const contexts = new WeakMap<Request, AuthContext>();

export function setAuth(req: Request, auth: AuthContext): void {
  contexts.set(req, auth);
}

export function getAuth(req: Request): AuthContext | undefined {
  return contexts.get(req);
}

export function auditContextOf(req: Request): AuditContext {
  const auth = contexts.get(req);
  return {
    actor: auth ? { id: auth.user.id, email: auth.user.email } : null,
    ip: req.ip ?? null,
    requestId: typeof req.id === 'string' ? req.id : null,
  };
}
