import type { Route } from './route.js';

/**
 * Signing in and the second factor. Until a session's `second_factor` is `satisfied` or
 * `not_required`, every API route other than these answers 403 `second_factor_required`.
 * Step-up routes answer 403 `step_up_required` when the session's last factor is older than
 * `STEP_UP_MINUTES`; the SPA asks for a factor and retries the same request.
 */
export const sessionRoutes = {
  signIn: {
    method: 'post',
    path: '/api/session',
    access: 'public',
  },
  getSession: {
    method: 'get',
    path: '/api/session',
    access: 'session:read',
  },
  signOut: {
    method: 'delete',
    path: '/api/session',
    access: 'public',
  },
  authOptions: {
    method: 'get',
    path: '/api/auth/options',
    access: 'public',
  },
  oidcStart: {
    method: 'get',
    path: '/api/auth/oidc/start',
    access: 'public',
  },
  oidcCallback: {
    method: 'get',
    path: '/api/auth/oidc/callback',
    access: 'public',
  },
  verifyOptions: {
    method: 'post',
    path: '/api/session/verify/options',
    access: 'session:read',
  },
  verifySession: {
    method: 'post',
    path: '/api/session/verify',
    access: 'session:read',
  },
  listFactors: {
    method: 'get',
    path: '/api/me/factors',
    access: 'session:read',
  },
  enrolTotp: {
    method: 'post',
    path: '/api/me/factors/totp',
    access: 'session:read',
  },
  confirmTotp: {
    method: 'post',
    path: '/api/me/factors/totp/:id/confirm',
    access: 'session:read',
  },
  passkeyOptions: {
    method: 'post',
    path: '/api/me/factors/passkeys/options',
    access: 'session:read',
  },
  registerPasskey: {
    method: 'post',
    path: '/api/me/factors/passkeys',
    access: 'session:read',
  },
  removeFactor: {
    method: 'delete',
    path: '/api/me/factors/:id',
    access: 'session:read',
  },
  newRecoveryCodes: {
    method: 'post',
    path: '/api/me/recovery-codes',
    access: 'session:read',
  },
  resetUserFactors: {
    method: 'post',
    path: '/api/users/:id/factors/reset',
    access: 'users:manage',
  },
} as const satisfies Record<string, Route>;
