import {
  beneficiaryPayoutBody,
  can,
  corridorOfBody,
  type PayoutApprovalRuleDto,
  type payoutExportQuery as exportQuery,
} from '@payouts/contracts';
import { payoutEndpoints } from '@payouts/contracts/endpoints';
import { Router } from 'express';
import type { z } from 'zod';
import { AppError } from '../../shared/AppError.js';
import { mountEndpoints, withStatus } from '../../http/mountEndpoints.js';
import { parseInput } from '../../http/parseInput.js';
import { mapRows, streamCsv } from '../../http/streamCsv.js';
import type { StepUp } from '../../http/requireStepUp.js';
import type { ApprovalPreviewInput } from './approvalPreview.js';
import type { BeneficiaryPayoutCreation } from './beneficiaryPayoutCreation.js';
import type { PayoutApprovals } from './payoutApprovals.js';
import type { PayoutCreation } from './payoutCreation.js';
import type { PayoutQueries } from './payoutQueries.js';
import type { PayoutResolutions } from './payoutResolutions.js';
import type { PayoutStatusUpdates } from './payoutStatusUpdates.js';
import { PAYOUT_CSV_COLUMNS, payoutCsvRow } from './payoutsCsv.js';

const isBeneficiaryPayout = (body: unknown) =>
  typeof body === 'object' && body !== null && Object.hasOwn(body, 'beneficiary_id');

/**
 * Lab payouts are real money: lists and exports show them (badged) unless asked to leave them
 * out (`is_test=0`) or to show only them (`is_test=1`). `include_test`, from links made when
 * they were hidden by default, still means what it meant when given.
 */
function testsOf(
  q: Pick<z.infer<typeof exportQuery>, 'is_test' | 'include_test'>,
): 'exclude' | 'include' | 'only' {
  if (q.is_test !== undefined) return q.is_test === '1' ? 'only' : 'exclude';
  if (q.include_test === '0') return 'exclude';
  return 'include';
}

function filterParams(q: Omit<z.infer<typeof exportQuery>, 'sort' | 'order'>) {
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
  };
}

const listParams = (q: z.infer<typeof exportQuery>) => ({
  ...filterParams(q),
  sort: q.sort,
  order: q.order,
});

export function createPayoutsRouter({
  payoutCreation,
  beneficiaryPayoutCreation,
  payoutQueries,
  payoutApprovals,
  payoutStatusUpdates,
  payoutResolutions,
  approvalPreview,
  stepUp,
}: {
  payoutCreation: PayoutCreation;
  beneficiaryPayoutCreation: BeneficiaryPayoutCreation;
  payoutQueries: PayoutQueries;
  payoutApprovals: PayoutApprovals;
  payoutStatusUpdates: PayoutStatusUpdates;
  payoutResolutions: PayoutResolutions;
  approvalPreview: (input: ApprovalPreviewInput) => Promise<PayoutApprovalRuleDto>;
  stepUp: StepUp;
}): Router {
  const router = Router();
  mountEndpoints(router, payoutEndpoints, {
    createPayout: async ({ auth, idempotencyKey, query, body, audit, res }) => {
      const user = auth.user;
      // Only a payout that would wait for approval asks for a fresh second factor.
      const options = { stepUp: () => stepUp.check(auth), payAgain: query.pay_again === '1' };
      let result;
      if (isBeneficiaryPayout(body)) {
        if (!can(user.role, 'beneficiaries:write')) {
          throw new AppError('forbidden', 'Your role does not allow this.');
        }
        const request = parseInput(beneficiaryPayoutBody, body);
        result = await beneficiaryPayoutCreation.create(
          { user, idempotencyKey, request },
          audit,
          options,
        );
      } else {
        const { country, currency } = parseInput(corridorOfBody, body);
        result = await payoutCreation.create(
          { user, idempotencyKey, corridor: { country, currency }, body },
          audit,
          options,
        );
      }
      if (result.replayed) res.setHeader('Idempotent-Replayed', 'true');
      return withStatus(result.status, result.payout);
    },
    listPayouts: ({ auth, query: q }) =>
      payoutQueries.list({ ...listParams(q), viewer: auth.user, cursor: q.cursor, limit: q.limit }),
    payoutTotals: ({ auth, query }) =>
      payoutQueries.totals({ ...filterParams(query), viewer: auth.user }),
    payoutFilterOptions: () => payoutQueries.filterOptions(),
    previewPayoutApproval: ({ body }) => approvalPreview(body),
    payoutSummary: ({ auth }) => payoutQueries.summary(auth.user),
    // Streamed: the export selects what the list's filters select, however many rows that is.
    exportPayouts: ({ auth, query: q, res }) =>
      streamCsv(res, {
        name: 'payouts',
        columns: PAYOUT_CSV_COLUMNS,
        rows: mapRows(payoutQueries.listAll({ ...listParams(q), viewer: auth.user }), payoutCsvRow),
      }),
    getPayout: ({ params }) => payoutQueries.get(params.id),
    checkPayoutStatus: ({ auth, params, audit }) =>
      payoutStatusUpdates.checkStatus(params.id, auth.user, audit),
    approvePayout: ({ auth, params, audit }) => {
      stepUp.check(auth);
      return payoutApprovals.approve(params.id, auth.user, audit);
    },
    rejectPayout: ({ auth, params, body, audit }) =>
      payoutApprovals.reject(params.id, auth.user, body, audit),
    cancelPayout: ({ auth, params, body, audit }) =>
      payoutApprovals.cancel(params.id, auth.user, body, audit),
    resolvePayout: ({ auth, params: { id }, body, audit }) => {
      switch (body.action) {
        case 'found':
          return payoutResolutions.found(id, body.orchestrator_id, auth.user, audit);
        case 'propose_mark_failed':
          return payoutResolutions.proposeMarkFailed(id, body.reason, auth.user, audit);
        case 'confirm_mark_failed':
          // The second person's decision moves the payout to a final status: a fresh factor.
          stepUp.check(auth);
          return payoutResolutions.confirmMarkFailed(id, auth.user, audit);
        case 'decline_mark_failed':
          return payoutResolutions.declineMarkFailed(id, body.reason, auth.user, audit);
      }
    },
    resolvePayouts: ({ auth, body, audit }) => {
      if (body.action === 'confirm_mark_failed') stepUp.check(auth);
      return payoutResolutions.bulk(
        body.action === 'propose_mark_failed'
          ? { action: body.action, reason: body.reason, payoutIds: body.payout_ids }
          : { action: body.action, payoutIds: body.payout_ids },
        auth.user,
        audit,
      );
    },
    sendPayoutAgain: async ({ auth, params, idempotencyKey, body, audit, res }) => {
      const result = await payoutResolutions.sendAgain(
        { id: params.id, orderId: body.order_id, idempotencyKey, user: auth.user },
        audit,
        { stepUp: () => stepUp.check(auth) },
      );
      if (result.replayed) res.setHeader('Idempotent-Replayed', 'true');
      return withStatus(result.status, result.payout);
    },
  });
  return router;
}
