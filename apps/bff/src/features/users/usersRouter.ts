import type { StaffUserDto } from '@payouts/contracts';
import { userEndpoints } from '@payouts/contracts/endpoints';
import { Router } from 'express';
import type { AuthContext } from '../../http/authContext.js';
import { mountEndpoints, noContent, withStatus } from '../../http/mountEndpoints.js';
import type { StepUp } from '../../http/requireStepUp.js';
import type { Invitations } from './invitations.js';
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
  invitations,
  stepUp,
}: {
  usersService: UsersService;
  userChanges: UserChanges;
  invitations: Invitations;
  stepUp: StepUp;
}): Router {
  const router = Router();

  /**
   * The accounts as the caller sees them: each with its changes waiting for an admin, and its
   * invitation while its owner has set no password.
   */
  async function withPending(auth: AuthContext, users: StaffUserDto[]): Promise<StaffUserDto[]> {
    const ids = users.map((u) => u.id);
    const [pending, invited] = await Promise.all([
      userChanges.pendingFor(auth.user, ids),
      invitations.statesFor(ids),
    ]);
    return users.map((u) => ({
      ...u,
      invitation: invited.get(u.id) ?? null,
      pending_changes: pending.get(u.id) ?? [],
    }));
  }
  const one = async (auth: AuthContext, id: string) =>
    (await withPending(auth, [await usersService.get(id)]))[0]!;

  mountEndpoints(router, userEndpoints, {
    listUsers: async ({ auth }) => ({ items: await withPending(auth, await usersService.list()) }),
    createUser: async ({ auth, body, audit }) => {
      stepUp.check(auth);
      invitations.assertCanInvite();
      if (body.role === 'support') {
        const { id } = await usersService.createUser(body, audit);
        // A mail that fails leaves the account `not_sent`: the page offers "Send again".
        await invitations.invite({ id, ...body }, auth.user, audit);
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
    sendInvitation: async ({ auth, params: { id }, audit }) => {
      await invitations.resend(id, auth.user, audit);
      return one(auth, id);
    },
    sendPasswordReset: async ({ auth, params: { id }, audit }) => {
      await invitations.sendReset(id, auth.user, audit);
      return one(auth, id);
    },
    requestPasswordReset: async ({ body, audit }) => {
      await invitations.requestReset(body.email, audit);
      return { email: body.email };
    },
    lookupInvitation: ({ body }) => invitations.lookup(body.token),
    acceptInvitation: ({ body, audit }) => invitations.accept(body.token, body.password, audit),
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
