import { z } from 'zod';
import { ROLES } from '../api/permissions.js';
import {
  acceptInvitationBody,
  createUserBody,
  invitationLookupBody,
  passwordResetRequestBody,
  rejectUserChangeBody,
  setPasswordBody,
  updateUserBody,
  userChangesQuery,
} from '../api/userBodies.js';
import {
  INVITATION_STATES,
  LINK_PURPOSES,
  USER_CHANGE_KINDS,
  USER_CHANGE_STATUSES,
} from '../api/users.js';
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
    /**
     * Null once the account has a password (or signs in with single sign-on only); else its
     * invitation: `sent` (the link works until `expires_at`), `expired`, or `not_sent` (e-mail
     * failed or was off): an admin sends a new one.
     */
    invitation: z
      .strictObject({
        state: z.enum(INVITATION_STATES),
        sent_at: instant.nullable(),
        expires_at: instant.nullable(),
      })
      .nullable(),
    /** Privileged changes of this account waiting for a second admin. */
    pending_changes: z.array(userChange),
  })
  .meta({ id: 'StaffUser' });

/** Whose link it is (an invitation or a password reset), for the page where they choose one. */
export const invitationLookup = z
  .strictObject({
    purpose: z.enum(LINK_PURPOSES),
    email: z.string(),
    name: z.string(),
    role: z.enum(ROLES),
    expires_at: instant,
  })
  .meta({ id: 'InvitationLookup' });

export const staffUserOrChange = z.union([staffUser, userChange]).meta({ id: 'StaffUserOrChange' });

export const staffUserList = z
  .strictObject({ items: z.array(staffUser) })
  .meta({ id: 'StaffUserList' });

export const userEndpoints = {
  listUsers: endpoint(routes.listUsers, {
    summary: 'Staff users, each with its changes waiting for an admin',
    tag: 'Users',
    reply: json(staffUserList),
  }),
  createUser: endpoint(routes.createUser, {
    summary:
      'Create a staff user without a password, its owner invited by e-mail to set one: a support account at once (201), a finance or admin account once a second admin approves (202, the change). 409 `mail_off` without e-mail',
    tag: 'Users',
    body: createUserBody,
    reply: json(staffUserOrChange, 201, [202]),
  }),
  updateUser: endpoint(routes.updateUser, {
    summary:
      'Change a staff user (name, disabled, role): a raised role or a re-enabling waits for a second admin',
    tag: 'Users',
    body: updateUserBody,
    reply: json(staffUser),
  }),
  setUserPassword: endpoint(routes.setUserPassword, {
    summary:
      'Set a staff user’s password: one’s own at once (204), another’s once a second admin approves (202)',
    tag: 'Users',
    body: setPasswordBody,
    reply: json(userChange, 202),
  }),
  sendInvitation: endpoint(routes.sendInvitation, {
    summary:
      'E-mail a new invitation to an account that has no password yet (earlier links stop working)',
    tag: 'Users',
    body: emptyBody,
    reply: json(staffUser),
  }),
  sendPasswordReset: endpoint(routes.sendPasswordReset, {
    summary:
      'E-mail a user a link to choose a new password (the admin never knows it; the old one works until the link is used)',
    tag: 'Users',
    body: emptyBody,
    reply: json(staffUser),
  }),
  requestPasswordReset: endpoint(routes.requestPasswordReset, {
    summary:
      'Forgotten password: e-mails the account a reset link if one with a password uses this address; the same 202 either way',
    tag: 'Users',
    body: passwordResetRequestBody,
    reply: json(z.strictObject({ email: z.string() }).meta({ id: 'PasswordResetRequested' }), 202),
  }),
  lookupInvitation: endpoint(routes.lookupInvitation, {
    summary: 'Whose invitation a link is (410 `invitation_invalid` when it no longer works)',
    tag: 'Users',
    body: invitationLookupBody,
    reply: json(invitationLookup),
  }),
  acceptInvitation: endpoint(routes.acceptInvitation, {
    summary:
      'Set one’s own password with an invitation link (once); then sign in with it. 410 `invitation_invalid` when the link no longer works',
    tag: 'Users',
    body: acceptInvitationBody,
    reply: json(invitationLookup),
  }),
  listUserChanges: endpoint(routes.listUserChanges, {
    summary: 'Privileged account changes, newest first (at most 200)',
    tag: 'Users',
    query: userChangesQuery,
    reply: json(userChangeList),
  }),
  approveUserChange: endpoint(routes.approveUserChange, {
    summary: 'Approve another admin’s account change (step-up)',
    tag: 'Users',
    body: emptyBody,
    reply: json(userChange),
  }),
  rejectUserChange: endpoint(routes.rejectUserChange, {
    summary: 'Reject an account change (the proposer’s own: withdraw it)',
    tag: 'Users',
    body: rejectUserChangeBody,
    reply: json(userChange),
  }),
};
