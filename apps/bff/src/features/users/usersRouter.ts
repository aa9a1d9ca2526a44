import type { StaffUserDto } from '@payouts/contracts';
import { userEndpoints } from '@payouts/contracts/endpoints';
import { Router } from 'express';
import type { AuthContext } from '../../http/authContext.js';
import { mountEndpoints, noContent, withStatus } from '../../http/mountEndpoints.js';
import type { StepUp } from '../../http/requireStepUp.js';
import type { UserChanges } from './userChanges.js';
import type { UsersService } from './usersService.js';

/**
 * User management, admin only. A privileged change (a finance or admin account, a raised role,
 * a re-enabling, another user's password) waits for a second admin (decision 042). Each step-up
 * is checked after the body.
 */
export function createUsersRouter({
  usersService,
  userChanges,
  stepUp,
}: {
  usersService: UsersService;
  userChanges: UserChanges;
  stepUp: StepUp;
}): Router {
  const router = Router();

  /** The accounts as the caller sees them: each with its changes waiting for an admin. */
  async function withPending(auth: AuthContext, users: StaffUserDto[]): Promise<StaffUserDto[]> {
    const pending = await userChanges.pendingFor(
      auth.user,
      users.map((u) => u.id),
    );
    return users.map((u) => ({ ...u, pending_changes: pending.get(u.id) ?? [] }));
  }
  const one = async (auth: AuthContext, id: string) =>
    (await withPending(auth, [await usersService.get(id)]))[0]!;

  mountEndpoints(router, userEndpoints, {
    listUsers: async ({ auth }) => ({ items: await withPending(auth, await usersService.list()) }),
    createUser: async ({ auth, body, audit }) => {
      stepUp.check(auth);
      if (body.role === 'support') {
        const { id } = await usersService.createUser(body, audit);
        return one(auth, id);
      }
      return withStatus(202, await userChanges.proposeCreate(body, auth.user, audit));
    },
    updateUser: async ({ auth, params: { id }, body, audit }) => {
      stepUp.check(auth);
      await userChanges.change(id, body, auth.user, audit);
      return one(auth, id);
    },
    setUserPassword: async ({ auth, params: { id }, body, audit }) => {
      stepUp.check(auth);
      if (id === auth.user.id) {
        await usersService.resetPassword(id, body.password, audit);
        return noContent;
      }
      return userChanges.propose(
        { kind: 'password_reset', userId: id, password: body.password },
        auth.user,
        audit,
      );
    },
    listUserChanges: async ({ auth, query }) => ({
      items: await userChanges.list(auth.user, query.status),
    }),
    approveUserChange: ({ auth, params: { id }, audit }) => {
      stepUp.check(auth);
      return userChanges.approve(id, auth.user, audit);
    },
    rejectUserChange: ({ auth, params: { id }, body, audit }) =>
      userChanges.reject(id, auth.user, body.reason, audit),
  });
  return router;
}
