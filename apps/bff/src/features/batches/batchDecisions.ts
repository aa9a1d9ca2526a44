import type { ApprovalPolicy } from '@payouts/contracts';
import { AppError } from '../../shared/AppError.js';
import type { Clock } from '../../shared/clock.js';
import type { AuditContext, SessionUser } from '../../shared/identity.js';
import type { AuditService } from '../audit/index.js';
import type { PayoutsRepository } from '../payouts/index.js';
import { cancelDeferred, decideTransition } from '../payouts/index.js';
import type { SecondPersonQuestion, SeparationOfDuties } from '../separationOfDuties/index.js';
import { ownerOr403 } from './batchAccess.js';
import type { BatchQueue } from './batchQueue.js';
import type { BatchesRepository, BatchRow } from './batchesRepository.js';

/** Submit, approve, reject, cancel: a batch's way from validated to sending (or not at all). */
export interface BatchDecisions {
  submit(user: SessionUser, id: string, context: AuditContext): Promise<void>;
  approve(user: SessionUser, id: string, context: AuditContext): Promise<void>;
  reject(user: SessionUser, id: string, reason: string, context: AuditContext): Promise<void>;
  cancel(
    user: SessionUser,
    id: string,
    reason: string | undefined,
    context: AuditContext,
  ): Promise<void>;
}

/**
 * An approved batch starts sending: `submitting` first (rows are claimed only then), then its
 * queued rows go on the queue. A process that dies in between leaves the batch `approved` or its
 * rows without jobs: the sweep mends both (`BatchSender.sweep`).
 */
export async function startSending(
  repo: BatchesRepository,
  queue: BatchQueue,
  id: string,
  now: Date,
): Promise<void> {
  await repo.change<boolean>(id, (batch) =>
    batch.status === 'approved'
      ? { patch: { status: 'submitting', updatedAt: now }, audit: [], result: true }
      : { refused: false },
  );
  const rows = await repo.rowNumbers(id, 'queued');
  await queue.enqueue(rows.map((row) => ({ batchId: id, row })));
}

/** Statuses from which a batch can still be cancelled. */
const CANCELLABLE = ['draft', 'validated', 'awaiting_approval', 'approved', 'submitting'];

function statusWords(status: string): string {
  return status.replace(/_/g, ' ');
}

/** Why `user` may not approve or reject `batch` now; null when they may. */
export function cannotDecideReason(
  batch: BatchRow,
  approvals: readonly { userId: string }[],
  user: SessionUser,
): string | null {
  if (batch.status !== 'awaiting_approval') {
    return `This batch is ${statusWords(batch.status)}, not awaiting approval.`;
  }
  if (batch.createdBy === user.id) return 'You uploaded this batch: someone else must approve it.';
  const rule = batch.approvalRule;
  if (rule && !(rule.roles as readonly string[]).includes(user.role)) {
    return `This batch's rule (${rule.name}) is approved by ${rule.roles.join(' or ')} only.`;
  }
  if (approvals.some((a) => a.userId === user.id)) {
    return 'You already approved this batch: it waits for someone else.';
  }
  return null;
}

/** The batch's question to the separation-of-duties rule: its uploader against the decider. */
export function secondPersonQuestion(batch: BatchRow, user: SessionUser): SecondPersonQuestion {
  return {
    deciderId: user.id,
    initiatorId: batch.createdBy,
    subjectAt: batch.createdAt,
    subject: 'batch',
    selfMessage: 'You uploaded this batch: someone else must approve it.',
  };
}

