import type { HttpClient } from '../../api/createHttpClient.js';
import type { Role } from '../session/roles.js';

/** A staff account as the BFF lists it (never its password). */
export interface StaffUser {
  id: string;
  email: string;
  name: string;
  role: Role;
  disabled: boolean;
  created_at: string;
  last_sign_in_at: string | null;
}

export interface NewStaffUser {
  email: string;
  name: string;
  role: Role;
  password: string;
}

export interface StaffUserPatch {
  role?: Role;
  disabled?: boolean;
  name?: string;
}

export interface UsersApi {
  list(signal?: AbortSignal): Promise<StaffUser[]>;
  create(input: NewStaffUser): Promise<StaffUser>;
  /** Refused with `last_admin` when it would leave no enabled admin. */
  update(id: string, patch: StaffUserPatch): Promise<StaffUser>;
  /** Sets a new password and ends the user's sessions. */
  resetPassword(id: string, password: string): Promise<void>;
}

export function createUsersApi(http: HttpClient): UsersApi {
  return {
    async list(signal) {
      const reply = await http.request<{ items: StaffUser[] }>({
        method: 'GET',
        path: '/users',
        signal,
      });
      return reply.items;
    },
    create(input) {
      return http.request<StaffUser>({ method: 'POST', path: '/users', body: input });
    },
    update(id, patch) {
      return http.request<StaffUser>({
        method: 'PATCH',
        path: `/users/${encodeURIComponent(id)}`,
        body: patch,
      });
    },
    async resetPassword(id, password) {
      await http.request<void>({
        method: 'POST',
        path: `/users/${encodeURIComponent(id)}/password`,
        body: { password },
      });
    },
  };
}
