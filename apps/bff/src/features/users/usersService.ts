import { randomUUID } from 'node:crypto';
import { UUID_RE, type StaffUserDto } from '@payouts/contracts';
import { AppError } from '../../shared/AppError.js';
import type { Clock } from '../../shared/clock.js';
import type { AuditContext, AuditService } from '../audit/index.js';
import { AWAITING_PASSWORD } from './invitations.js';
import type { PasswordHasher } from './passwordHasher.js';
import type { Role } from './roles.js';
import type { UserPatch, UsersRepository, UserWithSignIn } from './usersRepository.js';

/** A staff account as the user management screen shows it (never its password hash). */
export type UserDto = StaffUserDto;

export function toUserDto({ user, lastSignInAt }: UserWithSignIn): UserDto {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    role: user.role,
    disabled: user.disabledAt !== null,
    created_at: user.createdAt.toISOString(),
    last_sign_in_at: lastSignInAt?.toISOString() ?? null,
    // Filled in by the router: who asks (what they may approve), and the invitations.
    invitation: null,
    pending_changes: [],
  };
}

/**
 * What the users service needs of sessions: the rows are ended in the users repository's own
 * transaction; sessions cached in this process must then be read again.
 */
export interface UserSessions {
  forgetUser(userId: string): void;
}

const UUID = UUID_RE;

export const DEMO_USERS: readonly { email: string; name: string; role: Role }[] = [
  { email: 'admin@example.com', name: 'Ada Admin', role: 'admin' },
  // A second admin: approval-policy changes need one (four eyes).
  { email: 'admin2@example.com', name: 'Alan Second', role: 'admin' },
  { email: 'finance@example.com', name: 'Fin Ance', role: 'finance' },
  { email: 'finance2@example.com', name: 'Fiona Second', role: 'finance' },
  { email: 'support@example.com', name: 'Sam Support', role: 'support' },
];

/** Startup seeding acts for nobody: the audit entry names no actor. */
const SEEDING: AuditContext = { actor: null, ip: null, requestId: null };

export interface NewStaffMember {
  email: string;
  name: string;
  role: Role;
  /** None: the owner sets one with an invitation (the account cannot sign in until then). */
  password?: string;
}

export interface UsersService {
  /**
   * Demo mode only: creates the demo accounts that are missing, with the demo password. One
   * that exists is left as it is: a demo user an admin disabled, re-roled or gave a new
   * password stays that way across restarts.
   */
  ensureDemoUsers(password: string): Promise<string[]>;
  /** Creates the account unless one with that email exists; true when created. */
  ensureUser(user: NewStaffMember, context: AuditContext): Promise<boolean>;
  /** `hash`: the password's hash, when it was made already (an approved account change). */
  createUser(
    user: NewStaffMember,
    context: AuditContext,
    hash?: () => Promise<string>,
  ): Promise<{ id: string }>;
  list(): Promise<UserDto[]>;
  get(id: string): Promise<UserDto>;
  /** Refuses (409 `last_admin`) to leave no enabled admin; disabling ends the user's sessions. */
  update(id: string, patch: UserPatch, context: AuditContext): Promise<UserDto>;
  /** Sets a new password (or one already hashed) and ends the user's sessions. */
  resetPassword(
    id: string,
    password: string | { hash: string },
    context: AuditContext,
  ): Promise<void>;
}

