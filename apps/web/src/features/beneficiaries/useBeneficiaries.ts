import { BENEFICIARY_PAGE_DEFAULT, type BeneficiaryListQueryParams } from '@payouts/contracts';
import { keepPreviousData, skipToken, useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/ApiContext.js';
import { beneficiaryQueryKeys } from './beneficiaryQueryKeys.js';
import { toBeneficiaryApiQuery, type BeneficiaryFilters } from './beneficiaryListParams.js';

/** One page of beneficiaries (keyset cursor), the previous page kept on screen while the next loads. */
export function useBeneficiaries(filters: BeneficiaryFilters, cursor: string | undefined) {
  const query = toBeneficiaryApiQuery(filters, { cursor, limit: BENEFICIARY_PAGE_DEFAULT });
  return useBeneficiaryQuery(query);
}

/** Any beneficiary list query; `null` asks nothing (the wizard's search before a keystroke). */
export function useBeneficiaryQuery(query: BeneficiaryListQueryParams | null) {
  const api = useApi();
  return useQuery({
    queryKey: beneficiaryQueryKeys.list(query ?? {}),
    queryFn: query ? ({ signal }) => api.beneficiaries.list(query, signal) : skipToken,
    placeholderData: keepPreviousData,
  });
}
