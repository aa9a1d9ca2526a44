import {
  MAX_BATCH_FILE_BYTES,
  UUID_RE,
  batchCancelBody,
  batchListQuery,
  batchRejectBody,
  batchRetryBody,
  batchRowFixBody,
  batchRowsQuery,
  batchTemplateCsv,
  batchTemplateQuery,
  batchExampleRow,
  batchUploadQuery,
  batchValidateBody,
  parseIsoInstant,
} from '@payouts/contracts';
import express, { Router, type Request } from 'express';
import { z } from 'zod';
import type { Corridor } from '@payouts/contracts';
import { requireKnownCorridor } from '../corridors/requireKnownCorridor.js';
import type { ProvidersService } from '../providers/providersService.js';
import { maskCells, modelOf } from './batchModel.js';
import { AppError } from '../../http/AppError.js';
import { auditContextOf } from '../../http/authContext.js';
import { parseInput } from '../../http/parseInput.js';
import { authOf, requirePermission } from '../../http/requirePermission.js';
import type { StepUp } from '../../http/requireStepUp.js';
import { decodeCursor, encodeCursor } from '../../shared/keysetCursor.js';
import type { BatchDecisions } from './batchDecisions.js';
import type { BatchEditing } from './batchEditing.js';
import type { BatchesRepository } from './batchesRepository.js';
import type { BatchSender } from './batchSender.js';
import type { BatchViews } from './batchViews.js';

/** Whether a request is the batch file upload (its body is CSV, not JSON). */
export function isBatchUpload(req: Request): boolean {
  return req.method === 'POST' && req.path === '/batches' && req.is('text/csv') === 'text/csv';
}

function idOf(req: Request): string {
  const id = req.params.id as string;
  if (!UUID_RE.test(id)) throw new AppError('not_found', 'No such batch.');
  return id;
}

function rowOf(req: Request): number {
  const text = req.params.row as string;
  const row = /^[1-9]\d{0,6}$/.test(text) ? Number(text) : NaN;
  if (!Number.isInteger(row)) throw new AppError('not_found', 'No such row.');
  return row;
}

