import type { z } from 'zod';
import type { payoutActor, timelineEvent } from '../endpoints/common.js';
import type {
  payoutApproval,
  payoutApprovalRule,
  payoutDetail,
  payoutDto,
  payoutPage,
  payoutResolutionResults,
  payoutSummary,
  payoutTotals,
  payoutFilterOptions,
} from '../endpoints/payouts.endpoints.js';

/*
 * Payouts as the API shows them (routes: `endpoints/payouts.routes.ts`): the types of the reply
 * schemas, so the SPA names them without bundling zod.
 */

/** A staff member named on a payout: its creator, approver or rejecter. */
export type PayoutActor = z.output<typeof payoutActor>;
/** One approval of a payout, in the order given (a rule may ask for up to three). */
export type PayoutApprovalDto = z.output<typeof payoutApproval>;
/** The approval rule that applied, frozen on the payout when it was created. */
export type PayoutApprovalRuleDto = z.output<typeof payoutApprovalRule>;
/** A payout as the API shows it (`GET /api/payouts/:id`, list items, every action's reply). */
export type PayoutDto = z.output<typeof payoutDto>;
/** One entry of a payout's timeline. */
export type PayoutEventDto = z.output<typeof timelineEvent>;
/** `GET /api/payouts/:id`. */
export type PayoutDetail = z.output<typeof payoutDetail>;
/** `GET /api/payouts`: one page, newest first unless sorted otherwise. */
export type PayoutPage = z.output<typeof payoutPage>;
/** `GET /api/payouts/summary`: the counts behind the menu's badge. */
export type PayoutSummary = z.output<typeof payoutSummary>;
/** `GET /api/payouts/totals`: count and per-currency sums of what the list's filters select. */
export type PayoutTotalsDto = z.output<typeof payoutTotals>;
/** `GET /api/payouts/filter-options`: the PSPs and decline codes the list's filters offer. */
export type PayoutFilterOptionsDto = z.output<typeof payoutFilterOptions>;
/** `POST /api/payouts/resolutions`: one result per payout, in the order asked. */
export type PayoutResolutionResultsDto = z.output<typeof payoutResolutionResults>;
