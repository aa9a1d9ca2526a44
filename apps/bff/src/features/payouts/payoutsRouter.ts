import {
  can,
  COUNTRY_CODE_RE,
  CURRENCY_CODE_RE,
  payoutExportQuery as exportQuery,
  payoutListQuery as listQuery,
} from '@payouts/contracts';
import { stringify } from 'csv-stringify';
import { Router, type Request } from 'express';
import { z } from 'zod';
import { AppError } from '../../http/AppError.js';
import { auditContextOf } from '../../http/authContext.js';
import { parseInput } from '../../http/parseInput.js';
import { authOf, requirePermission } from '../../http/requirePermission.js';
import type { StepUp } from '../../http/requireStepUp.js';
import type { BeneficiaryPayoutCreation } from './beneficiaryPayoutCreation.js';
import type { PayoutApprovals } from './payoutApprovals.js';
import type { PayoutCreation } from './payoutCreation.js';
import type { PayoutQueries } from './payoutQueries.js';
import type { PayoutResolutions } from './payoutResolutions.js';
import type { PayoutStatusUpdates } from './payoutStatusUpdates.js';
import { PAYOUT_CSV_COLUMNS, payoutCsvRow } from './payoutsCsv.js';

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{8,255}$/;

/** The corridor a create body names; the service checks the rest against that corridor's form. */
export const corridorOfBody = z.looseObject({
  country: z.string().regex(COUNTRY_CODE_RE, 'Choose a country'),
  currency: z.string().regex(CURRENCY_CODE_RE, 'Choose a currency'),
});

/**
 * A payout to a saved beneficiary (`beneficiary_id` present): the beneficiary gives corridor,
 * PSP, type and details; amount and order id are checked by the payout form like any payout's.
 */
export const beneficiaryPayoutBody = z.strictObject({
  beneficiary_id: z.uuid('Choose a beneficiary'),
  amount: z.string('Enter an amount'),
  order_id: z.string('Expected an order id').optional(),
  metadata: z
    .record(z.string(), z.union([z.string(), z.number()]), 'Expected the card fields')
    .optional(),
});

const isBeneficiaryPayout = (body: unknown) =>
  typeof body === 'object' && body !== null && Object.hasOwn(body, 'beneficiary_id');

export const rejectPayoutBody = z.strictObject({
  reason: z
    .string('Say why it is rejected')
    .trim()
    .min(1, 'Say why it is rejected')
    .max(500, 'At most 500 characters'),
});
const resolutionReason = z
  .string('Say why')
  .trim()
  .min(1, 'Say why')
  .max(500, 'At most 500 characters');

/** `POST /api/payouts/:id/resolution`: a person settles an unknown payout (decision 040). */
export const payoutResolutionBody = z.discriminatedUnion(
  'action',
  [
    z.strictObject({
      action: z.literal('found'),
      orchestrator_id: z
        .string('Enter the orchestrator id')
        .trim()
        .min(1, 'Enter the orchestrator id')
        .max(200, 'At most 200 characters')
        .regex(/^[\x21-\x7e]+$/, 'Letters, digits and punctuation only'),
    }),
    z.strictObject({ action: z.literal('propose_mark_failed'), reason: resolutionReason }),
    z.strictObject({ action: z.literal('confirm_mark_failed') }),
    z.strictObject({ action: z.literal('decline_mark_failed'), reason: resolutionReason }),
  ],
  {
    error: 'Expected action found, propose_mark_failed, confirm_mark_failed or decline_mark_failed',
  },
);

/** At most this many payouts in one bulk resolution (each is its own transaction and lookup). */
export const BULK_RESOLUTION_MAX = 100;
const bulkPayoutIds = z
  .array(z.uuid('Expected a payout id'), 'Choose the payouts')
  .min(1, 'Choose at least one payout')
  .max(BULK_RESOLUTION_MAX, `At most ${BULK_RESOLUTION_MAX} payouts at once`)
  .refine((ids) => new Set(ids.map((id) => id.toLowerCase())).size === ids.length, {
    message: 'Each payout at most once',
  });

