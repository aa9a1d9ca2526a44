import { can, type Permission } from '@payouts/contracts';
import type { Request, RequestHandler } from 'express';
import { AppError } from '../shared/AppError.js';
import { getAuth, type AuthContext } from './authContext.js';

/**
 * No session: 401. A session whose role the permission table (`@payouts/contracts`) does not
 * allow: 403. Every API route declares the permission it needs; the SPA reads the same table.
 */
export function requirePermission(permission: Permission): RequestHandler {
  return (req, _res, next) => {
    const auth = getAuth(req);
    if (!auth) {
      next(new AppError('unauthenticated', 'Sign in to continue.'));
      return;
    }
    if (!can(auth.user.role, permission)) {
      next(new AppError('forbidden', 'Your role does not allow this.'));
      return;
    }
    next();
  };
}

/** For handlers behind `requirePermission`: the auth context is there by construction. */
export function authOf(req: Request): AuthContext {
  const auth = getAuth(req);
  if (!auth) throw new AppError('unauthenticated', 'Sign in to continue.');
  return auth;
}
