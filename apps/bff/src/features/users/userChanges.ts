import { randomUUID } from 'node:crypto';
import { UUID_RE, type UserChangeDto } from '@payouts/contracts';
import type { Logger } from 'pino';
import { AppError } from '../../shared/AppError.js';
import type { Clock } from '../../shared/clock.js';
import type { AuditContext, SessionUser } from '../../shared/identity.js';
import type { AuditService } from '../audit/index.js';
import type { SeparationOfDuties } from '../separationOfDuties/index.js';
import type { Role } from './roles.js';
import type { UserChangeRow, UserChangesRepository } from './userChangesRepository.js';
import type { UserPatch, UsersRepository } from './usersRepository.js';
import type { UsersService } from './usersService.js';
import type { Invitations } from './invitations.js';

const RANK: Readonly<Record<Role, number>> = { support: 0, finance: 1, admin: 2 };

/** A role change that gives the account more power than it has: four eyes. */
export function raisesRole(from: Role, to: Role): boolean {
  return RANK[to] > RANK[from];
}

export interface UserChanges {
  /** A finance or admin account, made once a second admin approves. */
  proposeCreate(
    input: { email: string; name: string; role: Role },
    proposer: SessionUser,
    context: AuditContext,
  ): Promise<UserChangeDto>;
  /** A raised role, a re-enabling, another user's password or factors reset. */
  propose(
    input:
      | { kind: 'role'; userId: string; role: Role }
      | { kind: 'enable'; userId: string }
      | { kind: 'password_reset'; userId: string; password: string }
      | { kind: 'factor_reset'; userId: string },
    proposer: SessionUser,
    context: AuditContext,
  ): Promise<UserChangeDto>;
  /**
   * `PATCH /api/users/:id`: a rename, a disabling or a lowered role apply at once; a raised role
   * or a re-enabling is proposed for a second admin.
   */
  change(id: string, patch: UserPatch, user: SessionUser, context: AuditContext): Promise<void>;
  list(viewer: SessionUser, status: string | undefined): Promise<UserChangeDto[]>;
  /** The pending changes of each account, as its row on the Users page shows them. */
  pendingFor(
    viewer: SessionUser,
    userIds: readonly string[],
  ): Promise<Map<string, UserChangeDto[]>>;
  approve(id: string, approver: SessionUser, context: AuditContext): Promise<UserChangeDto>;
  reject(
    id: string,
    user: SessionUser,
    reason: string,
    context: AuditContext,
  ): Promise<UserChangeDto>;
}

