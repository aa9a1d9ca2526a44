import type { Request, RequestHandler } from 'express';
import type { Role } from '../features/users/roles.js';
import { AppError } from './AppError.js';
import { getAuth, type AuthContext } from './authContext.js';

/** No session: 401. A session whose role is not listed: 403. Every API route declares its roles. */
export function requireRole(...roles: Role[]): RequestHandler {
  return (req, _res, next) => {
    const auth = getAuth(req);
    if (!auth) {
      next(new AppError('unauthenticated', 'Sign in to continue.'));
      return;
    }
    if (!roles.includes(auth.user.role)) {
      next(new AppError('forbidden', 'Your role does not allow this.'));
      return;
    }
    next();
  };
}

/** For handlers behind `requireRole`: the auth context is there by construction. */
export function authOf(req: Request): AuthContext {
  const auth = getAuth(req);
  if (!auth) throw new AppError('unauthenticated', 'Sign in to continue.');
  return auth;
}
