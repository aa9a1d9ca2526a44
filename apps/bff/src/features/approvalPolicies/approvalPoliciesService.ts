import { randomUUID } from 'node:crypto';
import {
  DAY_MS,
  describePolicyDiff,
  dryRun,
  UUID_RE,
  validatePolicy,
  type ActivePolicyDto,
  type ApprovalPoliciesDto,
  type ApprovalPolicy,
  type PolicyDryRunBody,
  type PolicyDryRunDto,
  type PolicyProposalDto,
  type ProposePolicyBody,
} from '@payouts/contracts';
import type { Logger } from 'pino';
import { AppError, type FieldError } from '../../http/AppError.js';
import type { Clock } from '../../shared/clock.js';
import type { AuditContext, SessionUser } from '../../shared/identity.js';
import type { SeparationOfDuties } from '../separationOfDuties/separationOfDuties.js';
import type { AuditService } from '../audit/auditService.js';
import type {
  ApprovalPoliciesRepository,
  PolicyActor,
  PolicyProposalRow,
  PolicyVersionRow,
} from './approvalPoliciesRepository.js';

/** Decided proposals `GET /api/approval-policies` shows. */
export const POLICY_HISTORY_LIMIT = 20;

/**
 * Told once a proposal is committed, so the other admins hear of it, and once it is decided, so
 * they stop being asked (optional).
 */
export interface PolicyChangeNotifier {
  policyChangeProposed(input: { proposalId: string; proposedBy: string }): Promise<void>;
  policyChangeDecided?(proposalId: string): Promise<void>;
}

/** What payout creation needs: the policy in force now. */
export interface ActivePolicySource {
  active(): Promise<ApprovalPolicy>;
}

/**
 * Stored approval policies under four eyes (issue 12, docs/decisions/016): one version in force,
 * an admin proposes a change, a different admin approves it (a new version, in the same
 * transaction) or any admin rejects it.
 */
export interface ApprovalPoliciesService extends ActivePolicySource {
  /** Version 1 from configuration, unless a version exists (first start). */
  ensureInitial(): Promise<void>;
  get(): Promise<ApprovalPoliciesDto>;
  propose(
    user: SessionUser,
    body: ProposePolicyBody,
    context: AuditContext,
  ): Promise<PolicyProposalDto>;
  approve(id: string, user: SessionUser, context: AuditContext): Promise<PolicyProposalDto>;
  reject(
    id: string,
    user: SessionUser,
    reason: string,
    context: AuditContext,
  ): Promise<PolicyProposalDto>;
  dryRun(body: PolicyDryRunBody): Promise<PolicyDryRunDto>;
}

/** `validatePolicy`'s pointers are relative to the policy: the body has it under `/policy`. */
function requireValidPolicy(policy: ApprovalPolicy): void {
  const check = validatePolicy(policy);
  if (check.ok) return;
  throw new AppError('validation_failed', 'The policy has problems.', {
    errors: check.errors.map((e): FieldError => ({
      pointer: `/policy${e.pointer}`,
      message: e.message,
    })),
  });
}

