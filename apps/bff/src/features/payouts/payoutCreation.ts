import { createHash, randomUUID } from 'node:crypto';
import {
  accountLast4,
  type PayoutMetadataValue,
  type PayoutMethodType,
  type ApprovalPolicy,
  compareAmounts,
  type Corridor,
  type PayoutStatus,
} from '@payouts/contracts';
import type { OrchestratorExchange } from '@payouts/orchestrator-client';
import { AppError, type ErrorCode, type FieldError } from '../../shared/AppError.js';
import type { Clock } from '../../shared/clock.js';
import type { AuditContext, SessionUser } from '../../shared/identity.js';
import { amountFor, type AmountsByCurrency } from '../../configValues.js';
import type { AuditService } from '../audit/index.js';
import { requireKnownCorridor } from '../corridors/index.js';
import type { ProvidersService } from '../providers/index.js';
import { canonicalJson } from './canonicalJson.js';
import { creationApproval, creationEvents, ruleForPayout } from './creationApproval.js';
import { ledgerMetadata, recipientOf } from './ledgerMetadata.js';
import type { PayoutDto } from './payoutDto.js';
import type { PayoutLifecycle, SubmitOutcome } from './payoutLifecycle.js';
import type { IdempotencyRow, PayoutRow, PayoutsRepository } from './payoutsRepository.js';
import type { PayoutViews } from './payoutViews.js';
import { createPayoutValidators } from './payoutValidators.js';
import { createDuplicateCheck } from './possibleDuplicates.js';

/** What a create call answers: replayed verbatim for a repeated idempotency key. */
type StoredReply =
  | { kind: 'payout'; payout: PayoutDto }
  | { kind: 'problem'; code: ErrorCode; detail: string; errors?: FieldError[]; payout_id: string };

export interface CreatePayoutResult {
  /** 201 created at the orchestrator; 202 recorded but the orchestrator's answer never came. */
  status: 201 | 202;
  payout: PayoutDto;
  replayed: boolean;
  /** What happened this time (a replay: `replayed`); the batch sender branches on it. */
  outcome: SubmitOutcome['kind'] | 'awaiting_approval' | 'replayed';
  /** `deferred`: the orchestrator's Retry-After, when it gave one. */
  retryAfterSeconds?: number | undefined;
}

/** A batch's approval as one of its rows counts it. */
export interface BatchApprovalForRow {
  userId: string;
  email: string;
  role: string;
  at: Date;
}

export interface CreatePayoutOptions {
  /**
   * A lab test payout: stored with `is_test` (badged in lists and exports), at most the
   * currency's lab maximum, and held for approval above the threshold like any other.
   */
  isTest?: boolean;
  /** Sees the HTTP exchange with the orchestrator, scrubbed (the lab shows it). */
  onExchange?: (exchange: OrchestratorExchange) => void;
  /**
   * Paid to a saved beneficiary: the payout names it, its timeline and count change with the
   * payout, and the idempotency key is bound to `request` (what the client sent), so a replay
   * answers the same even after the beneficiary's details change.
   */
  beneficiary?: {
    id: string;
    request: unknown;
    /** The later of its creation and its last approved change of payment details. */
    createdOrChangedAt: Date;
  };
  /**
   * A row of a batch: linked to it (one payout per row, whatever retries), its rule
   * matched as "part of a batch", and the batch's approvals counted for it where the approver's
   * role is one its rule names; it waits only for the approvals still missing.
   */
  batch?: { id: string; row: number; approvals: readonly BatchApprovalForRow[] };
  /** A 429 defers the payout instead of failing it (see `SubmitOptions.deferRateLimited`). */
  deferRateLimited?: boolean;
  /** Sends again a payout a person marked failed (decision 040): one new payout per failed one. */
  resentFrom?: string;
  /**
   * The person saw the recent payouts of the same amount to the same account and pays again
   * (`pay_again=1`): no `possible_duplicate` refusal.
   */
  payAgain?: boolean;
  /**
   * Step-up: called before anything is written when the payout would wait for
   * approval (it is above the policy's lowest threshold); throws `step_up_required` when the
   * session's second factor is not fresh. Batch rows are stepped up when the batch is approved.
   */
  stepUp?: () => void;
}

export interface CreatePayoutInput {
  user: SessionUser;
  idempotencyKey: string;
  /** The body's corridor, parsed by the router; the rest of the body is checked against it. */
  corridor: Corridor;
  body: unknown;
}