export function createUsersService({
  usersRepository,
  passwordHasher,
  auditService,
  clock,
  sessions,
}: {
  usersRepository: UsersRepository;
  passwordHasher: PasswordHasher;
  auditService: AuditService;
  clock: Clock;
  /** The session cache of this process, if any (the CLI and startup seeding have none). */
  sessions?: UserSessions;
}): UsersService {
  const notFound = () => new AppError('not_found', 'No such user.');
  const get = async (id: string) => {
    const found = UUID.test(id) ? await usersRepository.findWithSignIn(id) : undefined;
    if (!found) throw notFound();
    return toUserDto(found);
  };
  /** Around a change that ends or alters a user's sessions: before, and after it committed. */
  const forgettingSessions = async <T>(userId: string, change: () => Promise<T>) => {
    sessions?.forgetUser(userId);
    try {
      return await change();
    } finally {
      sessions?.forgetUser(userId);
    }
  };
  /** `hash` when the caller has the password's hash already (the demo accounts share one). */
  const createUser = async (
    user: NewStaffMember,
    context: AuditContext,
    hash: () => Promise<string> = () =>
      user.password === undefined
        ? Promise.resolve(AWAITING_PASSWORD)
        : passwordHasher.hash(user.password),
  ) => {
    const id = randomUUID();
    const email = user.email.toLowerCase();
    const result = await usersRepository.insert(
      {
        id,
        email,
        name: user.name,
        role: user.role,
        passwordHash: await hash(),
        at: clock.now(),
      },
      [
        auditService.row(context, {
          action: 'user.created',
          target: { type: 'user', id },
          data: { email, role: user.role },
        }),
      ],
    );
    if (result.kind === 'email_taken') {
      throw new AppError('conflict', 'A user with this email already exists.', {
        errors: [{ pointer: '/email', message: 'This email is already used by another user' }],
      });
    }
    return { id: result.user.id };
  };

  const ensureUser = async (
    user: NewStaffMember,
    context: AuditContext,
    hash?: () => Promise<string>,
  ) => {
    // The lookup spares a password hash at every start; two processes starting together
    // can both miss the account, and then the one that loses the insert finds it taken.
    if (await usersRepository.findByEmail(user.email)) return false;
    try {
      await createUser(user, context, hash);
      return true;
    } catch (error) {
      if (error instanceof AppError && error.code === 'conflict') return false;
      throw error;
    }
  };

  return {
    async ensureDemoUsers(password) {
      // The demo accounts share a password the startup banner prints: one scrypt hash (and
      // salt) serves all of them, made only if one is missing. Five, one after another, were
      // most of a second of a first start. A password set later gets its own.
      let shared: Promise<string> | undefined;
      const hash = () => (shared ??= passwordHasher.hash(password));
      const made = await Promise.all(
        DEMO_USERS.map((demo) => ensureUser({ ...demo, password }, SEEDING, hash)),
      );
      return DEMO_USERS.filter((_, i) => made[i]).map((demo) => demo.email);
    },
    ensureUser,
    createUser,
    async list() {
      return (await usersRepository.list()).map(toUserDto);
    },
    get,
    async update(id, patch, context) {
      if (!UUID.test(id)) throw notFound();
      const result = await forgettingSessions(id, () =>
        usersRepository.update(id, patch, clock.now(), ({ user, before }) => {
          const changes: Record<string, { from: unknown; to: unknown }> = {};
          if (before.role !== user.role) changes.role = { from: before.role, to: user.role };
          if (before.name !== user.name) changes.name = { from: before.name, to: user.name };
          if ((before.disabledAt === null) !== (user.disabledAt === null)) {
            changes.disabled = { from: before.disabledAt !== null, to: user.disabledAt !== null };
          }
          return [
            auditService.row(context, {
              action: 'user.updated',
              target: { type: 'user', id: user.id },
              data: { email: user.email, changes },
            }),
          ];
        }),
      );
      if (result.kind === 'not_found') throw notFound();
      if (result.kind === 'last_admin') {
        throw new AppError(
          'last_admin',
          'This is the last enabled admin: make another user admin first.',
        );
      }
      return get(result.user.id);
    },
    async resetPassword(id, password, context) {
      const found = UUID.test(id) ? await usersRepository.findById(id) : undefined;
      if (!found) throw notFound();
      const passwordHash =
        typeof password === 'string' ? await passwordHasher.hash(password) : password.hash;
      await forgettingSessions(found.id, () =>
        usersRepository.resetPassword(found.id, passwordHash, clock.now(), [
          auditService.row(context, {
            action: 'user.password_reset',
            target: { type: 'user', id: found.id },
            data: { email: found.email },
          }),
        ]),
      );
    },
  };
}