/** `POST /api/payouts/resolutions`: propose or confirm "not sent: mark failed" for several. */
export const bulkResolutionBody = z.discriminatedUnion(
  'action',
  [
    z.strictObject({
      action: z.literal('propose_mark_failed'),
      reason: resolutionReason,
      payout_ids: bulkPayoutIds,
    }),
    z.strictObject({ action: z.literal('confirm_mark_failed'), payout_ids: bulkPayoutIds }),
  ],
  { error: 'Expected action propose_mark_failed or confirm_mark_failed' },
);

/** `POST /api/payouts/:id/send-again`: a new payout (a new order id) from one marked failed. */
export const sendAgainBody = z.strictObject({
  order_id: z.string('Enter a new order id').trim().min(1, 'Enter a new order id').max(64),
});

export const cancelPayoutBody = z.strictObject({
  reason: z.string().trim().max(500, 'At most 500 characters').optional(),
});

/**
 * Lab payouts are real money: lists and exports show them (badged) unless asked to leave them
 * out (`is_test=0`) or to show only them (`is_test=1`). `include_test`, from links made when
 * they were hidden by default, still means what it meant when given.
 */
function testsOf(q: z.infer<typeof exportQuery>): 'exclude' | 'include' | 'only' {
  if (q.is_test !== undefined) return q.is_test === '1' ? 'only' : 'exclude';
  if (q.include_test === '0') return 'exclude';
  return 'include';
}

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
    tests: testsOf(q),
    beneficiaryId: q.beneficiary_id,
    declineCode: q.decline_code,
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
  payoutCreation,
  beneficiaryPayoutCreation,
  payoutQueries,
  payoutApprovals,
  payoutStatusUpdates,
  payoutResolutions,
  stepUp,
}: {
  payoutCreation: PayoutCreation;
  beneficiaryPayoutCreation: BeneficiaryPayoutCreation;
  payoutQueries: PayoutQueries;
  payoutApprovals: PayoutApprovals;
  payoutStatusUpdates: PayoutStatusUpdates;
  payoutResolutions: PayoutResolutions;
  stepUp: StepUp;
}): Router {
  const router = Router();

  router.post('/payouts', requirePermission('payouts:create'), async (req, res) => {
    const key = idempotencyKeyOf(req);
    const auth = authOf(req);
    const user = auth.user;
    // Only a payout that would wait for approval asks for a fresh second factor.
    const options = { stepUp: () => stepUp.check(auth) };
    let result;
    if (isBeneficiaryPayout(req.body)) {
      if (!can(user.role, 'beneficiaries:write')) {
        throw new AppError('forbidden', 'Your role does not allow this.');
      }
      const request = parseInput(beneficiaryPayoutBody, req.body);
      result = await beneficiaryPayoutCreation.create(
        { user, idempotencyKey: key, request },
        auditContextOf(req),
        options,
      );
    } else {
      const { country, currency } = parseInput(corridorOfBody, req.body);
      result = await payoutCreation.create(
        { user, idempotencyKey: key, corridor: { country, currency }, body: req.body },
        auditContextOf(req),
        options,
      );
    }
    if (result.replayed) res.setHeader('Idempotent-Replayed', 'true');
    res.status(result.status).json(result.payout);
  });

  router.get('/payouts', requirePermission('payouts:read'), async (req, res) => {
    const q = parseInput(listQuery, req.query);
    res.json(
      await payoutQueries.list({
        ...listParams(q),
        viewer: authOf(req).user,
        cursor: q.cursor,
        limit: q.limit,
      }),
    );
  });

  router.get('/payouts/summary', requirePermission('payouts:read'), async (req, res) => {
    parseInput(z.strictObject({}), req.query);
    res.json(await payoutQueries.summary(authOf(req).user));
  });

  // Streamed: the export selects what the list's filters select, however many rows that is.
  router.get('/payouts/export.csv', requirePermission('payouts:export'), async (req, res) => {
    const q = parseInput(exportQuery, req.query);
    const rows = payoutQueries.listAll({ ...listParams(q), viewer: authOf(req).user });
    const stamp = new Date().toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="payouts-${stamp}.csv"`);
    // Every cell quoted: a spreadsheet whose locale separates with `;` (or tabs) then never
    // splits a cell such as `;=1+2` into a formula (see payoutsCsv.ts for the leading `'`).
    const csv = stringify({ header: true, columns: [...PAYOUT_CSV_COLUMNS], quoted_string: true });
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
    res.json(await payoutQueries.get(req.params.id as string));
  });

  router.post(
    '/payouts/:id/check-status',
    requirePermission('payouts:check-status'),
    async (req, res) => {
      const auth = authOf(req);
      res.json(
        await payoutStatusUpdates.checkStatus(
          req.params.id as string,
          auth.user,
          auditContextOf(req),
        ),
      );
    },
  );

  router.post('/payouts/:id/approve', requirePermission('payouts:approve'), async (req, res) => {
    parseInput(z.strictObject({}), req.body ?? {});
    stepUp.check(authOf(req));
    res.json(
      await payoutApprovals.approve(req.params.id as string, authOf(req).user, auditContextOf(req)),
    );
  });

  router.post('/payouts/:id/reject', requirePermission('payouts:approve'), async (req, res) => {
    const input = parseInput(rejectPayoutBody, req.body ?? {});
    res.json(
      await payoutApprovals.reject(
        req.params.id as string,
        authOf(req).user,
        input,
        auditContextOf(req),
      ),
    );
  });

  router.post('/payouts/:id/cancel', requirePermission('payouts:cancel'), async (req, res) => {
    const input = parseInput(cancelPayoutBody, req.body ?? {});
    res.json(
      await payoutApprovals.cancel(
        req.params.id as string,
        authOf(req).user,
        input,
        auditContextOf(req),
      ),
    );
  });

  router.post('/payouts/:id/resolution', requirePermission('payouts:resolve'), async (req, res) => {
    const input = parseInput(payoutResolutionBody, req.body ?? {});
    const auth = authOf(req);
    const id = req.params.id as string;
    const context = auditContextOf(req);
    switch (input.action) {
      case 'found':
        res.json(await payoutResolutions.found(id, input.orchestrator_id, auth.user, context));
        return;
      case 'propose_mark_failed':
        res.json(await payoutResolutions.proposeMarkFailed(id, input.reason, auth.user, context));
        return;
      case 'confirm_mark_failed':
        // The second person's decision moves the payout to a final status: a fresh factor.
        stepUp.check(auth);
        res.json(await payoutResolutions.confirmMarkFailed(id, auth.user, context));
        return;
      case 'decline_mark_failed':
        res.json(await payoutResolutions.declineMarkFailed(id, input.reason, auth.user, context));
        return;
    }
  });

  router.post('/payouts/resolutions', requirePermission('payouts:resolve'), async (req, res) => {
    const input = parseInput(bulkResolutionBody, req.body ?? {});
    const auth = authOf(req);
    if (input.action === 'confirm_mark_failed') stepUp.check(auth);
    res.json(
      await payoutResolutions.bulk(
        input.action === 'propose_mark_failed'
          ? { action: input.action, reason: input.reason, payoutIds: input.payout_ids }
          : { action: input.action, payoutIds: input.payout_ids },
        auth.user,
        auditContextOf(req),
      ),
    );
  });

  router.post('/payouts/:id/send-again', requirePermission('payouts:create'), async (req, res) => {
    const key = idempotencyKeyOf(req);
    const input = parseInput(sendAgainBody, req.body ?? {});
    const auth = authOf(req);
    const result = await payoutResolutions.sendAgain(
      {
        id: req.params.id as string,
        orderId: input.order_id,
        idempotencyKey: key,
        user: auth.user,
      },
      auditContextOf(req),
      { stepUp: () => stepUp.check(auth) },
    );
    if (result.replayed) res.setHeader('Idempotent-Replayed', 'true');
    res.status(result.status).json(result.payout);
  });

  return router;
}