export function createApprovalPoliciesService({
  repo,
  auditService,
  clock,
  logger,
  initialPolicy,
  notify,
  separationOfDuties,
}: {
  repo: ApprovalPoliciesRepository;
  auditService: AuditService;
  /** Who counts as a second admin (decision 042); without it, only "not the proposer". */
  separationOfDuties?: SeparationOfDuties;
  clock: Clock;
  logger: Logger;
  /** Version 1 when the database has none: `config.approvalPolicy`. */
  initialPolicy: ApprovalPolicy;
  notify?: PolicyChangeNotifier | undefined;
}): ApprovalPoliciesService {
  async function activeRow(): Promise<PolicyVersionRow> {
    const row = await repo.active();
    if (row) return row;
    // A database migrated by a process that never ran `ensureInitial` (or emptied by hand).
    await repo.ensureInitial(initialPolicy, clock.now());
    const made = await repo.active();
    if (!made) throw new Error('the initial approval policy could not be stored');
    return made;
  }

  const actorOf = (actors: Map<string, PolicyActor>, id: string | null): PolicyActor | null => {
    if (id === null) return null;
    const actor = actors.get(id);
    return actor ? { id: actor.id, email: actor.email, name: actor.name } : null;
  };

  function proposalDto(
    row: PolicyProposalRow,
    actors: Map<string, PolicyActor>,
  ): PolicyProposalDto {
    return {
      id: row.id,
      status: row.status,
      base_version: row.baseVersion,
      policy: row.policy,
      changes: row.changes,
      note: row.note,
      proposed_by: actorOf(actors, row.proposedBy)!,
      proposed_at: row.proposedAt.toISOString(),
      decided_by: actorOf(actors, row.decidedBy),
      decided_at: row.decidedAt?.toISOString() ?? null,
      reason: row.reason,
    };
  }

  async function oneProposalDto(row: PolicyProposalRow): Promise<PolicyProposalDto> {
    return proposalDto(row, await repo.actors([row.proposedBy, row.decidedBy]));
  }

  function requireProposalId(id: string): void {
    if (!UUID_RE.test(id)) throw new AppError('not_found', 'No such policy proposal.');
  }

  function stillPending(proposal: PolicyProposalRow): void {
    if (proposal.status !== 'pending') {
      throw new AppError('conflict', `This proposal was already ${proposal.status}.`);
    }
  }

  async function decidedResult(result: Awaited<ReturnType<ApprovalPoliciesRepository['decide']>>) {
    if (result.kind === 'not_found') throw new AppError('not_found', 'No such policy proposal.');
    if (result.kind === 'version_taken') {
      throw new AppError('conflict', 'The policy changed meanwhile. Reload and try again.');
    }
    // The decision stands whatever happens to the bell: a failure is logged only.
    await notify?.policyChangeDecided?.(result.proposal.id).catch((error: unknown) => {
      logger.warn(
        { err: error, proposalId: result.proposal.id },
        'policy notifications not settled',
      );
    });
    return oneProposalDto(result.proposal);
  }

  return {
    async ensureInitial() {
      await repo.ensureInitial(initialPolicy, clock.now());
    },

    async active() {
      return (await activeRow()).policy;
    },

    async get() {
      const [active, pending, history] = await Promise.all([
        activeRow(),
        repo.pending(),
        repo.decided(POLICY_HISTORY_LIMIT),
      ]);
      const proposals = [...(pending ? [pending] : []), ...history];
      const actors = await repo.actors([
        active.proposedBy,
        active.approvedBy,
        ...proposals.flatMap((p) => [p.proposedBy, p.decidedBy]),
      ]);
      const activeDto: ActivePolicyDto = {
        version: active.version,
        policy: active.policy,
        proposed_by: actorOf(actors, active.proposedBy),
        approved_by: actorOf(actors, active.approvedBy),
        active_since: active.activeSince.toISOString(),
      };
      return {
        active: activeDto,
        pending: pending ? proposalDto(pending, actors) : null,
        history: history.map((row) => proposalDto(row, actors)),
      };
    },

    async propose(user, body, context) {
      requireValidPolicy(body.policy);
      await activeRow();
      const id = randomUUID();
      const at = clock.now();
      const note = body.note?.trim() ? body.note.trim() : null;
      const result = await repo.propose((active) => {
        const changes = describePolicyDiff(active.policy, body.policy);
        if (changes.length === 0) {
          throw new AppError('validation_failed', 'The policy is the same as the one in force.', {
            errors: [{ pointer: '/policy', message: 'Nothing changed' }],
          });
        }
        return {
          row: {
            id,
            status: 'pending',
            baseVersion: active.version,
            policy: body.policy,
            changes,
            note,
            proposedBy: user.id,
            proposedAt: at,
          },
          audit: [
            auditService.row(context, {
              action: 'approval_policy.propose',
              target: { type: 'approval_policy_proposal', id },
              data: {
                base_version: active.version,
                changes: changes.map((c) => c.message),
                ...(note !== null ? { note } : {}),
              },
            }),
          ],
        };
      });
      if (result.kind === 'pending_exists') {
        throw new AppError(
          'conflict',
          'Another policy change awaits a decision: approve or reject it first.',
        );
      }
      if (notify) {
        // The proposal stands whatever happens to the message: a failure is logged only.
        try {
          await notify.policyChangeProposed({ proposalId: id, proposedBy: user.id });
        } catch (error) {
          logger.warn({ err: error, proposalId: id }, 'policy change notification failed');
        }
      }
      return oneProposalDto(result.proposal);
    },

    async approve(id, user, context) {
      requireProposalId(id);
      const proposal = await repo.findProposal(id);
      if (proposal?.status === 'pending') {
        await separationOfDuties?.assertSecondPerson(
          {
            deciderId: user.id,
            initiatorId: proposal.proposedBy,
            subjectAt: proposal.proposedAt,
            subject: 'policy change',
            selfMessage: 'Another admin must approve your policy change.',
          },
          {
            context,
            action: 'approval_policy.approve_refused',
            target: { type: 'approval_policy_proposal', id },
          },
        );
      }
      const at = clock.now();
      const result = await repo.decide(id, (proposal, active) => {
        stillPending(proposal);
        if (proposal.proposedBy === user.id) {
          throw new AppError('self_approval', 'Another admin must approve your policy change.');
        }
        if (proposal.baseVersion !== active.version) {
          throw new AppError(
            'conflict',
            `This change was proposed against version ${proposal.baseVersion}; version ${active.version} is in force now. Reject it and propose it again.`,
          );
        }
        return {
          patch: { status: 'approved', decidedBy: user.id, decidedAt: at },
          newVersion: {
            policy: proposal.policy,
            proposalId: proposal.id,
            proposedBy: proposal.proposedBy,
            approvedBy: user.id,
            activeSince: at,
          },
          audit: [
            auditService.row(context, {
              action: 'approval_policy.approve',
              target: { type: 'approval_policy_proposal', id: proposal.id },
              data: {
                version: active.version + 1,
                base_version: proposal.baseVersion,
                changes: proposal.changes.map((c) => c.message),
              },
            }),
          ],
        };
      });
      return decidedResult(result);
    },

    async reject(id, user, reason, context) {
      requireProposalId(id);
      const at = clock.now();
      const result = await repo.decide(id, (proposal) => {
        stillPending(proposal);
        return {
          patch: { status: 'rejected', decidedBy: user.id, decidedAt: at, reason },
          audit: [
            auditService.row(context, {
              action: 'approval_policy.reject',
              target: { type: 'approval_policy_proposal', id: proposal.id },
              data: {
                base_version: proposal.baseVersion,
                reason,
                withdrawn: proposal.proposedBy === user.id,
                changes: proposal.changes.map((c) => c.message),
              },
            }),
          ],
        };
      });
      return decidedResult(result);
    },

    async dryRun(body) {
      let policy: ApprovalPolicy;
      if (body.policy) {
        requireValidPolicy(body.policy);
        policy = body.policy;
      } else {
        policy = (await activeRow()).policy;
      }
      const now = clock.now();
      const days = body.payout.beneficiary_changed_days_ago;
      return dryRun(policy, {
        currency: body.payout.currency,
        amount: body.payout.amount,
        payout_method_type: body.payout.payout_method_type,
        provider: body.payout.provider,
        country: body.payout.country,
        beneficiary:
          days === undefined
            ? null
            : { created_or_changed_at: new Date(now.getTime() - days * DAY_MS).toISOString() },
        in_batch: body.payout.in_batch ?? false,
        now,
      });
    },
  };
}
