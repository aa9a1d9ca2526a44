import {
  MAX_BATCH_FILE_BYTES,
  UUID_RE,
  batchTemplateCsv,
  batchExampleRow,
  parseIsoInstant,
  type Corridor,
} from '@payouts/contracts';
import { batchEndpoints } from '@payouts/contracts/endpoints';
import express, { Router, type Request } from 'express';
import { AppError } from '../../shared/AppError.js';
import type { AuthContext } from '../../http/authContext.js';
import { mountEndpoints } from '../../http/mountEndpoints.js';
import type { StepUp } from '../../http/requireStepUp.js';
import type { Clock } from '../../shared/clock.js';
import { decodeCursor, encodeCursor } from '../../shared/keysetCursor.js';
import { requireKnownCorridor } from '../corridors/index.js';
import type { ProvidersService } from '../providers/index.js';
import type { BatchDecisions } from './batchDecisions.js';
import type { BatchEditing } from './batchEditing.js';
import { maskCells, modelOf } from './batchModel.js';
import type { BatchesRepository } from './batchesRepository.js';
import type { BatchSender } from './batchSender.js';
import type { BatchViews } from './batchViews.js';

/** Whether a request is the batch file upload (its body is CSV, not JSON). */
export function isBatchUpload(req: Request): boolean {
  return req.method === 'POST' && req.path === '/batches' && req.is('text/csv') === 'text/csv';
}

/** Batch payouts from a file: thin handlers over editing, decisions and views. */
export function createBatchesRouter({
  editing,
  decisions,
  views,
  sender,
  repo,
  providersService,
  corridors,
  stepUp,
  clock,
}: {
  stepUp: StepUp;
  /** The metadata's form as of now (card expiry and other date rules). */
  clock: Clock;
  providersService: ProvidersService;
  corridors: readonly Corridor[];
  editing: BatchEditing;
  decisions: BatchDecisions;
  views: BatchViews;
  sender: BatchSender;
  repo: BatchesRepository;
}): Router {
  const router = Router();
  const reply = async (id: string, auth: AuthContext) =>
    views.dtoOf(await views.findOr404(id), auth.user);

  mountEndpoints(
    router,
    batchEndpoints,
    {
      listBatches: async ({ auth, query: q }) => {
        const before = q.cursor
          ? (() => {
              const c = decodeCursor(q.cursor, {
                value: (v) => parseIsoInstant(v),
                id: (id) => (UUID_RE.test(id) ? id : undefined),
              });
              return { createdAt: c.value, id: c.id };
            })()
          : undefined;
        const rows = await repo.list({ status: q.status, before, limit: q.limit + 1 });
        const page = rows.slice(0, q.limit);
        const last = page.at(-1);
        return {
          items: await Promise.all(page.map((b) => views.dtoOf(b, auth.user))),
          next_cursor:
            rows.length > q.limit && last
              ? encodeCursor(last.createdAt.toISOString(), last.id)
              : null,
        };
      },
      batchTemplate: async ({ query: q, res }) => {
        const corridor = { country: q.country, currency: q.currency };
        requireKnownCorridor(corridors, corridor);
        const model = await modelOf(
          providersService,
          { ...corridor, payoutMethodType: q.payout_method_type, provider: q.provider },
          clock.now(),
        );
        // The sample card number is a public test number, but no reply carries a full one.
        const example = maskCells(model, batchExampleRow(model));
        const csv = batchTemplateCsv(model, {
          delimiter: q.delimiter === 'semicolon' ? ';' : ',',
          example,
        });
        res.setHeader('Content-Type', 'text/csv; charset=utf-8');
        res.setHeader(
          'Content-Disposition',
          `attachment; filename="batch-template-${q.country}-${q.currency}-${q.payout_method_type}-${q.provider}.csv"`,
        );
        res.send(csv);
      },
      uploadBatch: async ({ auth, query: q, body, audit }) => {
        if (!Buffer.isBuffer(body)) {
          throw new AppError(
            'unsupported_media_type',
            'Send the file itself as the body, with Content-Type: text/csv.',
          );
        }
        const id = await editing.upload(
          {
            user: auth.user,
            corridor: { country: q.country, currency: q.currency },
            payoutMethodType: q.payout_method_type,
            provider: q.provider,
            fileName: q.file_name,
            bytes: new Uint8Array(body.buffer, body.byteOffset, body.byteLength),
            decimal: q.decimal,
          },
          audit,
        );
        return reply(id, auth);
      },
      getBatch: async ({ auth, params: { id } }) => {
        await views.findOr404(id);
        // A sending batch whose rows are all settled completes as it is looked at.
        await sender.completeIfDone(id);
        return reply(id, auth);
      },
      batchRows: async ({ params: { id }, query }) => views.rows(await views.findOr404(id), query),
      fixBatchRow: async ({ auth, params: { id, row }, body, audit }) => {
        await editing.fixRow({ user: auth.user, id, row, cells: body.cells }, audit);
        const { rows } = await views.rows(await views.findOr404(id), {
          filter: 'all',
          offset: row - 1,
          limit: 1,
        });
        return rows[0]!;
      },
      validateBatch: async ({ auth, params: { id }, body, audit }) => {
        await editing.validate(
          { user: auth.user, id, excludeInvalid: body.exclude_invalid },
          audit,
        );
        return reply(id, auth);
      },
      submitBatch: async ({ auth, params: { id }, audit }) => {
        await decisions.submit(auth.user, id, audit);
        return reply(id, auth);
      },
      approveBatch: async ({ auth, params: { id }, audit }) => {
        stepUp.check(auth);
        await decisions.approve(auth.user, id, audit);
        return reply(id, auth);
      },
      rejectBatch: async ({ auth, params: { id }, body, audit }) => {
        await decisions.reject(auth.user, id, body.reason, audit);
        return reply(id, auth);
      },
      cancelBatch: async ({ auth, params: { id }, body, audit }) => {
        await decisions.cancel(auth.user, id, body.reason, audit);
        return reply(id, auth);
      },
      retryBatch: async ({ auth, params: { id }, body, audit }) =>
        reply(await editing.retry({ user: auth.user, id, provider: body.provider }, audit), auth),
      batchResults: async ({ params: { id }, res }) => {
        const batch = await views.findOr404(id);
        res.setHeader('Content-Type', 'text/csv; charset=utf-8');
        res.setHeader(
          'Content-Disposition',
          `attachment; filename="batch-${batch.id.slice(0, 8)}-results.csv"`,
        );
        res.send(await views.resultsCsv(batch));
      },
    },
    {
      // Up to twice the limit is read, so a file just over it gets the file's own clear error.
      uploadBatch: [express.raw({ type: 'text/csv', limit: MAX_BATCH_FILE_BYTES * 2 })],
    },
  );
  return router;
}
