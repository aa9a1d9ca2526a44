import type {
  NewStaffUserBody,
  StaffUserDto,
  StaffUserList,
  StaffUserPatchBody,
  UserChangeDto,
  UserChangeList,
} from '@payouts/contracts';
import type { HttpClient } from '../../api/createHttpClient.js';

/** A reply that is a change waiting for a second admin, not the account itself. */
export function isUserChange(reply: StaffUserDto | UserChangeDto): reply is UserChangeDto {
  return 'kind' in reply;
}

export interface UsersApi {
  list(signal?: AbortSignal): Promise<StaffUserDto[]>;
  /** A support account at once; a finance or admin account waits for a second admin. */
  create(input: NewStaffUserBody): Promise<StaffUserDto | UserChangeDto>;
  /**
   * Refused with `last_admin` when it would leave no enabled admin. A raised role or a
   * re-enabling waits for a second admin (the reply's `pending_changes`).
   */
  update(id: string, patch: StaffUserPatchBody): Promise<StaffUserDto>;
  /** One's own password at once (null); another user's waits for a second admin. */
  resetPassword(id: string, password: string): Promise<UserChangeDto | null>;
  changes(signal?: AbortSignal): Promise<UserChangeDto[]>;
  approveChange(id: string): Promise<UserChangeDto>;
  rejectChange(id: string, reason: string): Promise<UserChangeDto>;
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
      return http.request<StaffUserDto | UserChangeDto>({
        method: 'POST',
        path: '/users',
        body: input,
      });
    },
    update(id, patch) {
      return http.request<StaffUserDto>({
        method: 'PATCH',
        path: `/users/${encodeURIComponent(id)}`,
        body: patch,
      });
    },
    async resetPassword(id, password) {
      const reply = await http.request<UserChangeDto | undefined>({
        method: 'POST',
        path: `/users/${encodeURIComponent(id)}/password`,
        body: { password },
      });
      return reply ?? null;
    },
    async changes(signal) {
      const reply = await http.request<UserChangeList>({
        method: 'GET',
        path: '/user-changes',
        query: { status: 'pending' },
        signal,
      });
      return reply.items;
    },
    approveChange(id) {
      return http.request<UserChangeDto>({
        method: 'POST',
        path: `/user-changes/${encodeURIComponent(id)}/approve`,
        body: {},
      });
    },
    rejectChange(id, reason) {
      return http.request<UserChangeDto>({
        method: 'POST',
        path: `/user-changes/${encodeURIComponent(id)}/reject`,
        body: { reason },
      });
    },
  };
}
