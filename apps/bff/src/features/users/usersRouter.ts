import { Router, type Request } from 'express';
import { z } from 'zod';
import { auditContextOf } from '../../http/authContext.js';
import { parseInput } from '../../http/parseInput.js';
import { authOf, requirePermission } from '../../http/requirePermission.js';
import type { StepUp } from '../../http/requireStepUp.js';
import {
  ROLES,
  USER_CHANGE_REASON_MAX_LENGTH,
  USER_CHANGE_STATUSES,
  type StaffUserDto,
} from '@payouts/contracts';
import type { UserChanges } from './userChanges.js';
import type { UsersService } from './usersService.js';

export const MIN_PASSWORD_LENGTH = 12;

const password = z
  .string()
  .min(MIN_PASSWORD_LENGTH, `At least ${MIN_PASSWORD_LENGTH} characters`)
  .max(1024, 'At most 1024 characters');
const name = z.string().trim().min(1, 'Enter a name').max(200);

export const createUserBody = z
  .object({
    email: z.string().trim().toLowerCase().pipe(z.email('Enter a valid email').max(320)),
    name,
    role: z.enum(ROLES),
    password,
  })
  .strict();

export const updateUserBody = z
  .object({
    role: z.enum(ROLES).optional(),
    disabled: z.boolean().optional(),
    name: name.optional(),
  })
  .strict()
  .refine((b) => b.role !== undefined || b.disabled !== undefined || b.name !== undefined, {
    message: 'Send role, disabled or name',
  });

export const setPasswordBody = z.object({ password }).strict();

export const rejectUserChangeBody = z
  .object({ reason: z.string().trim().min(1, 'Say why').max(USER_CHANGE_REASON_MAX_LENGTH) })
  .strict();

export const userChangesQuery = z
  .object({ status: z.enum(USER_CHANGE_STATUSES).optional() })
  .strict();

/**
 * User management, admin only. A privileged change (a finance or admin account, a raised role,
 * a re-enabling, another user's password) waits for a second admin (decision 042).
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
  router.use('/users', requirePermission('users:manage'));
  router.use('/user-changes', requirePermission('users:manage'));

  /** The accounts as the caller sees them: each with its changes waiting for an admin. */
  async function withPending(req: Request, users: StaffUserDto[]): Promise<StaffUserDto[]> {
    const pending = await userChanges.pendingFor(
      authOf(req).user,
      users.map((u) => u.id),
    );
    return users.map((u) => ({ ...u, pending_changes: pending.get(u.id) ?? [] }));
  }
  const one = async (req: Request, id: string) =>
    (await withPending(req, [await usersService.get(id)]))[0]!;

  router.get('/users', async (req, res) => {
    res.json({ items: await withPending(req, await usersService.list()) });
  });
  router.post('/users', async (req, res) => {
    const body = parseInput(createUserBody, req.body);
    stepUp.check(authOf(req));
    if (body.role === 'support') {
      const { id } = await usersService.createUser(body, auditContextOf(req));
      res.status(201).json(await one(req, id));
      return;
    }
    res
      .status(202)
      .json(await userChanges.proposeCreate(body, authOf(req).user, auditContextOf(req)));
  });
  router.patch('/users/:id', async (req, res) => {
    const body = parseInput(updateUserBody, req.body);
    stepUp.check(authOf(req));
    const id = req.params.id;
    await userChanges.change(id, body, authOf(req).user, auditContextOf(req));
    res.json(await one(req, id));
  });
  router.post('/users/:id/password', async (req, res) => {
    const body = parseInput(setPasswordBody, req.body);
    stepUp.check(authOf(req));
    const id = req.params.id;
    const { user } = authOf(req);
    if (id === user.id) {
      await usersService.resetPassword(id, body.password, auditContextOf(req));
      res.status(204).end();
      return;
    }
    res
      .status(202)
      .json(
        await userChanges.propose(
          { kind: 'password_reset', userId: id, password: body.password },
          user,
          auditContextOf(req),
        ),
      );
  });

  router.get('/user-changes', async (req, res) => {
    const query = parseInput(userChangesQuery, req.query);
    res.json({ items: await userChanges.list(authOf(req).user, query.status) });
  });
  router.post('/user-changes/:id/approve', async (req, res) => {
    parseInput(z.strictObject({}), req.body ?? {});
    stepUp.check(authOf(req));
    res.json(await userChanges.approve(req.params.id, authOf(req).user, auditContextOf(req)));
  });
  router.post('/user-changes/:id/reject', async (req, res) => {
    const body = parseInput(rejectUserChangeBody, req.body);
    res.json(
      await userChanges.reject(req.params.id, authOf(req).user, body.reason, auditContextOf(req)),
    );
  });
  return router;
}
