import { z } from 'zod';
import { ROLES } from '../api/permissions.js';
import {
  confirmTotpBody,
  registerPasskeyBody,
  signInBody,
  totpEnrolmentBody,
  verifySessionBody,
} from '../api/userBodies.js';
import { emptyBody, instant } from './common.js';
import { empty, endpoint, json, redirect } from './endpoint.js';
import { sessionRoutes as routes } from './session.routes.js';
import { userChange } from './users.endpoints.js';

/** The signed-in user, and what this session may do without asking again. */
export const sessionReply = z
  .strictObject({
    user: z.strictObject({
      id: z.string(),
      email: z.string(),
      name: z.string(),
      role: z.enum(ROLES),
    }),
    security: z.strictObject({
      auth_method: z.enum(['password', 'oidc', 'break_glass']),
      /**
       * `satisfied`: a factor was verified in this session (or the provider's MFA is trusted);
       * `verify`: the session must verify one before anything else; `enrol`: the user must
       * enrol one first; `not_required`: no factor and none required.
       */
      second_factor: z.enum(['satisfied', 'verify', 'enrol', 'not_required']),
      /** What the user can verify with now (locked methods included: the dialog says so). */
      methods: z.array(z.enum(['totp', 'passkey', 'recovery_code'])),
      /** Step-up applies to this user (they have a factor, or their role requires one). */
      step_up: z.boolean(),
      /** Step-up routes run without asking until then; null: they ask (or it does not apply). */
      step_up_until: instant.nullable(),
      /** How long a step-up lasts (STEP_UP_MINUTES). */
      step_up_minutes: z.number(),
    }),
  })
  .meta({ id: 'Session' });

export const authOptions = z
  .strictObject({
    /** The password form is offered (local or both; single sign-on: only as break-glass). */
    password: z.enum(['on', 'break_glass', 'off']),
    /** Single sign-on is configured: the button reads "Sign in with <name>". */
    oidc: z.strictObject({ name: z.string() }).nullable(),
    /** The demo keeps its e-mail in a mailbox anyone may read (`GET /api/demo/mailbox`). */
    demo_mailbox: z.boolean(),
  })
  .meta({ id: 'AuthOptions' });

export const factorDto = z
  .strictObject({
    id: z.string(),
    kind: z.enum(['totp', 'passkey']),
    label: z.string(),
    created_at: instant,
    last_used_at: instant.nullable(),
  })
  .meta({ id: 'Factor' });

export const factorLock = z.strictObject({
  method: z.enum(['totp', 'recovery_code']),
  locked_until: instant,
});

export const factors = z
  .strictObject({
    /** Confirmed factors only. */
    items: z.array(factorDto),
    recovery_codes_left: z.number().int(),
    /** The user's role requires a factor, or an admin reset their factors. */
    required: z.boolean(),
    locks: z.array(factorLock),
  })
  .meta({ id: 'Factors' });

/** The secret is shown once; the factor counts once confirmed. */
export const totpEnrolment = z
  .strictObject({
    id: z.string(),
    /** Base32, for typing into an authenticator app. */
    secret: z.string(),
    /** `otpauth://totp/…`: the QR code's content (drawn by the browser, no inline script). */
    otpauth_url: z.string(),
  })
  .meta({ id: 'TotpEnrolment' });

/** A confirmed factor; `recovery_codes` when it is the user's first (shown once). */
export const factorEnrolled = z
  .strictObject({ factor: factorDto, recovery_codes: z.array(z.string()).optional() })
  .meta({ id: 'FactorEnrolled' });

/** Shown once, stored hashed. */
export const recoveryCodes = z
  .strictObject({ codes: z.array(z.string()) })
  .meta({ id: 'RecoveryCodes' });

/*
 * WebAuthn options are @simplewebauthn's, handed to the browser as they are: the members we and
 * the browser rely on are described, the objects stay loose (the WebAuthn dictionaries grow, and
 * a library upgrade adding a member is no break), and `extensions` is open (each extension
 * defines its own inputs).
 */
const webauthnCredential = z.looseObject({
  id: z.string(),
  type: z.string(),
  transports: z.array(z.string()).optional(),
});
const webauthnHint = z.enum(['hybrid', 'security-key', 'client-device']);
const userVerification = z.enum(['discouraged', 'preferred', 'required']);
const webauthnExtensions = z.looseObject({});

