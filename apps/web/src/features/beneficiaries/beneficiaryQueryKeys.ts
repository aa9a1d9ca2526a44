import type { QueryParams } from '../../api/createHttpClient.js';

export const beneficiaryQueryKeys = {
  all: ['beneficiaries'] as const,
  list: (query: QueryParams) => ['beneficiaries', 'list', query] as const,
  detail: (id: string) => ['beneficiaries', 'detail', id] as const,
};
