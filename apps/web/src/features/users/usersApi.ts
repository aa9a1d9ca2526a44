import type {
  NewStaffUserBody,
  StaffUserDto,
  StaffUserPatchBody,
  UserChangeDto,
} from '@payouts/contracts';
import { callEndpoint } from '../../api/callEndpoint.js';
import type { HttpClient } from '../../api/createHttpClient.js';

/** A reply that is a change waiting for a second admin, not the account itself. */
export function isUserChange(reply: StaffUserDto | UserChangeDto): reply is UserChangeDto {
  return 'kind' in reply;
}

export interface UsersApi {
  list(signal?: AbortSignal): Promise<StaffUserDto[]>;
  /**
   * A support account at once; a finance or admin account waits for a second admin. Either way
   * its owner is e-mailed a link to choose a password (`mail_off` without e-mail).
   */
  create(input: NewStaffUserBody): Promise<StaffUserDto | UserChangeDto>;
  /**
   * Refused with `last_admin` when it would leave no enabled admin. A raised role or a
   * re-enabling waits for a second admin (the reply's `pending_changes`).
   */
  update(id: string, patch: StaffUserPatchBody): Promise<StaffUserDto>;
  /** E-mails the user a link to choose a new password (nobody else learns it). */
  sendPasswordReset(id: string): Promise<StaffUserDto>;
  /** E-mails the account a new invitation (earlier links stop working). */
  invite(id: string): Promise<StaffUserDto>;
  changes(signal?: AbortSignal): Promise<UserChangeDto[]>;
  approveChange(id: string): Promise<UserChangeDto>;
  rejectChange(id: string, reason: string): Promise<UserChangeDto>;
}

export function createUsersApi(http: HttpClient): UsersApi {
  return {
    list: async (signal) => (await callEndpoint(http, 'listUsers', { signal })).items,
    create: (body) => callEndpoint(http, 'createUser', { body }),
    update: (id, body) => callEndpoint(http, 'updateUser', { params: { id }, body }),
    sendPasswordReset: (id) =>
      callEndpoint(http, 'sendPasswordReset', { params: { id }, body: {} }),
    invite: (id) => callEndpoint(http, 'sendInvitation', { params: { id }, body: {} }),
    changes: async (signal) =>
      (await callEndpoint(http, 'listUserChanges', { query: { status: 'pending' }, signal })).items,
    approveChange: (id) => callEndpoint(http, 'approveUserChange', { params: { id }, body: {} }),
    rejectChange: (id, reason) =>
      callEndpoint(http, 'rejectUserChange', { params: { id }, body: { reason } }),
  };
}