/** Creates payouts (real and lab) exactly once per idempotency key, and replays the answer. */
export interface PayoutCreation {
  create(
    input: CreatePayoutInput,
    context: AuditContext,
    options?: CreatePayoutOptions,
  ): Promise<CreatePayoutResult>;
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

function replyToResult(status: number, reply: StoredReply, replayed: boolean): CreatePayoutResult {
  if (reply.kind === 'problem') {
    throw new AppError(reply.code, reply.detail, {
      ...(reply.errors ? { errors: reply.errors } : {}),
      extensions: { payout_id: reply.payout_id },
    });
  }
  return {
    status: status === 202 ? 202 : 201,
    payout: reply.payout,
    replayed,
    outcome: 'replayed',
  };
}

/**
 * A lab payout reaches the PSP like any other (real money, to whatever account it names), so
 * it stays small. Checked before anything is written: a refused one leaves no row at all.
 */
function requireLabAmount(max: AmountsByCurrency, amount: string, currency: string): void {
  const limit = amountFor(max, currency);
  if (limit === undefined || compareAmounts(amount, limit) <= 0) return;
  throw new AppError('validation_failed', `A lab payout is at most ${limit} ${currency}.`, {
    errors: [{ pointer: '/amount', message: `At most ${limit} ${currency} in the lab` }],
  });
}

export function createPayoutCreation({
  payoutsRepository: repo,
  views,
  providersService,
  lifecycle,
  auditService,
  clock,
  staleAfterMs,
  policies,
  labMaxAmounts,
  corridors,
  onAwaitingApproval,
  fingerprint,
  duplicateWindowMs,
}: {
  payoutsRepository: PayoutsRepository;
  views: PayoutViews;
  providersService: ProvidersService;
  lifecycle: PayoutLifecycle;
  auditService: AuditService;
  clock: Clock;
  /** An in-flight idempotency key older than this belongs to a request that died. */
  staleAfterMs: number;
  /**
   * The approval policy in force, read at each creation: its first matching rule is frozen on
   * the new payout. A pending change applies only once approved.
   */
  policies: { active(): Promise<ApprovalPolicy> };
  /** The largest lab payout per currency: the lab is real money to a real account. */
  labMaxAmounts: AmountsByCurrency;
  /** The merchant's corridors: no other reaches the orchestrator. */
  corridors: readonly Corridor[];
  /** Tells the approvers a new payout waits (staff notifications); never throws. */
  onAwaitingApproval?: (payout: PayoutDto) => Promise<void>;
  /** The keyed fingerprint of the account a payout pays (null: it names none). */
  fingerprint: (
    type: PayoutMethodType,
    metadata: Record<string, PayoutMetadataValue>,
  ) => string | null;
  /** How far back a payout of the same amount to the same account is a possible duplicate. */
  duplicateWindowMs: number;
}): PayoutCreation {
  const { dtoOf, dtosOf } = views;
  const validatorFor = createPayoutValidators();
  const refuseDuplicate = createDuplicateCheck({ repo, duplicateWindowMs });

  /**
   * A payout this request just wrote, shown from the row in hand (what the insert or the last
   * change returned) instead of read again: its creator is the user who made it.
   */
  async function dtoOfOwn(row: PayoutRow, user: SessionUser): Promise<PayoutDto> {
    const [dto] = await dtosOf([
      { payout: row, creator: { id: user.id, email: user.email, name: user.name } },
    ]);
    return dto!;
  }

  /** The reply a create gives for a send's outcome. */
  async function replyOf(
    outcome: SubmitOutcome,
    user: SessionUser,
  ): Promise<{ status: number; reply: StoredReply }> {
    if (outcome.kind === 'refused') {
      const { problem } = outcome;
      return {
        status: problem.status,
        reply: {
          kind: 'problem',
          code: problem.code,
          detail: problem.detail ?? problem.title,
          ...(problem.errors ? { errors: problem.errors } : {}),
          payout_id: outcome.row.id,
        },
      };
    }
    return {
      status: outcome.kind === 'created' ? 201 : 202,
      reply: { kind: 'payout', payout: await dtoOfOwn(outcome.row, user) },
    };
  }

  async function complete(user: SessionUser, key: string, status: number, reply: StoredReply) {
    await repo.completeIdempotencyKey({
      userId: user.id,
      key,
      status,
      body: reply,
      at: clock.now(),
    });
  }

  /** A repeated key: the stored reply, or why there is none (yet). */
  async function replay(
    record: IdempotencyRow,
    requestHash: string,
    user: SessionUser,
  ): Promise<CreatePayoutResult> {
    if (record.requestHash !== requestHash) {
      throw new AppError(
        'idempotency_key_reused',
        'This Idempotency-Key was used for a different payout. Use a new key for a new payout.',
      );
    }
    if (record.state === 'completed' && record.responseStatus !== null) {
      return replyToResult(record.responseStatus, record.responseBody as StoredReply, true);
    }
    // The payout moved on without the request that held the key (it died, and the reconciler
    // or a notification settled it): answer with the payout as it is now.
    const held = record.payoutId ? await repo.findById(record.payoutId) : undefined;
    if (held && held.payout.status !== 'submitting' && held.payout.status !== 'failed') {
      const [payout] = await dtosOf([held]);
      const reply: StoredReply = { kind: 'payout', payout: payout! };
      const status = held.payout.status === 'unknown' ? 202 : 201;
      await complete(user, record.key, status, reply);
      return replyToResult(status, reply, true);
    }
    const age = clock.now().getTime() - record.updatedAt.getTime();
    if (age < staleAfterMs || !record.payoutId) {
      throw new AppError('request_in_flight', 'This payout is still being submitted.', {
        retryAfterSeconds: 2,
      });
    }
    // The request that held the key died mid-flight: its payout is unknown, not re-sent here
    // (the reconciler looks it up by order id).
    await lifecycle.markUnknown(record.payoutId, 'system', 'abandoned');
    const reply: StoredReply = { kind: 'payout', payout: await dtoOf(record.payoutId) };
    await complete(user, record.key, 202, reply);
    return replyToResult(202, reply, true);
  }

  return {
    async create({ user, idempotencyKey, corridor, body }, context, options = {}) {
      requireKnownCorridor(corridors, corridor);
      const { providers } = await providersService.get(corridor);
      const validation = validatorFor(providers, corridor, clock.now())(body);
      if (!validation.ok) {
        throw new AppError('validation_failed', 'Some fields are invalid.', {
          errors: validation.errors,
        });
      }
      const payout = validation.value;
      const isTest = options.isTest === true;
      if (isTest) requireLabAmount(labMaxAmounts, payout.amount, payout.currency);
      // A lab payout never replays a real one sent with the same key, nor the other way round.
      const requestHash = sha256(
        canonicalJson(
          options.beneficiary
            ? { beneficiary_payout: options.beneficiary.request }
            : isTest
              ? { lab_test_payout: payout }
              : payout,
        ),
      );
      const at = clock.now();
      const accountFingerprint = fingerprint(payout.payout_method_type, payout.metadata);
      // One by one (a batch flags its rows when it is validated), and not knowingly again.
      if (!isTest && options.batch === undefined && options.payAgain !== true) {
        await refuseDuplicate({
          user,
          idempotencyKey,
          fingerprint: accountFingerprint,
          beneficiaryId: options.beneficiary?.id ?? null,
          currency: payout.currency,
          amount: payout.amount,
          at,
        });
      }
      const recipient = recipientOf(payout.metadata);
      const rule = ruleForPayout(await policies.active(), payout, {
        ...(options.beneficiary
          ? { beneficiaryChangedAt: options.beneficiary.createdOrChangedAt }
          : {}),
        inBatch: options.batch !== undefined,
        now: at,
      });
      const approval = creationApproval(rule, user.id, options.batch?.approvals);
      const { needsApproval, threshold, counted, approvedByBatch, waits } = approval;
      if (needsApproval && options.batch === undefined) options.stepUp?.();
      const lastApproval = counted.at(-1);
      const status: PayoutStatus = waits ? 'awaiting_approval' : 'submitting';
      const id = randomUUID();
      const begun = await repo.beginCreate({
        userId: user.id,
        key: idempotencyKey,
        requestHash,
        at,
        payout: {
          id,
          orderId: payout.order_id,
          provider: payout.provider,
          country: payout.country,
          currency: payout.currency,
          state: payout.state,
          amount: payout.amount,
          payoutMethodType: payout.payout_method_type,
          metadata: ledgerMetadata(payout.metadata),
          recipientName: recipient.name,
          recipientEmail: recipient.email,
          accountLast4: accountLast4(payout.metadata),
          accountFingerprint,
          status,
          createdBy: user.id,
          createdAt: at,
          updatedAt: at,
          isTest,
          beneficiaryId: options.beneficiary?.id ?? null,
          batchId: options.batch?.id ?? null,
          resentFrom: options.resentFrom ?? null,
          batchRow: options.batch?.row ?? null,
          ...(approvedByBatch && lastApproval
            ? { approvedBy: lastApproval.userId, approvedAt: lastApproval.at }
            : {}),
          // Kept sealed until the orchestrator has it: approval, or an unknown outcome, may
          // need it sent (again, with the same order id).
          submission: lifecycle.seal(id, payout),
          approvalThreshold: needsApproval ? threshold : null,
          approvalRule: needsApproval
            ? {
                id: rule.id,
                name: rule.name,
                count: rule.approvals.count,
                roles: [...rule.approvals.roles],
              }
            : null,
          nextCheckAt: lifecycle.nextCheckAt(status, 0, at),
        },
        events: creationEvents({
          actor: user.email,
          at,
          payout,
          rule,
          approval,
          batchId: options.batch?.id ?? null,
        }),
        approvals: counted.map((a, i) => ({ userId: a.userId, step: i + 1, at: a.at })),
        // Committed with the payout: the log never misses a payout that exists.
        audit: [
          auditService.row(context, {
            action: isTest ? 'lab.payout' : 'payout.create',
            target: { type: 'payout', id },
            data: {
              order_id: payout.order_id,
              amount: payout.amount,
              currency: payout.currency,
              provider: payout.provider,
              ...(options.beneficiary ? { beneficiary_id: options.beneficiary.id } : {}),
              ...(waits ? { awaiting_approval: true } : {}),
              ...(options.batch
                ? { batch_id: options.batch.id, batch_row: options.batch.row }
                : {}),
            },
          }),
        ],
        ...(options.beneficiary
          ? {
              beneficiaryPaid: {
                beneficiaryId: options.beneficiary.id,
                event: {
                  type: 'paid',
                  actor: user.email,
                  at,
                  data: {
                    payout_id: id,
                    order_id: payout.order_id,
                    amount: payout.amount,
                    currency: payout.currency,
                  },
                },
              },
            }
          : {}),
      });
      if (begun.kind === 'beneficiary_archived') {
        throw new AppError('conflict', 'This beneficiary was archived: it can no longer be paid.', {
          errors: [{ pointer: '/beneficiary_id', message: 'Archived beneficiary' }],
        });
      }
      if (begun.kind === 'order_id_taken') {
        throw new AppError('conflict', 'A payout with this order id already exists.', {
          errors: [{ pointer: '/order_id', message: 'This order id is already used' }],
        });
      }
      if (begun.kind === 'existing') return replay(begun.record, requestHash, user);

      let result: { status: number; reply: StoredReply };
      let outcome: SubmitOutcome | undefined;
      if (waits) {
        const waiting = await dtoOfOwn(begun.payout, user);
        await onAwaitingApproval?.(waiting);
        result = { status: 201, reply: { kind: 'payout', payout: waiting } };
      } else {
        // A created payout's reply is stored by the change that records it (one statement).
        let stored: { status: number; reply: StoredReply } | undefined;
        outcome = await lifecycle.submit(begun.payout, payout, user.email, {
          ...(options.onExchange ? { onExchange: options.onExchange } : {}),
          ...(options.deferRateLimited ? { deferRateLimited: true } : {}),
          completeKey: (changed) => {
            const dto = views.dtoWithoutLookups(changed, {
              id: user.id,
              email: user.email,
              name: user.name,
            });
            if (!dto) return undefined;
            stored = { status: 201, reply: { kind: 'payout', payout: dto } };
            return {
              userId: user.id,
              key: idempotencyKey,
              status: stored.status,
              body: stored.reply,
              at: clock.now(),
            };
          },
        });
        if (outcome.kind === 'created' && stored) {
          result = stored;
        } else {
          result = await replyOf(outcome, user);
          await complete(user, idempotencyKey, result.status, result.reply);
        }
      }
      if (waits) await complete(user, idempotencyKey, result.status, result.reply);
      return {
        ...replyToResult(result.status, result.reply, false),
        outcome: outcome?.kind ?? 'awaiting_approval',
        ...(outcome?.kind === 'deferred' ? { retryAfterSeconds: outcome.retryAfterSeconds } : {}),
      };
    },
  };
}
