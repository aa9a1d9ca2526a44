import { DECIMAL_STRING_RE, parseIsoInstant, type PayoutSummary } from '@payouts/contracts';
import type { SessionUser } from '../../shared/identity.js';
import { decodeCursor, encodeCursor } from '../../shared/keysetCursor.js';
import { toPayoutEventDto, type PayoutDto, type PayoutEventDto } from './payoutDto.js';
import type { PayoutListQuery, PayoutsRepository } from './payoutsRepository.js';
import type { CurrencyTotal, PayoutTotals } from './payoutTotals.js';
import type { PayoutFilterOptions } from './payoutFilterOptions.js';
import type { PayoutViews } from './payoutViews.js';

export interface PayoutListParams extends Omit<
  PayoutListQuery,
  'after' | 'awaitingApprovalBy' | 'attentionBefore'
> {
  cursor?: string | undefined;
  /** The viewer: `needsMyApproval` lists what they may approve. */
  viewer?: SessionUser;
  needsMyApproval?: boolean;
  needsAttention?: boolean;
}

/** Reads payouts: pages, the whole export, one payout with its timeline, the counters. */
export interface PayoutQueries {
  list(params: PayoutListParams): Promise<{ items: PayoutDto[]; next_cursor: string | null }>;
  /** Every payout the filters select, in list order, fetched page by page (for the export). */
  listAll(params: Omit<PayoutListParams, 'cursor' | 'limit'>): AsyncIterable<PayoutDto>;
  /** How many payouts the filters select, and their sums per currency (every page, not one). */
  totals(
    params: Omit<PayoutListParams, 'cursor' | 'limit' | 'sort' | 'order'>,
  ): Promise<{ count: number; by_currency: CurrencyTotal[] }>;
  /** The PSPs and decline codes the list's filters offer. */
  filterOptions: PayoutFilterOptions['options'];
  get(id: string): Promise<{ payout: PayoutDto; events: PayoutEventDto[] }>;
  summary(user: SessionUser): Promise<PayoutSummary>;
}

const DECIMAL = DECIMAL_STRING_RE;
const EXPORT_PAGE_SIZE = 500;

export function createPayoutQueries({
  payoutsRepository: repo,
  payoutTotals,
  filterOptions,
  views,
}: {
  payoutsRepository: PayoutsRepository;
  payoutTotals: PayoutTotals;
  filterOptions: PayoutFilterOptions;
  views: PayoutViews;
}): PayoutQueries {
  const { attentionBefore, dtosOf, findOr404 } = views;

  const queries: PayoutQueries = {
    async list({ cursor, viewer, needsMyApproval, needsAttention, ...query }) {
      let after: PayoutListQuery['after'];
      if (cursor !== undefined) {
        after = decodeCursor(cursor, {
          value: (value) =>
            (query.sort === 'amount' ? DECIMAL.test(value) : parseIsoInstant(value) !== undefined)
              ? value
              : undefined,
          id: (id) => (views.isUuid(id) ? id : undefined),
        });
      }
      // Support approves nothing: "needs my approval" is empty for them.
      if (needsMyApproval === true && viewer?.role === 'support') {
        return { items: [], next_cursor: null };
      }
      const rows = await repo.list({
        ...query,
        after,
        limit: query.limit + 1,
        ...(needsMyApproval === true && viewer ? { awaitingApprovalBy: viewer } : {}),
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
        const page = await queries.list({ ...params, cursor, limit: EXPORT_PAGE_SIZE });
        yield* page.items;
        cursor = page.next_cursor ?? undefined;
      } while (cursor !== undefined);
    },

    async totals({ viewer, needsMyApproval, needsAttention, ...query }) {
      // The list's meaning of each flag: support approves nothing.
      if (needsMyApproval === true && viewer?.role === 'support') {
        return { count: 0, by_currency: [] };
      }
      const byCurrency = await payoutTotals.totals({
        ...query,
        ...(needsMyApproval === true && viewer ? { awaitingApprovalBy: viewer } : {}),
        ...(needsAttention === true ? { attentionBefore: attentionBefore() } : {}),
      });
      return {
        count: byCurrency.reduce((sum, total) => sum + total.count, 0),
        by_currency: byCurrency,
      };
    },

    filterOptions: () => filterOptions.options(),

    async get(id) {
      const found = await findOr404(id);
      const [payout] = await dtosOf([found]);
      const events = await repo.events(id);
      return { payout: payout!, events: events.map(toPayoutEventDto) };
    },

    async summary(user) {
      const counts = await repo.summary({
        approver: user.role === 'support' ? undefined : user,
        attentionBefore: attentionBefore(),
      });
      return {
        awaiting_my_approval: counts.awaitingMyApproval,
        batches_awaiting_my_approval: counts.batchesAwaitingMyApproval,
        needs_attention: counts.needsAttention,
      };
    },
  };
  return queries;
}