export function createBatchDecisions({
  repo,
  payoutsRepository,
  queue,
  clock,
  auditService,
  separationOfDuties,
  policies,
  notify,
}: {
  repo: BatchesRepository;
  separationOfDuties: SeparationOfDuties;
  payoutsRepository: PayoutsRepository;
  queue: BatchQueue;
  clock: Clock;
  auditService: AuditService;
  policies: { active(): Promise<ApprovalPolicy> };
  /**
   * Tells the approvers a batch waits, and that it no longer does; tells its uploader what
   * others decided. Never throws.
   */
  notify?: {
    awaitingApproval(batch: BatchRow): Promise<void>;
    decided(batchId: string): Promise<void>;
    outcome?(batch: BatchRow, outcome: 'approved' | 'rejected', by: string): Promise<void>;
  };
}): BatchDecisions {
  function refuse(status: string, expected: string): never {
    throw new AppError(
      'conflict',
      `This batch is ${statusWords(status)}, not ${statusWords(expected)}.`,
      { extensions: { batch_status: status } },
    );
  }

  return {
    async submit(user, id, context) {
      // The policy in force now decides (it may have changed since validation).
      await policies.active();
      const now = clock.now();
      const changed = await repo.change<{ done: boolean; status: string; notCreator?: true }>(
        id,
        (batch) => {
          // Who may submit first: a refusal by status would tell others more than they may do.
          if (batch.createdBy !== user.id) {
            return { refused: { done: false, status: batch.status, notCreator: true } };
          }
          if (batch.status !== 'validated')
            return { refused: { done: false, status: batch.status } };
          const required = batch.approvalRule?.count ?? 0;
          const status = required > 0 ? 'awaiting_approval' : 'approved';
          return {
            patch: { status, submittedAt: now, updatedAt: now },
            moveRows: required > 0 ? [] : [{ from: ['valid'], to: 'queued' }],
            audit: [
              auditService.row(context, {
                action: 'batch.submit',
                target: { type: 'batch', id },
                data: { approvals_required: required, rows: batch.summary?.included ?? 0 },
              }),
            ],
            result: { done: true, status },
          };
        },
      );
      if (!changed) throw new AppError('not_found', 'No such batch.');
      const { done, status, notCreator } = changed.result;
      if (notCreator) {
        throw new AppError('forbidden', 'Only the person who uploaded this batch submits it.');
      }
      if (!done) refuse(status, 'validated');
      if (status === 'approved') await startSending(repo, queue, id, clock.now());
      else await notify?.awaitingApproval(changed.batch);
    },

    async approve(user, id, context) {
      const batch = await repo.findById(id);
      if (!batch) throw new AppError('not_found', 'No such batch.');
      if (batch.status === 'awaiting_approval') {
        await separationOfDuties.assertSecondPerson(secondPersonQuestion(batch, user), {
          context,
          action: 'batch.approve_refused',
          target: { type: 'batch', id },
        });
      }
      const now = clock.now();
      const changed = await repo.change<{ reason: string | null; status: string }>(
        id,
        (batch, approvals) => {
          const reason = cannotDecideReason(batch, approvals, user);
          if (reason !== null) return { refused: { reason, status: batch.status } };
          const required = batch.approvalRule?.count ?? 1;
          const step = approvals.length + 1;
          const final = step >= required;
          return {
            patch: final ? { status: 'approved', updatedAt: now } : { updatedAt: now },
            moveRows: final ? [{ from: ['valid'], to: 'queued' }] : [],
            approval: { batchId: id, userId: user.id, role: user.role, step, at: now },
            audit: [
              auditService.row(context, {
                action: 'batch.approve',
                target: { type: 'batch', id },
                data: { step, of: required, rule: batch.approvalRule?.name ?? null },
              }),
            ],
            result: { reason: null, status: final ? 'approved' : batch.status },
          };
        },
      );
      if (!changed) throw new AppError('not_found', 'No such batch.');
      const { reason, status } = changed.result;
      if (reason !== null) {
        throw new AppError(status === 'awaiting_approval' ? 'forbidden' : 'conflict', reason, {
          extensions: { batch_status: status },
        });
      }
      if (status === 'approved') {
        await notify?.decided(id);
        await notify?.outcome?.(changed.batch, 'approved', user.id);
        await startSending(repo, queue, id, clock.now());
      }
    },

    async reject(user, id, reason, context) {
      const now = clock.now();
      const changed = await repo.change<{ why: string | null; status: string }>(
        id,
        (batch, approvals) => {
          const why = cannotDecideReason(batch, approvals, user);
          // Having approved does not stop one from rejecting before the batch is sent.
          if (why !== null && !why.startsWith('You already approved')) {
            return { refused: { why, status: batch.status } };
          }
          return {
            patch: {
              status: 'cancelled',
              rejectedBy: user.id,
              rejectedAt: now,
              rejectionReason: reason,
              updatedAt: now,
            },
            moveRows: [{ from: ['valid', 'queued'], to: 'cancelled' }],
            audit: [
              auditService.row(context, {
                action: 'batch.reject',
                target: { type: 'batch', id },
                data: { reason },
              }),
            ],
            result: { why: null, status: 'cancelled' },
          };
        },
      );
      if (!changed) throw new AppError('not_found', 'No such batch.');
      const { why, status } = changed.result;
      if (why !== null) {
        throw new AppError(status === 'awaiting_approval' ? 'forbidden' : 'conflict', why, {
          extensions: { batch_status: status },
        });
      }
      await notify?.decided(id);
      await notify?.outcome?.(changed.batch, 'rejected', user.id);
    },

    async cancel(user, id, reason, context) {
      const now = clock.now();
      let onBehalf: Record<string, unknown> = {};
      const changed = await repo.change<{ done: boolean; status: string }>(id, (batch) => {
        onBehalf = ownerOr403(batch, user);
        if (!CANCELLABLE.includes(batch.status)) {
          return { refused: { done: false, status: batch.status } };
        }
        return {
          patch: {
            status: 'cancelled',
            cancelledBy: user.id,
            cancelledAt: now,
            cancelReason: reason ?? null,
            updatedAt: now,
          },
          // Rows not yet sent never will be; a row being sent right now finishes as sent.
          moveRows: [{ from: ['valid', 'invalid', 'queued'], to: 'cancelled' }],
          audit: [
            auditService.row(context, {
              action: 'batch.cancel',
              target: { type: 'batch', id },
              data: {
                ...(reason ? { reason } : {}),
                status_before: batch.status,
                ...onBehalf,
              },
            }),
          ],
          result: { done: true, status: 'cancelled' },
        };
      });
      if (!changed) throw new AppError('not_found', 'No such batch.');
      if (!changed.result.done) {
        throw new AppError(
          'conflict',
          `This batch is ${statusWords(changed.result.status)}: there is nothing left to cancel.`,
          { extensions: { batch_status: changed.result.status } },
        );
      }
      await notify?.decided(id);
      const rows = await repo.allRows(id);
      // Rows held back by a 429 (their payout `submitting`, no send under way: no next check)
      // were never made at the orchestrator: failed, so no payout stays open for good, the sealed
      // details go, and the order ids are free for a file uploaded again. A send that took the
      // row just before the cancel has armed its payout (a next check): it finishes as sent.
      for (const r of rows.filter((x) => x.payoutId !== null && x.payoutStatus === 'submitting')) {
        await payoutsRepository.change(r.payoutId!, (current) =>
          cancelDeferred(current, now, user.email, id),
        );
      }
      // Rows that became payouts waiting for their own approval are not sent either.
      const waiting = rows.filter(
        (r) => r.payoutId !== null && r.payoutStatus === 'awaiting_approval',
      );
      for (const r of waiting) {
        await payoutsRepository.change(r.payoutId!, (current) => {
          const t = decideTransition(current.status, { kind: 'reject' });
          if (t.outcome !== 'changed') return undefined;
          return {
            patch: {
              status: t.to,
              cancelled: true,
              rejectedBy: user.id,
              rejectedAt: now,
              rejectionReason: reason || 'Its batch was cancelled',
              submission: null,
              nextCheckAt: null,
              updatedAt: now,
            },
            events: [
              {
                type: 'cancelled',
                actor: user.email,
                at: now,
                data: { batch_id: id, ...(reason ? { reason } : {}) },
              },
            ],
            audit: [
              auditService.row(context, {
                action: 'payout.cancel',
                target: { type: 'payout', id: r.payoutId! },
                data: { batch_id: id },
              }),
            ],
          };
        });
      }
    },
  };
}
