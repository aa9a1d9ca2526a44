import type { Route } from './route.js';

/**
 * Staff accounts, admins only. A privileged change waits for a second admin: a finance or admin
 * account made, a role raised, an account re-enabled, another user's password or second factors
 * reset. Renaming, disabling and lowering a role apply at once. A new account has no password:
 * its owner sets one with the link an invitation e-mails them (the admin never knows it).
 */
export const userRoutes = {
  listUsers: {
    method: 'get',
    path: '/api/users',
    access: 'users:manage',
  },
  createUser: {
    method: 'post',
    path: '/api/users',
    access: 'users:manage',
  },
  updateUser: {
    method: 'patch',
    path: '/api/users/:id',
    access: 'users:manage',
  },
  setUserPassword: {
    method: 'post',
    path: '/api/users/:id/password',
    access: 'users:manage',
  },
  sendInvitation: {
    method: 'post',
    path: '/api/users/:id/invitation',
    access: 'users:manage',
  },
  sendPasswordReset: {
    method: 'post',
    path: '/api/users/:id/password-reset',
    access: 'users:manage',
  },
  requestPasswordReset: {
    method: 'post',
    path: '/api/password-resets',
    access: 'public',
  },
  lookupInvitation: {
    method: 'post',
    path: '/api/invitations/lookup',
    access: 'public',
  },
  acceptInvitation: {
    method: 'post',
    path: '/api/invitations/accept',
    access: 'public',
  },
  listUserChanges: {
    method: 'get',
    path: '/api/user-changes',
    access: 'users:manage',
  },
  approveUserChange: {
    method: 'post',
    path: '/api/user-changes/:id/approve',
    access: 'users:manage',
  },
  rejectUserChange: {
    method: 'post',
    path: '/api/user-changes/:id/reject',
    access: 'users:manage',
  },
} as const satisfies Record<string, Route>;