export const passkeyRegistrationOptions = z
  .looseObject({
    rp: z.looseObject({ name: z.string(), id: z.string().optional() }),
    user: z.looseObject({ id: z.string(), name: z.string(), displayName: z.string() }),
    challenge: z.string(),
    pubKeyCredParams: z.array(
      z.looseObject({ alg: z.number().int(), type: z.literal('public-key') }),
    ),
    timeout: z.number().optional(),
    excludeCredentials: z.array(webauthnCredential).optional(),
    authenticatorSelection: z
      .looseObject({
        authenticatorAttachment: z.enum(['cross-platform', 'platform']).optional(),
        requireResidentKey: z.boolean().optional(),
        residentKey: z.enum(['discouraged', 'preferred', 'required']).optional(),
        userVerification: userVerification.optional(),
      })
      .optional(),
    hints: z.array(webauthnHint).optional(),
    attestation: z.enum(['direct', 'enterprise', 'indirect', 'none']).optional(),
    attestationFormats: z
      .array(
        z.enum(['fido-u2f', 'packed', 'android-safetynet', 'android-key', 'tpm', 'apple', 'none']),
      )
      .optional(),
    extensions: webauthnExtensions.optional(),
  })
  .meta({
    id: 'PasskeyRegistrationOptions',
    description:
      'WebAuthn `PublicKeyCredentialCreationOptionsJSON`, for `navigator.credentials.create`.',
  });

export const passkeyVerificationOptions = z
  .looseObject({
    challenge: z.string(),
    timeout: z.number().optional(),
    rpId: z.string().optional(),
    allowCredentials: z.array(webauthnCredential).optional(),
    userVerification: userVerification.optional(),
    hints: z.array(webauthnHint).optional(),
    extensions: webauthnExtensions.optional(),
  })
  .meta({
    id: 'PasskeyVerificationOptions',
    description:
      'WebAuthn `PublicKeyCredentialRequestOptionsJSON`, for `navigator.credentials.get`.',
  });

export const sessionEndpoints = {
  signIn: endpoint(routes.signIn, {
    summary:
      'Sign in with e-mail and password (403 `password_sign_in_disabled` under single sign-on, but for the break-glass admin)',
    tag: 'Session',
    body: signInBody,
    reply: json(sessionReply),
  }),
  getSession: endpoint(routes.getSession, {
    summary: 'The signed-in user and their session',
    tag: 'Session',
    reply: json(sessionReply),
  }),
  signOut: endpoint(routes.signOut, {
    summary: 'Sign out (twice, or without a session, is no error)',
    tag: 'Session',
    reply: empty,
  }),
  authOptions: endpoint(routes.authOptions, {
    summary: 'How one may sign in (password, single sign-on)',
    tag: 'Session',
    reply: json(authOptions),
  }),
  oidcStart: endpoint(routes.oidcStart, {
    summary:
      'Start single sign-on: a redirect to the identity provider (authorization code + PKCE), bound to this browser; `return_to` is where to go after',
    tag: 'Session',
    reply: redirect,
  }),
  oidcCallback: endpoint(routes.oidcCallback, {
    summary:
      'Back from single sign-on: a redirect to `return_to` signed in, or to `/sign-in?error=<refusal>`',
    tag: 'Session',
    reply: redirect,
  }),
  verifyOptions: endpoint(routes.verifyOptions, {
    summary: 'Options for a passkey check of this session',
    tag: 'Session',
    body: emptyBody,
    reply: json(passkeyVerificationOptions),
  }),
  verifySession: endpoint(routes.verifySession, {
    summary:
      'Prove a second factor for this session: completes a sign-in and refreshes step-up (422 `invalid_code`, 429 `factor_locked` or `rate_limited`)',
    tag: 'Session',
    body: verifySessionBody,
    reply: json(sessionReply),
  }),
  listFactors: endpoint(routes.listFactors, {
    summary: 'My second factors',
    tag: 'Session',
    reply: json(factors),
  }),
  enrolTotp: endpoint(routes.enrolTotp, {
    summary: 'Start enrolling an authenticator app (step-up when I have a factor)',
    tag: 'Session',
    body: totpEnrolmentBody,
    reply: json(totpEnrolment, 201),
  }),
  confirmTotp: endpoint(routes.confirmTotp, {
    summary: 'Confirm an authenticator app with a code',
    tag: 'Session',
    body: confirmTotpBody,
    reply: json(factorEnrolled),
  }),
  passkeyOptions: endpoint(routes.passkeyOptions, {
    summary: 'Options for registering a passkey (step-up when I have a factor)',
    tag: 'Session',
    body: emptyBody,
    reply: json(passkeyRegistrationOptions),
  }),
  registerPasskey: endpoint(routes.registerPasskey, {
    summary: 'Register a passkey',
    tag: 'Session',
    body: registerPasskeyBody,
    reply: json(factorEnrolled, 201),
  }),
  removeFactor: endpoint(routes.removeFactor, {
    summary: 'Remove one of my second factors (step-up)',
    tag: 'Session',
    reply: empty,
  }),
  newRecoveryCodes: endpoint(routes.newRecoveryCodes, {
    summary: 'New recovery codes: the old ones stop working (step-up)',
    tag: 'Session',
    body: emptyBody,
    reply: json(recoveryCodes),
  }),
  resetUserFactors: endpoint(routes.resetUserFactors, {
    summary:
      'Remove a staff user’s second factors: one’s own at once (204), another’s once a second admin approves (202)',
    tag: 'Users',
    body: emptyBody,
    reply: json(userChange, 202),
  }),
};
