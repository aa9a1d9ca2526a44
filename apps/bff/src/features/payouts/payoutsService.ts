import { createHash, randomUUID } from 'node:crypto';
import {
  buildPayoutForm,
  compareAmounts,
  validatePayout,
  type Corridor,
  type PayoutRecord,
  type PayoutStatus,
} from '@payouts/contracts';
import type { OrchestratorExchange } from '@payouts/orchestrator-client';
import type { Logger } from 'pino';
import { z } from 'zod';
import { AppError, type ErrorCode, type FieldError } from '../../http/AppError.js';
import type { SessionUser } from '../../shared/identity.js';
import { parseInput } from '../../http/parseInput.js';
import type { Clock } from '../../shared/clock.js';
import { decodeCursor, encodeCursor } from '../../shared/keysetCursor.js';
import type { AuditContext, AuditService } from '../audit/auditService.js';
import { orchestratorErrorToAppError } from '../orchestrator/orchestratorErrorToAppError.js';
import type { ProvidersService } from '../providers/providersService.js';
import { canonicalJson } from './canonicalJson.js';
import { ledgerMetadata, recipientOf } from './ledgerMetadata.js';
import type { ApprovalThresholds } from '../../config.js';
import { requireKnownCorridor } from '../corridors/requireKnownCorridor.js';
import type { PayoutLifecycle, PayoutsOrchestrator, SubmitOutcome } from './payoutLifecycle.js';
import { toPayoutDto, toPayoutEventDto, type PayoutDto, type PayoutEventDto } from './payoutDto.js';
import { decideTransition, isFinalStatus } from './payoutStatus.js';
import type {
  Creator as PayoutDtoCreator,
  IdempotencyRow,
  NewPayoutEvent,
  PayoutListQuery,
  PayoutRow,
  PayoutsRepository,
} from './payoutsRepository.js';

/** What a create call answers: replayed verbatim for a repeated idempotency key. */
type StoredReply =
  | { kind: 'payout'; payout: PayoutDto }
  | { kind: 'problem'; code: ErrorCode; detail: string; errors?: FieldError[]; payout_id: string };

export interface CreatePayoutResult {
  /** 201 created at the orchestrator; 202 recorded but the orchestrator's answer never came. */
  status: 201 | 202;
  payout: PayoutDto;
  replayed: boolean;
}

export interface PayoutListParams extends Omit<
  PayoutListQuery,
  'after' | 'awaitingApprovalBy' | 'attentionBefore'
> {
  cursor?: string;
  /** The viewer: `needsMyApproval` lists what they may approve. */
  viewer?: SessionUser;
  needsMyApproval?: boolean;
  needsAttention?: boolean;
}

export interface CreatePayoutOptions {
  /** A lab test payout: stored with `is_test`, left out of default lists and exports. */
  isTest?: boolean;
  /** Sees the HTTP exchange with the orchestrator, scrubbed (the lab shows it). */
  onExchange?: (exchange: OrchestratorExchange) => void;
}

export interface PayoutsService {
  create(
    input: { user: SessionUser; idempotencyKey: string; body: unknown },
    context: AuditContext,
    options?: CreatePayoutOptions,
  ): Promise<CreatePayoutResult>;
  list(params: PayoutListParams): Promise<{ items: PayoutDto[]; next_cursor: string | null }>;
  /** Every payout the filters select, in list order, fetched page by page (for the export). */
  listAll(params: Omit<PayoutListParams, 'cursor' | 'limit'>): AsyncIterable<PayoutDto>;
  get(id: string): Promise<{ payout: PayoutDto; events: PayoutEventDto[] }>;
  checkStatus(id: string, user: SessionUser, context: AuditContext): Promise<PayoutDto>;
  /** Four eyes: a second finance user or an admin approves; the payout is then sent. */
  approve(id: string, user: SessionUser, context: AuditContext): Promise<PayoutDto>;
  reject(id: string, user: SessionUser, body: unknown, context: AuditContext): Promise<PayoutDto>;
  /** The creator withdraws a payout still awaiting approval. */
  cancel(id: string, user: SessionUser, body: unknown, context: AuditContext): Promise<PayoutDto>;
  summary(user: SessionUser): Promise<{ awaiting_my_approval: number; needs_attention: number }>;
  /** Records an orchestrator notification once and confirms it with a status check. */
  handleNotification(notification: {
    orchestratorId: string;
    orderId: string;
    operationType: string;
    webhookType: string;
    status: string;
    dedupeKey: string;
  }): Promise<'ignored' | 'unknown_payout' | 'recorded' | 'confirmed'>;
}

