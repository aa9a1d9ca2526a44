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
