import type { Role } from './permissions.js';
import type { SessionSecurityDto } from './staffIdentity.js';

/** The signed-in staff member (`GET`/`POST /api/session` answer `{ user }`). */
export interface SessionUser {
  id: string;
  email: string;
  name: string;
  role: Role;
}

/** `GET /api/session` and a successful `POST /api/session`. */
export interface SessionReply {
  user: SessionUser;
  /** Second factor and step-up state of this session (issue 14). */
  security: SessionSecurityDto;
}

/**
 * The id of the `<script type="application/json">` in which the BFF serves index.html with the
 * request's `SessionReply` (null when signed out): the app's first screen then needs no
 * `GET /api/session` round trip (issue 16).
 */
export const EMBEDDED_SESSION_ID = 'payouts-session';

/** `POST /api/session`. */
export interface SignInBody {
  email: string;
  password: string;
}

/** A staff account as user management shows it (never its password hash). */
export interface StaffUserDto {
  id: string;
  email: string;
  name: string;
  role: Role;
  disabled: boolean;
  created_at: string;
  last_sign_in_at: string | null;
  /** Privileged changes of this account waiting for a second admin. */
  pending_changes: UserChangeDto[];
}

/** `GET /api/users`. */
export interface StaffUserList {
  items: StaffUserDto[];
}

/** `POST /api/users`. */
export interface NewStaffUserBody {
  email: string;
  name: string;
  role: Role;
  password: string;
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
 * factors reset. Renaming, disabling and lowering a role apply at once.
 *
 * - `POST /api/users` -> 201 `StaffUserDto` (a support account), or 202 `UserChangeDto`.
 * - `PATCH /api/users/:id` -> 200 `StaffUserDto`: the parts that apply at once are applied, a
 *   raised role or a re-enabling waits (`pending_changes`).
 * - `POST /api/users/:id/password` -> 204 (one's own), or 202 `UserChangeDto`.
 * - `POST /api/users/:id/factors/reset` -> 202 `UserChangeDto`.
 * - `GET /api/user-changes?status` -> `UserChangeList`, newest first (at most 200).
 * - `POST /api/user-changes/:id/approve` (another admin, step-up) -> `UserChangeDto`.
 * - `POST /api/user-changes/:id/reject` body `{ reason }` -> `UserChangeDto`: `withdrawn` when
 *   the proposer rejects their own.
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

export interface UserChangeDto {
  id: string;
  kind: UserChangeKind;
  status: UserChangeStatus;
  /** The account changed; null for a `create` not yet approved. */
  user_id: string | null;
  email: string;
  /** `create`: the new account's name. */
  name: string | null;
  /** `create` and `role`: the role it gets; `role`: the one it had. */
  role: Role | null;
  from_role: Role | null;
  proposed_by: { id: string; email: string; name: string };
  proposed_at: string;
  decided_by: { id: string; email: string; name: string } | null;
  decided_at: string | null;
  reason: string | null;
  /** The caller may approve it now; when not, why (null once decided). */
  can_approve: boolean;
  cannot_approve_reason: string | null;
}

export interface UserChangeList {
  items: UserChangeDto[];
}

export interface UserChangeRejectBody {
  reason: string;
}
