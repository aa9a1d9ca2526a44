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
    summary:
      'Sign in with e-mail and password (403 `password_sign_in_disabled` under single sign-on, but for the break-glass admin)',
    tag: 'Session',
    access: 'public',
  },
  getSession: {
    method: 'get',
    path: '/api/session',
    summary: 'The signed-in user and their session',
    tag: 'Session',
    access: 'session:read',
  },
  signOut: {
    method: 'delete',
    path: '/api/session',
    summary: 'Sign out (twice, or without a session, is no error)',
    tag: 'Session',
    access: 'public',
  },
  authOptions: {
    method: 'get',
    path: '/api/auth/options',
    summary: 'How one may sign in (password, single sign-on)',
    tag: 'Session',
    access: 'public',
  },
  oidcStart: {
    method: 'get',
    path: '/api/auth/oidc/start',
    summary:
      'Start single sign-on: a redirect to the identity provider (authorization code + PKCE), bound to this browser; `return_to` is where to go after',
    tag: 'Session',
    access: 'public',
  },
  oidcCallback: {
    method: 'get',
    path: '/api/auth/oidc/callback',
    summary:
      'Back from single sign-on: a redirect to `return_to` signed in, or to `/sign-in?error=<refusal>`',
    tag: 'Session',
    access: 'public',
  },
  verifyOptions: {
    method: 'post',
    path: '/api/session/verify/options',
    summary: 'Options for a passkey check of this session',
    tag: 'Session',
    access: 'session:read',
  },
  verifySession: {
    method: 'post',
    path: '/api/session/verify',
    summary:
      'Prove a second factor for this session: completes a sign-in and refreshes step-up (422 `invalid_code`, 429 `factor_locked` or `rate_limited`)',
    tag: 'Session',
    access: 'session:read',
  },
  listFactors: {
    method: 'get',
    path: '/api/me/factors',
    summary: 'My second factors',
    tag: 'Session',
    access: 'session:read',
  },
  enrolTotp: {
    method: 'post',
    path: '/api/me/factors/totp',
    summary: 'Start enrolling an authenticator app (step-up when I have a factor)',
    tag: 'Session',
    access: 'session:read',
  },
  confirmTotp: {
    method: 'post',
    path: '/api/me/factors/totp/:id/confirm',
    summary: 'Confirm an authenticator app with a code',
    tag: 'Session',
    access: 'session:read',
  },
  passkeyOptions: {
    method: 'post',
    path: '/api/me/factors/passkeys/options',
    summary: 'Options for registering a passkey (step-up when I have a factor)',
    tag: 'Session',
    access: 'session:read',
  },
  registerPasskey: {
    method: 'post',
    path: '/api/me/factors/passkeys',
    summary: 'Register a passkey',
    tag: 'Session',
    access: 'session:read',
  },
  removeFactor: {
    method: 'delete',
    path: '/api/me/factors/:id',
    summary: 'Remove one of my second factors (step-up)',
    tag: 'Session',
    access: 'session:read',
  },
  newRecoveryCodes: {
    method: 'post',
    path: '/api/me/recovery-codes',
    summary: 'New recovery codes: the old ones stop working (step-up)',
    tag: 'Session',
    access: 'session:read',
  },
  resetUserFactors: {
    method: 'post',
    path: '/api/users/:id/factors/reset',
    summary:
      'Remove a staff user’s second factors: one’s own at once (204), another’s once a second admin approves (202)',
    tag: 'Users',
    access: 'users:manage',
  },
} as const satisfies Record<string, Route>;