export function createUserChanges({
  repo,
  usersRepository,
  usersService,
  hashPassword,
  resetFactors,
  auditService,
  separationOfDuties,
  clock,
  logger,
  notify,
  invitations,
}: {
  /** A new account's owner is e-mailed a link to set their password once it is made. */
  invitations: Pick<Invitations, 'assertCanInvite' | 'invite'>;
  repo: UserChangesRepository;
  usersRepository: Pick<UsersRepository, 'findById' | 'findByEmail'>;
  usersService: Pick<UsersService, 'createUser' | 'update' | 'resetPassword' | 'get'>;
  hashPassword: (password: string) => Promise<string>;
  /** Ends every factor and session of the account (the factors feature). */
  resetFactors: (userId: string, context: AuditContext) => Promise<void>;
  auditService: AuditService;
  separationOfDuties: SeparationOfDuties;
  clock: Clock;
  logger: Logger;
  /** The other admins' bell; never throws. */
  notify?: {
    proposed(change: { id: string; summary: string; proposedBy: string }): Promise<void>;
    settled(changeId: string): Promise<void>;
  };
}): UserChanges {
  const actorCache = async (ids: readonly (string | null)[]) => {
    const found = new Map<string, { id: string; email: string; name: string }>();
    for (const id of new Set(ids.filter((i): i is string => i !== null))) {
      const user = await usersRepository.findById(id);
      found.set(
        id,
        user
          ? { id, email: user.email, name: user.name }
          : { id, email: 'unknown', name: 'Unknown' },
      );
    }
    return found;
  };

  /** Why `viewer` may not approve `row` now (null: they may). */
  async function cannotApprove(row: UserChangeRow, viewer: SessionUser): Promise<string | null> {
    if (row.status !== 'pending') return `This change is ${row.status}.`;
    if (viewer.role !== 'admin') return 'Only an admin approves account changes.';
    if (row.userId === viewer.id)
      return 'This change is of your own account: another admin approves it.';
    const refusal = await separationOfDuties.refusal(question(row, viewer));
    return refusal?.message ?? null;
  }

  const question = (row: UserChangeRow, viewer: SessionUser) => ({
    deciderId: viewer.id,
    initiatorId: row.proposedBy,
    subjectAt: row.proposedAt,
    subject: 'account change',
    selfMessage: 'You proposed this account change: another admin must approve it.',
  });

  async function dtosOf(rows: UserChangeRow[], viewer: SessionUser): Promise<UserChangeDto[]> {
    const actors = await actorCache(rows.flatMap((r) => [r.proposedBy, r.decidedBy]));
    return Promise.all(
      rows.map(async (row) => {
        const why = row.status === 'pending' ? await cannotApprove(row, viewer) : null;
        return {
          id: row.id,
          kind: row.kind,
          status: row.status,
          user_id: row.userId,
          email: row.email,
          name: row.name,
          role: row.role,
          from_role: row.fromRole,
          proposed_by: actors.get(row.proposedBy)!,
          proposed_at: row.proposedAt.toISOString(),
          decided_by: row.decidedBy ? actors.get(row.decidedBy)! : null,
          decided_at: row.decidedAt?.toISOString() ?? null,
          reason: row.reason,
          can_approve: row.status === 'pending' && why === null,
          cannot_approve_reason: why,
        };
      }),
    );
  }

  const oneDto = async (row: UserChangeRow, viewer: SessionUser) =>
    (await dtosOf([row], viewer))[0]!;

  function summaryOf(row: UserChangeRow): string {
    switch (row.kind) {
      case 'create':
        return `a new ${row.role ?? ''} account for ${row.email}`;
      case 'role':
        return `${row.email} from ${row.fromRole ?? '?'} to ${row.role ?? '?'}`;
      case 'enable':
        return `${row.email} enabled again`;
      case 'password_reset':
        return `a new password for ${row.email}`;
      case 'factor_reset':
        return `the second factors of ${row.email} reset`;
    }
  }

  async function insert(
    row: Omit<
      UserChangeRow,
      'id' | 'status' | 'proposedBy' | 'proposedAt' | 'decidedBy' | 'decidedAt' | 'reason'
    >,
    proposer: SessionUser,
    context: AuditContext,
  ): Promise<UserChangeDto> {
    const id = randomUUID();
    const full: UserChangeRow = {
      ...row,
      id,
      status: 'pending',
      proposedBy: proposer.id,
      proposedAt: clock.now(),
      decidedBy: null,
      decidedAt: null,
      reason: null,
    };
    const result = await repo.insert(full, [
      auditService.row(context, {
        action: 'user.change_proposed',
        target: row.userId ? { type: 'user', id: row.userId } : { type: 'user_change', id },
        data: {
          change_id: id,
          kind: row.kind,
          email: row.email,
          ...(row.role ? { role: row.role } : {}),
          ...(row.fromRole ? { from_role: row.fromRole } : {}),
        },
      }),
    ]);
    if (result.kind === 'pending_exists') {
      throw new AppError(
        'conflict',
        `A change of ${row.email} already waits for a second admin: approve or reject it first.`,
      );
    }
    await notify?.proposed({ id, summary: summaryOf(full), proposedBy: proposer.id });
    return oneDto(result.row, proposer);
  }

  async function target(userId: string) {
    const user = UUID_RE.test(userId) ? await usersRepository.findById(userId) : undefined;
    if (!user) throw new AppError('not_found', 'No such user.');
    return user;
  }

  async function findOr404(id: string) {
    const row = UUID_RE.test(id) ? await repo.findById(id) : undefined;
    if (!row) throw new AppError('not_found', 'No such account change.');
    return row;
  }

  /** Applies an approved change; its own audit rows name the approver as actor. */
  async function apply(
    row: UserChangeRow,
    approver: SessionUser,
    context: AuditContext,
  ): Promise<string> {
    switch (row.kind) {
      case 'create': {
        const user = { email: row.email, name: row.name ?? row.email, role: row.role! };
        // A proposal stored with a password (before invitations) keeps it.
        const { passwordHash } = row;
        const { id } = await usersService.createUser(
          user,
          context,
          ...(passwordHash ? [() => Promise.resolve(passwordHash)] : []),
        );
        if (!passwordHash) {
          const proposer = await usersRepository.findById(row.proposedBy);
          const sender = `${proposer?.name ?? 'An admin'}, approved by ${approver.name},`;
          await invitations.invite({ id, ...user }, { id: row.proposedBy, name: sender }, context);
        }
        return id;
      }
      case 'role':
        await usersService.update(row.userId!, { role: row.role! }, context);
        return row.userId!;
      case 'enable':
        await usersService.update(row.userId!, { disabled: false }, context);
        return row.userId!;
      case 'password_reset':
        await usersService.resetPassword(row.userId!, { hash: row.passwordHash! }, context);
        return row.userId!;
      case 'factor_reset':
        await resetFactors(row.userId!, context);
        return row.userId!;
    }
  }

  const changes: UserChanges = {
    async proposeCreate(input, proposer, context) {
      invitations.assertCanInvite();
      if (await usersRepository.findByEmail(input.email.toLowerCase())) {
        throw new AppError('conflict', 'A user with this email already exists.', {
          errors: [{ pointer: '/email', message: 'This email is already used by another user' }],
        });
      }
      return insert(
        {
          kind: 'create',
          userId: null,
          email: input.email.toLowerCase(),
          name: input.name,
          role: input.role,
          fromRole: null,
          passwordHash: null,
        },
        proposer,
        context,
      );
    },

    async propose(input, proposer, context) {
      const user = await target(input.userId);
      const base = {
        kind: input.kind,
        userId: user.id,
        email: user.email,
        name: null,
        role: null,
        fromRole: null,
        passwordHash: null,
      };
      switch (input.kind) {
        case 'role':
          return insert({ ...base, role: input.role, fromRole: user.role }, proposer, context);
        case 'password_reset':
          return insert(
            { ...base, passwordHash: await hashPassword(input.password) },
            proposer,
            context,
          );
        default:
          return insert(base, proposer, context);
      }
    },

    async change(id, patch, user, context) {
      const current = await usersService.get(id);
      const raise = patch.role !== undefined && raisesRole(current.role, patch.role);
      const enable = patch.disabled === false && current.disabled;
      const now: UserPatch = {
        ...(patch.name !== undefined ? { name: patch.name } : {}),
        ...(patch.role !== undefined && !raise && patch.role !== current.role
          ? { role: patch.role }
          : {}),
        ...(patch.disabled === true ? { disabled: true } : {}),
      };
      if (Object.keys(now).length > 0) await usersService.update(id, now, context);
      if (raise)
        await changes.propose({ kind: 'role', userId: id, role: patch.role! }, user, context);
      if (enable) await changes.propose({ kind: 'enable', userId: id }, user, context);
    },

    async list(viewer, status) {
      return dtosOf(await repo.list({ status, limit: 200 }), viewer);
    },

    async pendingFor(viewer, userIds) {
      const rows = await repo.pendingFor(userIds);
      const dtos = await dtosOf(rows, viewer);
      const byUser = new Map<string, UserChangeDto[]>();
      for (const dto of dtos) {
        if (dto.user_id) byUser.set(dto.user_id, [...(byUser.get(dto.user_id) ?? []), dto]);
      }
      return byUser;
    },

    async approve(id, approver, context) {
      const row = await findOr404(id);
      if (row.status !== 'pending') {
        throw new AppError('conflict', `This account change is ${row.status}, not pending.`);
      }
      if (row.userId === approver.id) {
        throw new AppError(
          'self_approval',
          'This change is of your own account: another admin approves it.',
        );
      }
      await separationOfDuties.assertSecondPerson(question(row, approver), {
        context,
        action: 'user.change_approve_refused',
        target: { type: 'user_change', id },
      });
      const now = clock.now();
      const claimed = await repo.decide(
        id,
        { status: 'approved', decidedBy: approver.id, decidedAt: now },
        [],
      );
      if (!claimed) throw new AppError('conflict', 'This account change no longer waits.');
      try {
        const userId = await apply(claimed, approver, context);
        await auditService.record(context, {
          action: 'user.change_approved',
          target: { type: 'user', id: userId },
          data: { change_id: id, kind: claimed.kind, proposed_by: claimed.proposedBy },
        });
        await repo.settle(id, { userId, passwordHash: null });
      } catch (error) {
        const reason =
          error instanceof AppError ? (error.detail ?? error.title) : 'it could not be applied';
        logger.warn({ err: error, changeId: id }, 'approved account change not applied');
        await repo.settle(id, { status: 'failed', reason, passwordHash: null });
        await notify?.settled(id);
        throw error;
      }
      await notify?.settled(id);
      return oneDto((await repo.findById(id))!, approver);
    },

    async reject(id, user, reason, context) {
      const row = await findOr404(id);
      const own = row.proposedBy === user.id;
      const decided = await repo.decide(
        id,
        {
          status: own ? 'withdrawn' : 'rejected',
          decidedBy: user.id,
          decidedAt: clock.now(),
          reason,
          passwordHash: null,
        },
        [
          auditService.row(context, {
            action: own ? 'user.change_withdrawn' : 'user.change_rejected',
            target: row.userId ? { type: 'user', id: row.userId } : { type: 'user_change', id },
            data: { change_id: id, kind: row.kind, email: row.email },
          }),
        ],
      );
      if (!decided) {
        throw new AppError('conflict', `This account change is ${row.status}, not pending.`);
      }
      await notify?.settled(id);
      return oneDto(decided, user);
    },
  };
  return changes;
}
