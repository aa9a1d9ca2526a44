import type { z } from 'zod';
import type { sessionReply } from '../endpoints/session.endpoints.js';
import type {
  invitationLookup,
  staffUser,
  staffUserList,
  userChange,
  userChangeList,
} from '../endpoints/users.endpoints.js';
import type { Role } from './permissions.js';

/** `GET /api/session` and a successful `POST /api/session`. */
export type SessionReply = z.output<typeof sessionReply>;
/** The signed-in staff member. */
export type SessionUser = SessionReply['user'];

/**
 * The id of the `<script type="application/json">` in which the BFF serves index.html with the
 * request's `SessionReply` (null when signed out): the app's first screen then needs no
 * `GET /api/session` round trip.
 */
export const EMBEDDED_SESSION_ID = 'payouts-session';

/** `POST /api/session`. */
export interface SignInBody {
  email: string;
  password: string;
}

/** A staff account as user management shows it (never its password hash). */
export type StaffUserDto = z.output<typeof staffUser>;
/** `GET /api/users`. */
export type StaffUserList = z.output<typeof staffUserList>;

/** `POST /api/users`: no password, the new account's owner sets theirs from the invitation. */
export interface NewStaffUserBody {
  email: string;
  name: string;
  role: Role;
}

/** How long an invitation link works. */
export const INVITATION_TTL_HOURS = 72;

/** How long a password-reset link works, and how soon another may be sent to one account. */
export const PASSWORD_RESET_TTL_MINUTES = 60;
export const PASSWORD_RESET_INTERVAL_MINUTES = 5;

/** What a link sets: a new account's first password, or a new one for a forgotten password. */
export const LINK_PURPOSES = ['invitation', 'password_reset'] as const;
export type LinkPurpose = (typeof LINK_PURPOSES)[number];

/** Where an account without a password stands: a link that works, one that expired, or none. */
export const INVITATION_STATES = ['sent', 'expired', 'not_sent'] as const;
export type InvitationState = (typeof INVITATION_STATES)[number];

/** `POST /api/invitations/lookup` and `…/accept`. */
export type InvitationLookup = z.output<typeof invitationLookup>;
export interface InvitationBody {
  token: string;
}
export interface AcceptInvitationBody {
  token: string;
  password: string;
}
/** `POST /api/password-resets`: the address of an account whose password is forgotten. */
export interface PasswordResetRequestBody {
  email: string;
}

/** `PATCH /api/users/:id`: at least one of them. */
export interface StaffUserPatchBody {
  role?: Role;
  disabled?: boolean;
  name?: string;
}

/**
 * Privileged changes of staff accounts wait for a second admin (decision 042): a finance or
 * admin account made, a role raised, an account re-enabled, another user's password or second
 * factors reset. Renaming, disabling and lowering a role apply at once (routes:
 * `endpoints/users.routes.ts`).
 */
export const USER_CHANGE_KINDS = [
  'create',
  'role',
  'enable',
  'password_reset',
  'factor_reset',
] as const;
export type UserChangeKind = (typeof USER_CHANGE_KINDS)[number];

export const USER_CHANGE_STATUSES = [
  'pending',
  'approved',
  'rejected',
  'withdrawn',
  'failed',
] as const;
export type UserChangeStatus = (typeof USER_CHANGE_STATUSES)[number];

export const USER_CHANGE_REASON_MAX_LENGTH = 500;

export type UserChangeDto = z.output<typeof userChange>;
export type UserChangeList = z.output<typeof userChangeList>;

export interface UserChangeRejectBody {
  reason: string;
}
