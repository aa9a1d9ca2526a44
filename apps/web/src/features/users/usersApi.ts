import type {
  NewStaffUserBody,
  StaffUserDto,
  StaffUserList,
  StaffUserPatchBody,
} from '@payouts/contracts';
import type { HttpClient } from '../../api/createHttpClient.js';

export interface UsersApi {
  list(signal?: AbortSignal): Promise<StaffUserDto[]>;
  create(input: NewStaffUserBody): Promise<StaffUserDto>;
  /** Refused with `last_admin` when it would leave no enabled admin. */
  update(id: string, patch: StaffUserPatchBody): Promise<StaffUserDto>;
  /** Sets a new password and ends the user's sessions. */
  resetPassword(id: string, password: string): Promise<void>;
}

export function createUsersApi(http: HttpClient): UsersApi {
  return {
    async list(signal) {
      const reply = await http.request<StaffUserList>({
        method: 'GET',
        path: '/users',
        signal,
      });
      return reply.items;
    },
    create(input) {
      return http.request<StaffUserDto>({ method: 'POST', path: '/users', body: input });
    },
    update(id, patch) {
      return http.request<StaffUserDto>({
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
