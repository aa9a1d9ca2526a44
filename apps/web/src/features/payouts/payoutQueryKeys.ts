import type { QueryParams } from '../../api/createHttpClient.js';

export const payoutQueryKeys = {
  all: ['payouts'] as const,
  list: (query: QueryParams) => ['payouts', 'list', query] as const,
  filterOptions: ['payouts', 'filter-options'] as const,
  totals: (query: QueryParams) => ['payouts', 'totals', query] as const,
  detail: (id: string) => ['payouts', 'detail', id] as const,
  approvalPreview: (facts: object) => ['payouts', 'approval-preview', facts] as const,
};
