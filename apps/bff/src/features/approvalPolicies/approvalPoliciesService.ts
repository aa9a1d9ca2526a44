import { randomUUID } from 'node:crypto';
import {
  describePolicyDiff,
  policyWeakening,
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
import { AppError, type FieldError } from '../../shared/AppError.js';
import type { Clock } from '../../shared/clock.js';
import type { AuditContext, SessionUser } from '../../shared/identity.js';
import type { SeparationOfDuties } from '../separationOfDuties/index.js';
import type { AuditService } from '../audit/index.js';
import type {
  ApprovalPoliciesRepository,
  PolicyProposalRow,
  PolicyVersionRow,
} from './approvalPoliciesRepository.js';
import { actorOf, dryRunPayout, proposalDto } from './approvalPolicyViews.js';

/** Decided proposals `GET /api/approval-policies` shows. */
export const POLICY_HISTORY_LIMIT = 20;

/**
 * Told once a proposal is committed, so the other admins hear of it, and once it is decided, so
 * they stop being asked (optional).
 */
export interface PolicyChangeNotifier {
  policyChangeProposed(input: { proposalId: string; proposedBy: string }): Promise<void>;
  policyChangeDecided?(proposalId: string): Promise<void>;
  /**
   * A weakening change was approved and waits for `effectiveAt`: every admin but its approver
   * hears of it at once, and what told them of the proposal stays unread until they read it.
   */
  policyChangeScheduled?(input: {
    proposalId: string;
    approvedBy: string;
    effectiveAt: Date;
    weakening: string;
  }): Promise<void>;
}

/** How long a process trusts its last look at the scheduled change (far below any delay). */
const SCHEDULED_LOOK_MS = 60_000;

/** What payout creation needs: the policy in force now. */
export interface ActivePolicySource {
  active(): Promise<ApprovalPolicy>;
}

/**
 * Stored approval policies under four eyes (docs/decisions/016): one version in force,
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
  weakeningDelayMs,
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
  /** POLICY_WEAKENING_DELAY_HOURS: a weakening change takes effect this long after approval. */
  weakeningDelayMs: number;
}): ApprovalPoliciesService {
  /** This process's last look at the scheduled change: when it is due, and when we looked. */
  let scheduledLook: { lookedAt: number; id: string; dueAt: number } | undefined;

  /**
   * A scheduled change whose time has come becomes the next version, in force from its
   * `effective_at`; one proposed against a version no longer in force is dropped instead. Done
   * by whoever reads the policy first after that time (every payout does), in the proposal's
   * lock: concurrent readers apply it once.
   */
  async function applyDueChange(): Promise<void> {
    const now = clock.now().getTime();
    if (scheduledLook === undefined || now - scheduledLook.lookedAt >= SCHEDULED_LOOK_MS) {
      const row = await repo.scheduled();
      scheduledLook =
        row?.effectiveAt == null
          ? { lookedAt: now, id: '', dueAt: Number.POSITIVE_INFINITY }
          : { lookedAt: now, id: row.id, dueAt: row.effectiveAt.getTime() };
    }
    if (scheduledLook.dueAt > now) return;
    const { id } = scheduledLook;
    scheduledLook = undefined;
    const at = clock.now();
    const result = await repo.decide(id, (proposal, active) => {
      if (
        proposal.status !== 'scheduled' ||
        (proposal.effectiveAt?.getTime() ?? 0) > at.getTime()
      ) {
        // Cancelled meanwhile, or applied by another process: nothing to do.
        return { patch: { status: proposal.status }, audit: [] };
      }
      const target = { type: 'approval_policy_proposal', id: proposal.id };
      const system: AuditContext = { actor: null, ip: null, requestId: null };
      if (proposal.baseVersion !== active.version) {
        return {
          patch: {
            status: 'rejected',
            reason: `Version ${active.version} came into force before this change took effect.`,
          },
          audit: [
            auditService.row(system, {
              action: 'approval_policy.dropped',
              target,
              data: { base_version: proposal.baseVersion, version: active.version },
            }),
          ],
        };
      }
      const effectiveAt = proposal.effectiveAt ?? at;
      return {
        patch: { status: 'approved' },
        newVersion: {
          policy: proposal.policy,
          proposalId: proposal.id,
          proposedBy: proposal.proposedBy,
          approvedBy: proposal.decidedBy,
          activeSince: effectiveAt,
        },
        audit: [
          auditService.row(system, {
            action: 'approval_policy.in_force',
            target,
            data: {
              version: active.version + 1,
              effective_at: effectiveAt.toISOString(),
              changes: proposal.changes.map((c) => c.message),
            },
          }),
        ],
      };
    });
    if (result.kind === 'decided' && result.proposal.status === 'approved') {
      logger.info({ proposalId: id }, 'scheduled approval policy change in force');
    }
  }

  async function activeRow(): Promise<PolicyVersionRow> {
    await applyDueChange();
    const row = await repo.active();
    if (row) return row;
    // A database migrated by a process that never ran `ensureInitial` (or emptied by hand).
    await repo.ensureInitial(initialPolicy, clock.now());
    const made = await repo.active();
    if (!made) throw new Error('the initial approval policy could not be stored');
    return made;
  }

  async function oneProposalDto(row: PolicyProposalRow): Promise<PolicyProposalDto> {
    return proposalDto(row, await repo.actors([row.proposedBy, row.decidedBy, row.cancelledBy]));
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
    if (result.kind === 'scheduled_exists') {
      throw new AppError(
        'conflict',
        'Another change that weakens the policy waits to take effect: let it, or cancel it, first.',
      );
    }
    // Our own change of the scheduled one: look again at the next read.
    scheduledLook = undefined;
    if (result.proposal.status === 'scheduled') {
      const { effectiveAt, weakening, decidedBy } = result.proposal;
      await notify
        ?.policyChangeScheduled?.({
          proposalId: result.proposal.id,
          approvedBy: decidedBy!,
          effectiveAt: effectiveAt!,
          weakening: weakening ?? '',
        })
        .catch((error: unknown) => {
          logger.warn({ err: error, proposalId: result.proposal.id }, 'scheduled change not told');
        });
      return oneProposalDto(result.proposal);
    }
    if (result.proposal.effectiveAt !== null) {
      // A scheduled change cancelled: what told the admins of it stays for them to read.
      return oneProposalDto(result.proposal);
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
      // In force first: a scheduled change whose time came is part of the history below.
      const active = await activeRow();
      const [pending, scheduled, history] = await Promise.all([
        repo.pending(),
        repo.scheduled(),
        repo.decided(POLICY_HISTORY_LIMIT),
      ]);
      const proposals = [
        ...(pending ? [pending] : []),
        ...(scheduled ? [scheduled] : []),
        ...history,
      ];
      const actors = await repo.actors([
        active.proposedBy,
        active.approvedBy,
        ...proposals.flatMap((p) => [p.proposedBy, p.decidedBy, p.cancelledBy]),
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
        scheduled: scheduled ? proposalDto(scheduled, actors) : null,
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
        const weakening =
          weakeningDelayMs > 0 ? policyWeakening(active.policy, proposal.policy, at) : undefined;
        if (weakening !== undefined) {
          const effectiveAt = new Date(at.getTime() + weakeningDelayMs);
          return {
            patch: {
              status: 'scheduled',
              decidedBy: user.id,
              decidedAt: at,
              effectiveAt,
              weakening: weakening.example,
            },
            audit: [
              auditService.row(context, {
                action: 'approval_policy.schedule',
                target: { type: 'approval_policy_proposal', id: proposal.id },
                data: {
                  base_version: proposal.baseVersion,
                  effective_at: effectiveAt.toISOString(),
                  weakening: weakening.example,
                  changes: proposal.changes.map((c) => c.message),
                },
              }),
            ],
          };
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
        if (proposal.status === 'scheduled') {
          // Any admin cancels a weakening change before it takes effect; its approval is kept.
          return {
            patch: { status: 'rejected', reason, cancelledBy: user.id, cancelledAt: at },
            audit: [
              auditService.row(context, {
                action: 'approval_policy.cancel',
                target: { type: 'approval_policy_proposal', id: proposal.id },
                data: {
                  base_version: proposal.baseVersion,
                  reason,
                  effective_at: proposal.effectiveAt?.toISOString() ?? null,
                  changes: proposal.changes.map((c) => c.message),
                },
              }),
            ],
          };
        }
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
      return dryRun(policy, dryRunPayout(body.payout, clock.now()));
    },
  };
}