/** Batch payouts from a file (issue 13): thin handlers over editing, decisions and views. */
export function createBatchesRouter({
  editing,
  decisions,
  views,
  sender,
  repo,
  providersService,
  corridors,
  stepUp,
}: {
  stepUp: StepUp;
  providersService: ProvidersService;
  corridors: readonly Corridor[];
  editing: BatchEditing;
  decisions: BatchDecisions;
  views: BatchViews;
  sender: BatchSender;
  repo: BatchesRepository;
}): Router {
  const router = Router();

  async function reply(req: Request, id: string) {
    return views.dtoOf(await views.findOr404(id), authOf(req).user);
  }

  router.get('/batches', requirePermission('batches:read'), async (req, res) => {
    const q = parseInput(batchListQuery, req.query);
    const before = q.cursor
      ? (() => {
          const c = decodeCursor(q.cursor, {
            value: (v) => {
              const at = parseIsoInstant(v);
              return at === undefined ? undefined : at;
            },
            id: (id) => (UUID_RE.test(id) ? id : undefined),
          });
          return { createdAt: c.value, id: c.id };
        })()
      : undefined;
    const rows = await repo.list({ status: q.status, before, limit: q.limit + 1 });
    const page = rows.slice(0, q.limit);
    const last = page.at(-1);
    res.json({
      items: await Promise.all(page.map((b) => views.dtoOf(b, authOf(req).user))),
      next_cursor:
        rows.length > q.limit && last ? encodeCursor(last.createdAt.toISOString(), last.id) : null,
    });
  });

  router.get('/batches/template', requirePermission('batches:read'), async (req, res) => {
    const q = parseInput(batchTemplateQuery, req.query);
    const corridor = { country: q.country, currency: q.currency };
    requireKnownCorridor(corridors, corridor);
    const model = await modelOf(
      providersService,
      { ...corridor, payoutMethodType: q.payout_method_type, provider: q.provider },
      new Date(),
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
  });

  router.post(
    '/batches',
    requirePermission('batches:write'),
    // Up to twice the limit is read, so a file just over it gets the file's own clear error.
    express.raw({ type: 'text/csv', limit: MAX_BATCH_FILE_BYTES * 2 }),
    async (req, res) => {
      const q = parseInput(batchUploadQuery, req.query);
      if (!Buffer.isBuffer(req.body)) {
        throw new AppError(
          'unsupported_media_type',
          'Send the file itself as the body, with Content-Type: text/csv.',
        );
      }
      const id = await editing.upload(
        {
          user: authOf(req).user,
          corridor: { country: q.country, currency: q.currency },
          payoutMethodType: q.payout_method_type,
          provider: q.provider,
          fileName: q.file_name,
          bytes: new Uint8Array(req.body.buffer, req.body.byteOffset, req.body.byteLength),
        },
        auditContextOf(req),
      );
      res.status(201).json(await reply(req, id));
    },
  );

  router.get('/batches/:id', requirePermission('batches:read'), async (req, res) => {
    const id = idOf(req);
    await views.findOr404(id);
    // A sending batch whose rows are all settled completes as it is looked at.
    await sender.completeIfDone(id);
    res.json(await reply(req, id));
  });

  router.get('/batches/:id/rows', requirePermission('batches:read'), async (req, res) => {
    const id = idOf(req);
    const q = parseInput(batchRowsQuery, req.query);
    res.json(await views.rows(await views.findOr404(id), q));
  });

  router.patch('/batches/:id/rows/:row', requirePermission('batches:write'), async (req, res) => {
    const id = idOf(req);
    const row = rowOf(req);
    const body = parseInput(batchRowFixBody, req.body ?? {});
    await editing.fixRow(
      { user: authOf(req).user, id, row, cells: body.cells },
      auditContextOf(req),
    );
    const { rows } = await views.rows(await views.findOr404(id), {
      filter: 'all',
      offset: row - 1,
      limit: 1,
    });
    res.json(rows[0]);
  });

  router.post('/batches/:id/validate', requirePermission('batches:write'), async (req, res) => {
    const id = idOf(req);
    const body = parseInput(batchValidateBody, req.body ?? {});
    await editing.validate(
      { user: authOf(req).user, id, excludeInvalid: body.exclude_invalid },
      auditContextOf(req),
    );
    res.json(await reply(req, id));
  });

  router.post('/batches/:id/submit', requirePermission('batches:write'), async (req, res) => {
    const id = idOf(req);
    parseInput(z.strictObject({}), req.body ?? {});
    await decisions.submit(authOf(req).user, id, auditContextOf(req));
    res.json(await reply(req, id));
  });

  router.post('/batches/:id/approve', requirePermission('payouts:approve'), async (req, res) => {
    const id = idOf(req);
    parseInput(z.strictObject({}), req.body ?? {});
    stepUp.check(authOf(req));
    await decisions.approve(authOf(req).user, id, auditContextOf(req));
    res.json(await reply(req, id));
  });

  router.post('/batches/:id/reject', requirePermission('payouts:approve'), async (req, res) => {
    const id = idOf(req);
    const body = parseInput(batchRejectBody, req.body ?? {});
    await decisions.reject(authOf(req).user, id, body.reason, auditContextOf(req));
    res.json(await reply(req, id));
  });

  router.post('/batches/:id/cancel', requirePermission('batches:write'), async (req, res) => {
    const id = idOf(req);
    const body = parseInput(batchCancelBody, req.body ?? {});
    await decisions.cancel(authOf(req).user, id, body.reason, auditContextOf(req));
    res.json(await reply(req, id));
  });

  router.post('/batches/:id/retry', requirePermission('batches:write'), async (req, res) => {
    const id = idOf(req);
    const body = parseInput(batchRetryBody, req.body ?? {});
    const newId = await editing.retry(
      { user: authOf(req).user, id, provider: body.provider },
      auditContextOf(req),
    );
    res.status(201).json(await reply(req, newId));
  });

  router.get('/batches/:id/results.csv', requirePermission('batches:read'), async (req, res) => {
    const batch = await views.findOr404(idOf(req));
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader(
      'Content-Disposition',
      `attachment; filename="batch-${batch.id.slice(0, 8)}-results.csv"`,
    );
    res.send(await views.resultsCsv(batch));
  });

  return router;
}
