import { Router } from 'express';
import { z } from 'zod';
import { auditContextOf } from '../../http/authContext.js';
import { parseInput } from '../../http/parseInput.js';
import { authOf, requirePermission } from '../../http/requirePermission.js';
import type { StepUp } from '../../http/requireStepUp.js';
import { ROLES } from './roles.js';
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

/** User management, admin only. */
export function createUsersRouter({
  usersService,
  stepUp,
}: {
  usersService: UsersService;
  stepUp: StepUp;
}): Router {
  const router = Router();
  router.use('/users', requirePermission('users:manage'));
  router.get('/users', async (_req, res) => {
    res.json({ items: await usersService.list() });
  });
  router.post('/users', async (req, res) => {
    const body = parseInput(createUserBody, req.body);
    stepUp.check(authOf(req));
    const { id } = await usersService.createUser(body, auditContextOf(req));
    res.status(201).json(await usersService.get(id));
  });
  router.patch('/users/:id', async (req, res) => {
    const body = parseInput(updateUserBody, req.body);
    stepUp.check(authOf(req));
    res.json(await usersService.update(req.params.id, body, auditContextOf(req)));
  });
  router.post('/users/:id/password', async (req, res) => {
    const body = parseInput(setPasswordBody, req.body);
    stepUp.check(authOf(req));
    await usersService.resetPassword(req.params.id, body.password, auditContextOf(req));
    res.status(204).end();
  });
  return router;
}
