import { z } from 'zod';
import { ROLES } from './permissions.js';
import { USER_CHANGE_REASON_MAX_LENGTH, USER_CHANGE_STATUSES } from './users.js';

// The BFF parses with these; the SPA imports types and constants only (users.ts).

export const MIN_PASSWORD_LENGTH = 12;

const password = z
  .string()
  .min(MIN_PASSWORD_LENGTH, `At least ${MIN_PASSWORD_LENGTH} characters`)
  .max(1024, 'At most 1024 characters');
const name = z.string().trim().min(1, 'Enter a name').max(200);

/** `POST /api/session`: the sign-in (also the throttle's test of what counts as an attempt). */
export const signInBody = z.strictObject({
  email: z.string().trim().min(1, 'Enter your email').max(320),
  password: z.string().min(1, 'Enter your password').max(1024),
});

export const createUserBody = z.strictObject({
  email: z.string().trim().toLowerCase().pipe(z.email('Enter a valid email').max(320)),
  name,
  role: z.enum(ROLES),
});

export const updateUserBody = z
  .strictObject({
    role: z.enum(ROLES).optional(),
    disabled: z.boolean().optional(),
    name: name.optional(),
  })
  .refine((b) => b.role !== undefined || b.disabled !== undefined || b.name !== undefined, {
    message: 'Send role, disabled or name',
  });

export const setPasswordBody = z.strictObject({ password });

/** The token of an invitation link (`/invitation#<token>`): 32 random bytes, base64url. */
const invitationToken = z
  .string()
  .regex(/^[A-Za-z0-9_-]{43}$/, 'This is not an invitation link: copy the whole link');

/** `POST /api/invitations/lookup`: whose invitation a link is, before they choose a password. */
export const invitationLookupBody = z.strictObject({ token: invitationToken });

/** `POST /api/password-resets`: anyone may ask; the answer never says whether it exists. */
export const passwordResetRequestBody = z.strictObject({
  email: z.string().trim().toLowerCase().pipe(z.email('Enter a valid email').max(320)),
});

/** `POST /api/invitations/accept`: the invited person's own password. */
export const acceptInvitationBody = z.strictObject({ token: invitationToken, password });

export const rejectUserChangeBody = z.strictObject({
  reason: z.string().trim().min(1, 'Say why').max(USER_CHANGE_REASON_MAX_LENGTH),
});

export const userChangesQuery = z.strictObject({
  status: z.enum(USER_CHANGE_STATUSES).optional(),
});

const label = z.string().trim().min(1).max(60).optional();
// The browser's WebAuthn JSON: its shape is checked by @simplewebauthn, which refuses any other.
const webauthnResponse = z.record(z.string(), z.unknown());
const code = z.string().min(1).max(40);

export const totpEnrolmentBody = z.strictObject({ label });
export const confirmTotpBody = z.strictObject({ code });
export const registerPasskeyBody = z.strictObject({ label, response: webauthnResponse });
export const verifySessionBody = z.discriminatedUnion('method', [
  z.strictObject({ method: z.literal('totp'), code }),
  z.strictObject({ method: z.literal('recovery_code'), code }),
  z.strictObject({ method: z.literal('passkey'), response: webauthnResponse }),
]);
