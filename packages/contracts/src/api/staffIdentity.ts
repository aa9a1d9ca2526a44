/**
 * Staff identity (issue 14, decision 020): single sign-on (OIDC), a second factor (TOTP,
 * passkeys, recovery codes) and step-up before moving money. Types only (the BFF parses).
 *
 * Sign-in
 * - `GET  /api/auth/options` (public) -> `AuthOptionsDto`: what the sign-in page offers.
 * - `GET  /api/auth/oidc/start?return_to=/path` (public) -> 302 to the provider (authorization
 *   code + PKCE; state and nonce stored server-side, single use, 10 minutes).
 * - `GET  /api/auth/oidc/callback?code&state` (public) -> 302 to `return_to` signed in, or to
 *   `/sign-in?error=<SignInRefusal>` (no session) when the provider's answer is refused.
 * - `POST /api/session` (password) answers 403 `password_sign_in_disabled` under
 *   `AUTH_MODE=oidc` except for the break-glass admin (audited `session.break_glass_sign_in`).
 *
 * Second factor (every signed-in role; `session:read`)
 * - `GET    /api/me/factors` -> `FactorsDto`.
 * - `POST   /api/me/factors/totp` `{ label? }` -> `TotpEnrolmentDto` (unconfirmed until a code).
 * - `POST   /api/me/factors/totp/:id/confirm` `{ code }` -> `FactorEnrolledDto`.
 * - `POST   /api/me/factors/passkeys/options` `{}` -> WebAuthn registration options (JSON).
 * - `POST   /api/me/factors/passkeys` `{ label?, response }` -> `FactorEnrolledDto`.
 * - `DELETE /api/me/factors/:id` -> 204; needs a fresh step-up (`step_up_required`).
 * - `POST   /api/me/recovery-codes` `{}` -> `RecoveryCodesDto` (new set; old ones die); step-up.
 * - `POST   /api/session/verify/options` `{}` -> WebAuthn authentication options (JSON).
 * - `POST   /api/session/verify` `VerifySecondFactorBody` -> `SessionReply`: completes a sign-in
 *   (`second_factor: 'verify'`) and refreshes step-up. Wrong code: 422 `invalid_code`
 *   (`attempts_left`); locked for this session and address: 429 `factor_locked` (`locked_until`);
 *   too many wrong codes for the account from all its sessions: 429 `rate_limited` (a growing
 *   `Retry-After`, never a lock). Audited either way.
 * - `POST   /api/users/:id/factors/reset` `{}` (`users:manage`, step-up) -> 204: every factor
 *   and recovery code of the user goes, their sessions end, they must enrol again.
 *
 * Until a session's `second_factor` is `satisfied` or `not_required`, every API route other
 * than the session, auth, factor-enrolment and sign-out ones answers 403 `second_factor_required`.
 * Step-up routes answer 403 `step_up_required` when the session's last factor is older than
 * `STEP_UP_MINUTES`; the SPA asks for a factor and retries the same request.
 */

export type AuthMethod = 'password' | 'oidc' | 'break_glass';

/** `GET /api/auth/options`. */
export interface AuthOptionsDto {
  /** The password form is offered (AUTH_MODE local or both; oidc: only behind "break-glass"). */
  password: 'on' | 'break_glass' | 'off';
  /** Single sign-on is configured: the button reads "Sign in with <name>". */
  oidc: { name: string } | null;
}

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
export interface SessionSecurityDto {
  auth_method: AuthMethod;
  second_factor: SecondFactorState;
  /** What the user can verify with now (locked methods included: the dialog says so). */
  methods: SecondFactorMethod[];
  /** Step-up applies to this user (they have a factor, or their role requires one). */
  step_up: boolean;
  /** Step-up routes run without asking until then; null: they ask (or step-up does not apply). */
  step_up_until: string | null;
  /** How long a step-up lasts (STEP_UP_MINUTES). */
  step_up_minutes: number;
}

export type FactorKind = 'totp' | 'passkey';

export interface FactorDto {
  id: string;
  kind: FactorKind;
  label: string;
  created_at: string;
  last_used_at: string | null;
}

export interface FactorLockDto {
  method: 'totp' | 'recovery_code';
  locked_until: string;
}

/** `GET /api/me/factors`. */
export interface FactorsDto {
  /** Confirmed factors only. */
  items: FactorDto[];
  recovery_codes_left: number;
  /** The user's role requires a factor, or an admin reset their factors. */
  required: boolean;
  locks: FactorLockDto[];
}

/** `POST /api/me/factors/totp`. The secret is shown once; the factor counts once confirmed. */
export interface TotpEnrolmentDto {
  id: string;
  /** Base32, for typing into an authenticator app. */
  secret: string;
  /** `otpauth://totp/…`: the QR code's content (drawn by the browser, no inline script). */
  otpauth_url: string;
}

/** `POST /api/me/recovery-codes` and the first factor's enrolment. Shown once, stored hashed. */
export interface RecoveryCodesDto {
  codes: string[];
}

/** A confirmed factor; `recovery_codes` when it is the user's first (10 codes, shown once). */
export interface FactorEnrolledDto {
  factor: FactorDto;
  recovery_codes?: string[];
}

/** `POST /api/session/verify`. `response` is the browser's WebAuthn JSON (`@simplewebauthn`). */
export type VerifySecondFactorBody =
  | { method: 'totp'; code: string }
  | { method: 'recovery_code'; code: string }
  | { method: 'passkey'; response: Record<string, unknown> };

export const RECOVERY_CODE_COUNT = 10;
/** Wrong codes before a method locks, and for how long (issue 14). */
export const FACTOR_MAX_FAILURES = 5;
export const TOTP_LOCK_MINUTES = 5;
export const RECOVERY_CODE_LOCK_MINUTES = 15;