export type { PayoutsOrchestrator } from './payoutLifecycle.js';

const corridorOfBody = z.looseObject({
  country: z.string().regex(/^[A-Z]{2}$/, 'Choose a country'),
  currency: z.string().regex(/^[A-Z][A-Z0-9]{1,9}$/, 'Choose a currency'),
});

const rejectBody = z.strictObject({
  reason: z
    .string('Say why it is rejected')
    .trim()
    .min(1, 'Say why it is rejected')
    .max(500, 'At most 500 characters'),
});
const cancelBody = z.strictObject({
  reason: z.string().trim().max(500, 'At most 500 characters').optional(),
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DECIMAL = /^(?:0|[1-9]\d*)(?:\.\d+)?$/;
const EXPORT_PAGE_SIZE = 500;

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
  return { status: status === 202 ? 202 : 201, payout: reply.payout, replayed };
}

/** The four-eyes threshold of a currency: its own, else the default, else none. */
function approvalThresholdFor(
  thresholds: ApprovalThresholds,
  currency: string,
): string | undefined {
  return thresholds.byCurrency[currency] ?? thresholds.default;
}

export function createPayoutsService({
  payoutsRepository: repo,
  providersService,
  orchestrator,
  lifecycle,
  auditService,
  clock,
  logger,
  staleAfterMs,
  approvalThresholds,
  attentionAfterMs,
  corridors,
  pspTitles = new Map(),
}: {
  payoutsRepository: PayoutsRepository;
  providersService: ProvidersService;
  orchestrator: PayoutsOrchestrator;
  lifecycle: PayoutLifecycle;
  auditService: AuditService;
  clock: Clock;
  logger: Logger;
  /** An in-flight idempotency key older than this belongs to a request that died. */
  staleAfterMs: number;
  approvalThresholds: ApprovalThresholds;
  attentionAfterMs: number;
  /** The merchant's corridors: no other reaches the orchestrator. */
  corridors: readonly Corridor[];
  /** PSP code -> title, for people (KNOWN_PSPS). */
  pspTitles?: ReadonlyMap<string, string>;
}): PayoutsService {
  const attentionBefore = () => new Date(clock.now().getTime() - attentionAfterMs);

  async function dtosOf(rows: { payout: PayoutRow; creator: PayoutDtoCreator }[]) {
    const actors = await repo.actors(
      rows.flatMap(({ payout }) =>
        [payout.approvedBy, payout.rejectedBy].filter((x): x is string => x !== null),
      ),
    );
    const before = attentionBefore();
    return rows.map(({ payout, creator }) =>
      toPayoutDto(payout, creator, { actors, attentionBefore: before, pspTitles }),
    );
  }

  async function dtoOf(id: string): Promise<PayoutDto> {
    const found = await repo.findById(id);
    if (!found) throw new AppError('not_found', 'No such payout.');
    const [dto] = await dtosOf([found]);
    return dto!;
  }

  async function findOr404(id: string) {
    if (!UUID.test(id)) throw new AppError('not_found', 'No such payout.');
    const found = await repo.findById(id);
    if (!found) throw new AppError('not_found', 'No such payout.');
    return found;
  }

  /** The reply a create (or a replay of it) gives for a send's outcome. */
  async function replyOf(outcome: SubmitOutcome): Promise<{ status: number; reply: StoredReply }> {
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
      reply: { kind: 'payout', payout: await dtoOf(outcome.row.id) },
    };
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
      await repo.completeIdempotencyKey({
        userId: user.id,
        key: record.key,
        status,
        body: reply,
        at: clock.now(),
      });
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
    await repo.completeIdempotencyKey({
      userId: user.id,
      key: record.key,
      status: 202,
      body: reply,
      at: clock.now(),
    });
    return replyToResult(202, reply, true);
  }

  /** Moves a payout out of awaiting_approval, or says why it cannot. */
  async function decide(
    id: string,
    cause: 'approve' | 'reject',
    patch: (current: PayoutRow, now: Date) => Partial<PayoutRow>,
    event: (now: Date) => NewPayoutEvent,
  ): Promise<PayoutRow> {
    const now = clock.now();
    let refused: PayoutStatus | undefined;
    const updated = await repo.change(id, (current) => {
      const t = decideTransition(current.status as PayoutStatus, { kind: cause });
      if (t.outcome !== 'changed') {
        refused = current.status as PayoutStatus;
        return undefined;
      }
      return {
        patch: { status: t.to, updatedAt: now, ...patch(current, now) },
        events: [event(now)],
      };
    });
    if (!updated) throw new AppError('not_found', 'No such payout.');
    if (refused !== undefined) {
      throw new AppError(
        'conflict',
        `This payout is no longer awaiting approval (it is ${refused.replace(/_/g, ' ')}).`,
        { extensions: { status: refused } },
      );
    }
    return updated;
  }

  const service: PayoutsService = {
    async create({ user, idempotencyKey, body }, context, options = {}) {
      const corridor = parseInput(corridorOfBody, body);
      requireKnownCorridor(corridors, corridor);
      const { providers } = await providersService.get(corridor);
      const form = buildPayoutForm(providers, corridor, { now: clock.now() });
      const validation = validatePayout(form, body);
      if (!validation.ok) {
        throw new AppError('validation_failed', 'Some fields are invalid.', {
          errors: validation.errors,
        });
      }
      const payout = validation.value;
      // A lab payout never replays a real one sent with the same key, nor the other way round.
      const requestHash = sha256(
        canonicalJson(options.isTest === true ? { lab_test_payout: payout } : payout),
      );
      const at = clock.now();
      const recipient = recipientOf(payout.metadata);
      const threshold = approvalThresholdFor(approvalThresholds, payout.currency);
      const needsApproval = threshold !== undefined && compareAmounts(payout.amount, threshold) > 0;
      const status: PayoutStatus = needsApproval ? 'awaiting_approval' : 'submitting';
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
          status,
          createdBy: user.id,
          createdAt: at,
          updatedAt: at,
          isTest: options.isTest === true,
          // Kept sealed until the orchestrator has it: approval, or an unknown outcome, may
          // need it sent (again, with the same order id).
          submission: lifecycle.seal(id, payout),
          approvalThreshold: needsApproval ? threshold : null,
          nextCheckAt: lifecycle.nextCheckAt(status, 0, at),
        },
        events: [
          {
            type: 'created',
            actor: user.email,
            at,
            data: { amount: payout.amount, currency: payout.currency, provider: payout.provider },
          },
          ...(needsApproval
            ? [{ type: 'approval_requested', actor: 'system', at, data: { threshold } }]
            : []),
        ],
      });
      if (begun.kind === 'order_id_taken') {
        throw new AppError('conflict', 'A payout with this order id already exists.', {
          errors: [{ pointer: '/order_id', message: 'This order id is already used' }],
        });
      }
      if (begun.kind === 'existing') return replay(begun.record, requestHash, user);

      await auditService.record(context, {
        action: options.isTest === true ? 'lab.payout' : 'payout.create',
        target: { type: 'payout', id: begun.payout.id },
        data: {
          order_id: payout.order_id,
          amount: payout.amount,
          currency: payout.currency,
          provider: payout.provider,
          ...(needsApproval ? { awaiting_approval: true } : {}),
        },
      });
      let result: { status: number; reply: StoredReply };
      if (needsApproval) {
        result = { status: 201, reply: { kind: 'payout', payout: await dtoOf(id) } };
      } else {
        const outcome = await lifecycle.submit(begun.payout, payout, user.email, {
          ...(options.onExchange ? { onExchange: options.onExchange } : {}),
        });
        result = await replyOf(outcome);
      }
      await repo.completeIdempotencyKey({
        userId: user.id,
        key: idempotencyKey,
        status: result.status,
        body: result.reply,
        at: clock.now(),
      });
      return replyToResult(result.status, result.reply, false);
    },

    async list({ cursor, viewer, needsMyApproval, needsAttention, ...query }) {
      let after: PayoutListQuery['after'];
      if (cursor !== undefined) {
        const decoded = decodeCursor(cursor);
        const valid =
          UUID.test(decoded.id) &&
          (query.sort === 'amount'
            ? DECIMAL.test(decoded.value)
            : !Number.isNaN(Date.parse(decoded.value)));
        if (!valid) {
          throw new AppError('validation_failed', 'The cursor does not match this sort.', {
            errors: [{ pointer: '/cursor', message: 'Invalid cursor' }],
          });
        }
        after = decoded;
      }
      // Support approves nothing: "needs my approval" is empty for them.
      if (needsMyApproval === true && viewer?.role === 'support') {
        return { items: [], next_cursor: null };
      }
      const rows = await repo.list({
        ...query,
        after,
        limit: query.limit + 1,
        ...(needsMyApproval === true && viewer ? { awaitingApprovalBy: viewer.id } : {}),
        ...(needsAttention === true ? { attentionBefore: attentionBefore() } : {}),
      });
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return {
        items: await dtosOf(page),
        next_cursor:
          rows.length > query.limit && last
            ? encodeCursor(
                query.sort === 'amount' ? last.payout.amount : last.payout.createdAt.toISOString(),
                last.payout.id,
              )
            : null,
      };
    },

    async *listAll(params) {
      let cursor: string | undefined;
      do {
        const page = await service.list({ ...params, cursor, limit: EXPORT_PAGE_SIZE });
        yield* page.items;
        cursor = page.next_cursor ?? undefined;
      } while (cursor !== undefined);
    },

    async get(id) {
      const found = await findOr404(id);
      const [payout] = await dtosOf([found]);
      const events = await repo.events(id);
      return { payout: payout!, events: events.map(toPayoutEventDto) };
    },

    async checkStatus(id, user, context) {
      const { payout } = await findOr404(id);
      if (payout.status === 'awaiting_approval') {
        throw new AppError('conflict', 'This payout has not been sent yet: it awaits approval.');
      }
      let record: PayoutRecord | undefined;
      try {
        if (payout.orchestratorId) {
          record = await orchestrator.checkPayoutStatus(payout.orchestratorId);
        } else {
          // Never answered (unknown): find it by our order id, the one key both sides share.
          const page = await orchestrator.listPayouts({ merchantOrderId: payout.orderId });
          record = page.records.find((r) => r.merchant_order_id === payout.orderId);
        }
      } catch (error) {
        throw orchestratorErrorToAppError(error);
      }
      // Rejected or failed payouts never reached it: there is nothing to fold in.
      if (payout.status !== 'rejected' && payout.status !== 'failed') {
        await lifecycle.applyRecord(id, record, user.email, 'status_check');
      }
      await auditService.record(context, {
        action: 'payout.check_status',
        target: { type: 'payout', id },
        data: { found: record !== undefined },
      });
      return dtoOf(id);
    },

    async approve(id, user, context) {
      const { payout } = await findOr404(id);
      if (payout.createdBy === user.id) {
        throw new AppError(
          'self_approval',
          'You created this payout: someone else must approve it.',
        );
      }
      const approved = await decide(
        id,
        'approve',
        (_current, now) => ({
          approvedBy: user.id,
          approvedAt: now,
          nextCheckAt: lifecycle.nextCheckAt('submitting', 0, now),
        }),
        (now) => ({ type: 'approved', actor: user.email, at: now, data: {} }),
      );
      await auditService.record(context, {
        action: 'payout.approve',
        target: { type: 'payout', id },
        data: { order_id: approved.orderId, amount: approved.amount, currency: approved.currency },
      });
      const request = lifecycle.open(approved);
      if (!request) {
        // Sealed under another key (PAYOUT_DATA_KEY or SESSION_SECRET changed): nothing sent.
        const now = clock.now();
        await repo.change(id, (current) => {
          // Never sent, so it fails as a refusal would (`decideTransition`).
          const t = decideTransition(current.status as PayoutStatus, { kind: 'refused' });
          if (t.outcome !== 'changed') return undefined;
          return {
            patch: {
              status: t.to,
              failureReason: 'The stored payout details could not be read; create it again.',
              submission: null,
              nextCheckAt: null,
              updatedAt: now,
            },
            events: [
              {
                type: 'submit_failed',
                actor: 'system',
                at: now,
                data: { code: 'sealed_data_lost' },
              },
            ],
          };
        });
        logger.error({ payoutId: id }, 'approved payout could not be unsealed; marked failed');
        return dtoOf(id);
      }
      await lifecycle.submit(approved, request, user.email);
      return dtoOf(id);
    },

    async reject(id, user, body, context) {
      const { reason } = parseInput(rejectBody, body ?? {});
      const { payout } = await findOr404(id);
      if (payout.createdBy === user.id) {
        throw new AppError(
          'self_approval',
          'You created this payout: someone else decides on it (you may cancel it).',
        );
      }
      await decide(
        id,
        'reject',
        (_current, now) => ({
          rejectedBy: user.id,
          rejectedAt: now,
          rejectionReason: reason,
          submission: null,
          nextCheckAt: null,
        }),
        (now) => ({ type: 'rejected', actor: user.email, at: now, data: { reason } }),
      );
      await auditService.record(context, {
        action: 'payout.reject',
        target: { type: 'payout', id },
        data: { reason },
      });
      return dtoOf(id);
    },

    async cancel(id, user, body, context) {
      const { reason } = parseInput(cancelBody, body ?? {});
      const { payout } = await findOr404(id);
      if (payout.createdBy !== user.id) {
        throw new AppError('forbidden', 'Only the person who created this payout can cancel it.');
      }
      await decide(
        id,
        'reject',
        (_current, now) => ({
          rejectedBy: user.id,
          rejectedAt: now,
          rejectionReason: reason || 'Cancelled by its creator',
          cancelled: true,
          submission: null,
          nextCheckAt: null,
        }),
        (now) => ({
          type: 'cancelled',
          actor: user.email,
          at: now,
          data: reason ? { reason } : {},
        }),
      );
      await auditService.record(context, {
        action: 'payout.cancel',
        target: { type: 'payout', id },
        data: reason ? { reason } : {},
      });
      return dtoOf(id);
    },

    async summary(user) {
      const counts = await repo.summary({
        approverId: user.role === 'support' ? undefined : user.id,
        attentionBefore: attentionBefore(),
      });
      return {
        awaiting_my_approval: counts.awaitingMyApproval,
        needs_attention: counts.needsAttention,
      };
    },

    async handleNotification(n) {
      if (n.operationType !== 'payout') return 'ignored';
      const payout =
        (await repo.findByOrchestratorId(n.orchestratorId)) ??
        (await repo.findActiveByOrderId(n.orderId));
      if (!payout) {
        logger.warn({ orchestratorId: n.orchestratorId }, 'notification for an unknown payout');
        return 'unknown_payout';
      }
      await repo.recordEventOnce(payout.id, {
        type: 'notification',
        actor: 'orchestrator',
        at: clock.now(),
        dedupeKey: n.dedupeKey,
        data: {
          webhook_type: n.webhookType,
          orchestrator_status: n.status,
          orchestrator_id: n.orchestratorId,
        },
      });
      const status = payout.status as PayoutStatus;
      if (isFinalStatus(status) || status === 'awaiting_approval') return 'recorded';
      // A notification is a hint (unsigned, duplicated, reordered): the status check decides.
      let record: PayoutRecord;
      try {
        record = await orchestrator.checkPayoutStatus(payout.orchestratorId ?? n.orchestratorId);
      } catch (error) {
        throw orchestratorErrorToAppError(error);
      }
      if (record.merchant_order_id !== payout.orderId) {
        logger.warn({ payoutId: payout.id }, 'notification names a payout of another order');
        return 'recorded';
      }
      await lifecycle.applyRecord(payout.id, record, 'orchestrator', 'notification');
      return 'confirmed';
    },
  };
  return service;
}
