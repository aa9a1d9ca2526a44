import type { z } from 'zod';
import type {
  authOptions,
  factorDto,
  factorEnrolled,
  factorLock,
  factors,
  recoveryCodes,
  sessionReply,
  totpEnrolment,
} from '../endpoints/session.endpoints.js';

/**
 * Staff identity (decision 020): single sign-on (OIDC), a second factor (TOTP, passkeys,
 * recovery codes) and step-up before moving money (routes: `endpoints/session.routes.ts`).
 * Types only (the BFF parses).
 *
 * `POST /api/session/verify`: a wrong code is 422 `invalid_code` (`attempts_left`); locked for
 * this session and address, 429 `factor_locked` (`locked_until`); too many wrong codes for the
 * account from all its sessions, 429 `rate_limited` (a growing `Retry-After`, never a lock).
 * Audited either way. `POST /api/users/:id/factors/reset` removes every factor and recovery
 * code of the user and ends their sessions: they must enrol again.
 */

export type AuthMethod = 'password' | 'oidc' | 'break_glass';

/** `GET /api/auth/options`. */
export type AuthOptionsDto = z.output<typeof authOptions>;

/** Why `/api/auth/oidc/callback` sent the browser back to `/sign-in?error=…`. */
export const SIGN_IN_REFUSALS = [
  /** No group of the role claim maps to a role (OIDC_ROLE_MAP). */
  'no_role',
  /** The account is disabled here. */
  'disabled',
  /**
   * The provider's answer failed a check (state, nonce, audience, expiry, signature, code), or
   * the callback was replayed (a used sign-in is gone, so it reads as an unknown state).
   */
  'provider_error',
  /** The provider said the user cancelled or refused. */
  'cancelled',
  /** The sign-in took longer than 10 minutes. */
  'expired',
] as const;
export type SignInRefusal = (typeof SIGN_IN_REFUSALS)[number];

/**
 * - `satisfied`: a factor was verified in this session (or the provider's MFA is trusted).
 * - `verify`: the user has factors; the session must verify one before anything else.
 * - `enrol`: the user must enrol a factor before anything else (MFA_REQUIRED_ROLES or reset).
 * - `not_required`: no factor and none required (the demo's default).
 */
export type SecondFactorState = 'satisfied' | 'verify' | 'enrol' | 'not_required';

export type SecondFactorMethod = 'totp' | 'passkey' | 'recovery_code';

/** Part of `SessionReply`: what this session may do without asking again. */
export type SessionSecurityDto = z.output<typeof sessionReply>['security'];

export type FactorKind = 'totp' | 'passkey';

export type FactorDto = z.output<typeof factorDto>;
export type FactorLockDto = z.output<typeof factorLock>;
/** `GET /api/me/factors`. */
export type FactorsDto = z.output<typeof factors>;
/** `POST /api/me/factors/totp`. The secret is shown once; the factor counts once confirmed. */
export type TotpEnrolmentDto = z.output<typeof totpEnrolment>;
/** `POST /api/me/recovery-codes` and the first factor's enrolment. Shown once, stored hashed. */
export type RecoveryCodesDto = z.output<typeof recoveryCodes>;
/** A confirmed factor; `recovery_codes` when it is the user's first (10 codes, shown once). */
export type FactorEnrolledDto = z.output<typeof factorEnrolled>;

/** `POST /api/session/verify`. `response` is the browser's WebAuthn JSON (`@simplewebauthn`). */
export type VerifySecondFactorBody =
  | { method: 'totp'; code: string }
  | { method: 'recovery_code'; code: string }
  | { method: 'passkey'; response: Record<string, unknown> };

export const RECOVERY_CODE_COUNT = 10;
/** Wrong codes before a method locks, and for how long. */
export const FACTOR_MAX_FAILURES = 5;
export const TOTP_LOCK_MINUTES = 5;
export const RECOVERY_CODE_LOCK_MINUTES = 15;
