import { AppError } from '../../http/AppError.js';
import type { Clock } from '../../shared/clock.js';
import type { AuditContext, AuditService } from '../audit/auditService.js';
import type { PasswordHasher } from './passwordHasher.js';
import type { Role } from './roles.js';
import type { UsersRepository } from './usersRepository.js';

export const DEMO_USERS: readonly { email: string; name: string; role: Role }[] = [
  { email: 'admin@example.com', name: 'Ada Admin', role: 'admin' },
  { email: 'finance@example.com', name: 'Fin Ance', role: 'finance' },
  { email: 'finance2@example.com', name: 'Fiona Second', role: 'finance' },
  { email: 'support@example.com', name: 'Sam Support', role: 'support' },
];

export interface NewStaffMember {
  email: string;
  name: string;
  role: Role;
  password: string;
}

export interface UsersService {
  /** Demo mode only: the four demo accounts, with the demo password reset on every start. */
  ensureDemoUsers(password: string): Promise<void>;
  /** Creates the account unless one with that email exists; true when created. */
  ensureUser(user: NewStaffMember, context: AuditContext): Promise<boolean>;
  createUser(user: NewStaffMember, context: AuditContext): Promise<{ id: string }>;
}

export function createUsersService({
  usersRepository,
  passwordHasher,
  auditService,
  clock,
}: {
  usersRepository: UsersRepository;
  passwordHasher: PasswordHasher;
  auditService: AuditService;
  clock: Clock;
}): UsersService {
  const createUser = async (user: NewStaffMember, context: AuditContext) => {
    if (await usersRepository.findByEmail(user.email)) {
      throw new AppError('conflict', 'A user with this email already exists.');
    }
    const row = await usersRepository.insert({
      email: user.email,
      name: user.name,
      role: user.role,
      passwordHash: await passwordHasher.hash(user.password),
      at: clock.now(),
    });
    await auditService.record(context, {
      action: 'user.create',
      target: { type: 'user', id: row.id },
      data: { email: row.email, role: row.role },
    });
    return { id: row.id };
  };

  return {
    async ensureDemoUsers(password) {
      for (const demo of DEMO_USERS) {
        await usersRepository.upsert({
          ...demo,
          passwordHash: await passwordHasher.hash(password),
          at: clock.now(),
        });
      }
    },
    async ensureUser(user, context) {
      if (await usersRepository.findByEmail(user.email)) return false;
      await createUser(user, context);
      return true;
    },
    createUser,
  };
}
