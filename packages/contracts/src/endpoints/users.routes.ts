import type { Route } from './route.js';

/**
 * Staff accounts, admins only. A privileged change waits for a second admin: a finance or admin
 * account made, a role raised, an account re-enabled, another user's password or second factors
 * reset. Renaming, disabling and lowering a role apply at once.
 */
export const userRoutes = {
  listUsers: {
    method: 'get',
    path: '/api/users',
    summary: 'Staff users, each with its changes waiting for an admin',
    tag: 'Users',
    access: 'users:manage',
  },
  createUser: {
    method: 'post',
    path: '/api/users',
    summary:
      'Create a staff user: a support account at once (201), a finance or admin account once a second admin approves (202, the change)',
    tag: 'Users',
    access: 'users:manage',
  },
  updateUser: {
    method: 'patch',
    path: '/api/users/:id',
    summary:
      'Change a staff user (name, disabled, role): a raised role or a re-enabling waits for a second admin',
    tag: 'Users',
    access: 'users:manage',
  },
  setUserPassword: {
    method: 'post',
    path: '/api/users/:id/password',
    summary:
      'Set a staff user’s password: one’s own at once (204), another’s once a second admin approves (202)',
    tag: 'Users',
    access: 'users:manage',
  },
  listUserChanges: {
    method: 'get',
    path: '/api/user-changes',
    summary: 'Privileged account changes, newest first (at most 200)',
    tag: 'Users',
    access: 'users:manage',
  },
  approveUserChange: {
    method: 'post',
    path: '/api/user-changes/:id/approve',
    summary: 'Approve another admin’s account change (step-up)',
    tag: 'Users',
    access: 'users:manage',
  },
  rejectUserChange: {
    method: 'post',
    path: '/api/user-changes/:id/reject',
    summary: 'Reject an account change (the proposer’s own: withdraw it)',
    tag: 'Users',
    access: 'users:manage',
  },
} as const satisfies Record<string, Route>;
