import { z } from 'zod';
import { ROLES } from '../api/permissions.js';
import {
  createUserBody,
  rejectUserChangeBody,
  setPasswordBody,
  updateUserBody,
  userChangesQuery,
} from '../api/userBodies.js';
import { USER_CHANGE_KINDS, USER_CHANGE_STATUSES } from '../api/users.js';
import { emptyBody, instant, payoutActor } from './common.js';
import { endpoint, json } from './endpoint.js';
import { userRoutes as routes } from './users.routes.js';

export const userChange = z
  .strictObject({
    id: z.string(),
    kind: z.enum(USER_CHANGE_KINDS),
    status: z.enum(USER_CHANGE_STATUSES),
    /** The account changed; null for a `create` not yet approved. */
    user_id: z.string().nullable(),
    email: z.string(),
    /** `create`: the new account's name. */
    name: z.string().nullable(),
    /** `create` and `role`: the role it gets; `role`: the one it had in `from_role`. */
    role: z.enum(ROLES).nullable(),
    from_role: z.enum(ROLES).nullable(),
    proposed_by: payoutActor,
    proposed_at: instant,
    decided_by: payoutActor.nullable(),
    decided_at: instant.nullable(),
    reason: z.string().nullable(),
    /** The caller may approve it now; when not, why (null once decided). */
    can_approve: z.boolean(),
    cannot_approve_reason: z.string().nullable(),
  })
  .meta({ id: 'UserChange' });

export const userChangeList = z
  .strictObject({ items: z.array(userChange) })
  .meta({ id: 'UserChangeList' });

/** A staff account as user management shows it (never its password hash). */
export const staffUser = z
  .strictObject({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    role: z.enum(ROLES),
    disabled: z.boolean(),
    created_at: instant,
    last_sign_in_at: instant.nullable(),
    /** Privileged changes of this account waiting for a second admin. */
    pending_changes: z.array(userChange),
  })
  .meta({ id: 'StaffUser' });

export const staffUserOrChange = z.union([staffUser, userChange]).meta({ id: 'StaffUserOrChange' });

export const staffUserList = z
  .strictObject({ items: z.array(staffUser) })
  .meta({ id: 'StaffUserList' });

export const userEndpoints = {
  listUsers: endpoint(routes.listUsers, { reply: json(staffUserList) }),
  createUser: endpoint(routes.createUser, {
    body: createUserBody,
    reply: json(staffUserOrChange, 201, [202]),
  }),
  updateUser: endpoint(routes.updateUser, { body: updateUserBody, reply: json(staffUser) }),
  setUserPassword: endpoint(routes.setUserPassword, {
    body: setPasswordBody,
    reply: json(userChange, 202),
  }),
  listUserChanges: endpoint(routes.listUserChanges, {
    query: userChangesQuery,
    reply: json(userChangeList),
  }),
  approveUserChange: endpoint(routes.approveUserChange, {
    body: emptyBody,
    reply: json(userChange),
  }),
  rejectUserChange: endpoint(routes.rejectUserChange, {
    body: rejectUserChangeBody,
    reply: json(userChange),
  }),
};
