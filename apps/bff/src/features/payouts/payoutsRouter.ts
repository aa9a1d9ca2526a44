import { PAYOUT_METHOD_TYPES, PAYOUT_STATUSES } from '@payouts/contracts';
import { stringify } from 'csv-stringify';
import { Router, type Request } from 'express';
import { z } from 'zod';
import { AppError } from '../../http/AppError.js';
import { auditContextOf } from '../../http/authContext.js';
import { parseInput } from '../../http/parseInput.js';
import { authOf, requirePermission } from '../../http/requirePermission.js';
import { corridorQuery } from '../providers/providersRouter.js';
import { PAYOUT_CSV_COLUMNS, payoutCsvRow } from './payoutsCsv.js';
import type { PayoutsService } from './payoutsService.js';

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{8,255}$/;
const decimal = z.string().regex(/^(?:0|[1-9]\d*)(?:\.\d+)?$/, 'Expected a decimal amount');
// A day (the whole day, in UTC) or an exact instant.
const dateOrInstant = z.union([
  z.iso.date().transform((d) => new Date(`${d}T00:00:00.000Z`)),
  z.iso.datetime({ offset: true }).transform((d) => new Date(d)),
]);

const listQuery = z
  .object({
    status: z
      .string()
      .transform((s) => s.split(',').filter(Boolean))
      .pipe(z.array(z.enum(PAYOUT_STATUSES)))
      .optional(),
    provider: z.string().trim().min(1).max(100).optional(),
    payout_method_type: z.enum(PAYOUT_METHOD_TYPES).optional(),
    currency: corridorQuery.currency.optional(),
    country: corridorQuery.country.optional(),
    created_from: dateOrInstant.optional(),
    created_to: z
      .union([
        // `created_to=2030-01-31` includes that whole day.
        z.iso.date().transform((d) => new Date(Date.parse(`${d}T00:00:00.000Z`) + 86_400_000)),
        z.iso.datetime({ offset: true }).transform((d) => new Date(d)),
      ])
      .optional(),
    amount_min: decimal.optional(),
    amount_max: decimal.optional(),
    q: z.string().trim().min(1).max(200).optional(),
    include_test: z.enum(['0', '1']).optional(),
    needs_my_approval: z.enum(['0', '1']).optional(),
    needs_attention: z.enum(['0', '1']).optional(),
    is_test: z.enum(['0', '1']).optional(),
    sort: z.enum(['created_at', 'amount']).default('created_at'),
    order: z.enum(['asc', 'desc']).default('desc'),
    cursor: z.string().min(1).max(500).optional(),
    limit: z.coerce.number().int().min(1).max(100).default(25),
  })
  .strict();

const exportQuery = listQuery.omit({ cursor: true, limit: true });

function listParams(q: z.infer<typeof exportQuery>) {
  return {
    statuses: q.status,
    provider: q.provider,
    payoutMethodType: q.payout_method_type,
    currency: q.currency,
    country: q.country,
    createdFrom: q.created_from,
    createdTo: q.created_to,
    amountMin: q.amount_min,
    amountMax: q.amount_max,
    q: q.q,
    // Test payouts stay out of lists and exports unless asked for.
    tests:
      q.is_test === '1'
        ? ('only' as const)
        : q.include_test === '1'
          ? ('include' as const)
          : ('exclude' as const),
    needsMyApproval: q.needs_my_approval === '1',
    needsAttention: q.needs_attention === '1',
    sort: q.sort,
    order: q.order,
  };
}

/** The create calls' `Idempotency-Key` header, or a 400 problem. */
export function idempotencyKeyOf(req: Request): string {
  const key = req.get('Idempotency-Key');
  if (!key || !IDEMPOTENCY_KEY.test(key)) {
    throw new AppError(
      'malformed_request',
      'Send an Idempotency-Key header (8 to 255 visible characters, e.g. a UUID).',
    );
  }
  return key;
}

export function createPayoutsRouter({
  payoutsService,
}: {
  payoutsService: PayoutsService;
}): Router {
  const router = Router();

  router.post('/payouts', requirePermission('payouts:create'), async (req, res) => {
    const key = idempotencyKeyOf(req);
    const result = await payoutsService.create(
      { user: authOf(req).user, idempotencyKey: key, body: req.body },
      auditContextOf(req),
    );
    if (result.replayed) res.setHeader('Idempotent-Replayed', 'true');
    res.status(result.status).json(result.payout);
  });

  router.get('/payouts', requirePermission('payouts:read'), async (req, res) => {
    const q = parseInput(listQuery, req.query);
    res.json(
      await payoutsService.list({
        ...listParams(q),
        viewer: authOf(req).user,
        cursor: q.cursor,
        limit: q.limit,
      }),
    );
  });

  router.get('/payouts/summary', requirePermission('payouts:read'), async (req, res) => {
    parseInput(z.strictObject({}), req.query);
    res.json(await payoutsService.summary(authOf(req).user));
  });

  // Streamed: the export selects what the list's filters select, however many rows that is.
  router.get('/payouts/export.csv', requirePermission('payouts:export'), async (req, res) => {
    const q = parseInput(exportQuery, req.query);
    const rows = payoutsService.listAll({ ...listParams(q), viewer: authOf(req).user });
    const stamp = new Date().toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="payouts-${stamp}.csv"`);
    const csv = stringify({ header: true, columns: [...PAYOUT_CSV_COLUMNS] });
    csv.pipe(res);
    try {
      for await (const payout of rows) {
        if (!csv.write(payoutCsvRow(payout))) {
          await new Promise((resolve) => csv.once('drain', resolve));
        }
      }
      csv.end();
    } catch (error) {
      // Headers are gone already: cut the download short so it cannot pass for complete.
      csv.destroy();
      res.destroy(error instanceof Error ? error : undefined);
    }
  });

  router.get('/payouts/:id', requirePermission('payouts:read'), async (req, res) => {
    res.json(await payoutsService.get(req.params.id as string));
  });

  router.post('/payouts/:id/check-status', requirePermission('payouts:check-status'), async (req, res) => {
    const auth = authOf(req);
    res.json(
      await payoutsService.checkStatus(req.params.id as string, auth.user, auditContextOf(req)),
    );
  });

  router.post('/payouts/:id/approve', requirePermission('payouts:approve'), async (req, res) => {
    parseInput(z.strictObject({}), req.body ?? {});
    res.json(
      await payoutsService.approve(req.params.id as string, authOf(req).user, auditContextOf(req)),
    );
  });

  router.post('/payouts/:id/reject', requirePermission('payouts:approve'), async (req, res) => {
    res.json(
      await payoutsService.reject(
        req.params.id as string,
        authOf(req).user,
        req.body,
        auditContextOf(req),
      ),
    );
  });

  router.post('/payouts/:id/cancel', requirePermission('payouts:cancel'), async (req, res) => {
    res.json(
      await payoutsService.cancel(
        req.params.id as string,
        authOf(req).user,
        req.body,
        auditContextOf(req),
      ),
    );
  });

  return router;
}
