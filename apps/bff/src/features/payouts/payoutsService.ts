import { createHash } from 'node:crypto';
import {
  buildPayoutForm,
  validatePayout,
  type PayoutRecord,
  type PayoutRequest,
  type PayoutStatus,
} from '@payouts/contracts';
import {
  OrchestratorError,
  type OrchestratorClient,
  type OrchestratorExchange,
} from '@payouts/orchestrator-client';
import type { Logger } from 'pino';
import { z } from 'zod';
import { AppError, type ErrorCode, type FieldError } from '../../http/AppError.js';
import type { SessionUser } from '../../http/authContext.js';
import { parseInput } from '../../http/parseInput.js';
import type { Clock } from '../../shared/clock.js';
import { decodeCursor, encodeCursor } from '../../shared/keysetCursor.js';
import type { AuditContext, AuditService } from '../audit/auditService.js';
import { orchestratorErrorToAppError } from '../orchestrator/orchestratorErrorToAppError.js';
import type { ProvidersService } from '../providers/providersService.js';
import { canonicalJson } from './canonicalJson.js';
import { ledgerMetadata, recipientOf } from './ledgerMetadata.js';
import { toPayoutDto, toPayoutEventDto, type PayoutDto, type PayoutEventDto } from './payoutDto.js';
import { isFinalStatus, nextPayoutStatus, toPayoutStatus } from './payoutStatus.js';
import type {
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

export interface PayoutListParams extends Omit<PayoutListQuery, 'after'> {
  cursor?: string;
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

export type PayoutsOrchestrator = Pick<
  OrchestratorClient,
  'createPayout' | 'checkPayoutStatus' | 'listPayouts'
>;

const corridorOfBody = z.looseObject({
  country: z.string().regex(/^[A-Z]{2}$/, 'Choose a country'),
  currency: z.string().regex(/^[A-Z][A-Z0-9]{1,9}$/, 'Choose a currency'),
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

export function createPayoutsService({
  payoutsRepository: repo,
  providersService,
  orchestrator,
  auditService,
  clock,
  logger,
  staleAfterMs,
}: {
  payoutsRepository: PayoutsRepository;
  providersService: ProvidersService;
  orchestrator: PayoutsOrchestrator;
  auditService: AuditService;
  clock: Clock;
  logger: Logger;
  /** An in-flight idempotency key older than this belongs to a request that died. */
  staleAfterMs: number;
}): PayoutsService {
  const creatorOf = (user: SessionUser) => ({ id: user.id, email: user.email, name: user.name });

  async function dtoOf(id: string): Promise<PayoutDto> {
    const found = await repo.findById(id);
    if (!found) throw new AppError('not_found', 'No such payout.');
    return toPayoutDto(found.payout, found.creator);
  }

  /** Folds what the orchestrator says about a payout into the ledger. */
  async function applyRecord(
    id: string,
    record: PayoutRecord | undefined,
    actor: string,
    source: 'status_check' | 'notification',
  ): Promise<void> {
    const at = clock.now();
    await repo.change(id, (current) => {
      const events: NewPayoutEvent[] = [
        {
          type: 'status_check',
          actor,
          at,
          data: record
            ? { source, orchestrator_id: record.id, orchestrator_status: record.status_raw }
            : { source, found: false },
        },
      ];
      if (!record) return { patch: { updatedAt: at }, events };
      const reported = toPayoutStatus(record.status);
      const status = nextPayoutStatus(current.status as PayoutStatus, reported);
      if (status !== current.status) {
        events.push({
          type: 'status_changed',
          actor,
          at,
          data: { from: current.status, to: status },
        });
      }
      return {
        patch: {
          status,
          ...(status === reported ? { orchestratorStatusRaw: record.status_raw } : {}),
          orchestratorId: current.orchestratorId ?? record.id,
          pspTransactionId: record.transaction_id ?? current.pspTransactionId,
          declineCode: record.decline_code ?? current.declineCode,
          declineReason: record.decline_reason ?? current.declineReason,
          updatedAt: at,
        },
        events,
      };
    });
  }

  /** Sends the committed payout; whatever happens, the ledger and the key record the outcome. */
  async function submit(
    row: PayoutRow,
    payout: PayoutRequest,
    user: SessionUser,
    key: string,
    onExchange: CreatePayoutOptions['onExchange'],
  ): Promise<{ status: number; reply: StoredReply }> {
    let status: number;
    let reply: StoredReply;
    try {
      const created = await orchestrator.createPayout(payout, onExchange ? { onExchange } : {});
      const at = clock.now();
      const updated = await repo.change(row.id, (current) => {
        const next = nextPayoutStatus(
          current.status as PayoutStatus,
          toPayoutStatus(created.status),
        );
        return {
          patch: {
            status: next,
            orchestratorStatusRaw:
              next === toPayoutStatus(created.status)
                ? created.status_raw
                : current.orchestratorStatusRaw,
            orchestratorId: current.orchestratorId ?? created.id,
            pspTransactionId: current.pspTransactionId ?? created.transaction_id,
            updatedAt: at,
          },
          events: [
            {
              type: 'submitted',
              actor: user.email,
              at,
              data: { orchestrator_id: created.id, orchestrator_status: created.status_raw },
            },
          ],
        };
      });
      status = 201;
      reply = { kind: 'payout', payout: toPayoutDto(updated ?? row, creatorOf(user)) };
    } catch (error) {
      const at = clock.now();
      if (error instanceof OrchestratorError && !error.outcomeUnknown) {
        // Refused before anything was created there: failed, and the order id is free again.
        const problem = orchestratorErrorToAppError(error);
        await repo.change(row.id, () => ({
          patch: {
            status: 'failed',
            failureReason: problem.detail ?? problem.title,
            updatedAt: at,
          },
          events: [
            {
              type: 'submit_failed',
              actor: user.email,
              at,
              data: { code: problem.code, kind: error.kind, errors: problem.errors ?? [] },
            },
          ],
        }));
        status = problem.status;
        reply = {
          kind: 'problem',
          code: problem.code,
          detail: problem.detail ?? problem.title,
          ...(problem.errors ? { errors: problem.errors } : {}),
          payout_id: row.id,
        };
      } else {
        // The request may have reached the orchestrator: unknown, to be reconciled by a status
        // check or a notification. Never failed, never re-sent.
        const kind = error instanceof OrchestratorError ? error.kind : 'internal';
        if (!(error instanceof OrchestratorError)) {
          logger.error({ err: error, payoutId: row.id }, 'payout submission failed unexpectedly');
        }
        const updated = await repo.change(row.id, (current) => ({
          patch: {
            status: nextPayoutStatus(current.status as PayoutStatus, 'unknown'),
            updatedAt: at,
          },
          events: [{ type: 'submit_outcome_unknown', actor: user.email, at, data: { kind } }],
        }));
        status = 202;
        reply = { kind: 'payout', payout: toPayoutDto(updated ?? row, creatorOf(user)) };
      }
    }
    await repo.completeIdempotencyKey({
      userId: user.id,
      key,
      status,
      body: reply,
      at: clock.now(),
    });
    return { status, reply };
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
    const age = clock.now().getTime() - record.updatedAt.getTime();
    if (age < staleAfterMs || !record.payoutId) {
      throw new AppError('request_in_flight', 'This payout is still being submitted.', {
        retryAfterSeconds: 2,
      });
    }
    // The request that held the key died mid-flight: its payout is unknown, not re-sent.
    const at = clock.now();
    await repo.change(record.payoutId, (current) => ({
      patch: { status: nextPayoutStatus(current.status as PayoutStatus, 'unknown'), updatedAt: at },
      events: [
        { type: 'submit_outcome_unknown', actor: 'system', at, data: { kind: 'abandoned' } },
      ],
    }));
    const reply: StoredReply = { kind: 'payout', payout: await dtoOf(record.payoutId) };
    await repo.completeIdempotencyKey({
      userId: user.id,
      key: record.key,
      status: 202,
      body: reply,
      at,
    });
    return replyToResult(202, reply, true);
  }

  const service: PayoutsService = {
    async create({ user, idempotencyKey, body }, context, options = {}) {
      const corridor = parseInput(corridorOfBody, body);
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
      const begun = await repo.beginCreate({
        userId: user.id,
        key: idempotencyKey,
        requestHash,
        at,
        payout: {
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
          status: 'submitting',
          createdBy: user.id,
          createdAt: at,
          updatedAt: at,
          isTest: options.isTest === true,
        },
        event: {
          type: 'created',
          actor: user.email,
          at,
          data: { amount: payout.amount, currency: payout.currency, provider: payout.provider },
        },
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
        },
      });
      const { status, reply } = await submit(
        begun.payout,
        payout,
        user,
        idempotencyKey,
        options.onExchange,
      );
      return replyToResult(status, reply, false);
    },

    async list({ cursor, ...query }) {
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
      const rows = await repo.list({ ...query, after, limit: query.limit + 1 });
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return {
        items: page.map((r) => toPayoutDto(r.payout, r.creator)),
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
      if (!UUID.test(id)) throw new AppError('not_found', 'No such payout.');
      const payout = await dtoOf(id);
      const events = await repo.events(id);
      return { payout, events: events.map(toPayoutEventDto) };
    },

    async checkStatus(id, user, context) {
      if (!UUID.test(id)) throw new AppError('not_found', 'No such payout.');
      const found = await repo.findById(id);
      if (!found) throw new AppError('not_found', 'No such payout.');
      const { payout } = found;
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
      await applyRecord(id, record, user.email, 'status_check');
      await auditService.record(context, {
        action: 'payout.check_status',
        target: { type: 'payout', id },
        data: { found: record !== undefined },
      });
      return dtoOf(id);
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
      if (isFinalStatus(payout.status as PayoutStatus)) return 'recorded';
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
      await applyRecord(payout.id, record, 'orchestrator', 'notification');
      return 'confirmed';
    },
  };
  return service;
}
