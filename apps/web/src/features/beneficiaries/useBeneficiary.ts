import type {
  BeneficiaryDetail,
  BeneficiaryDto,
  UpdateBeneficiaryRequest,
} from '@payouts/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../api/ApiContext.js';
import { beneficiaryQueryKeys } from './beneficiaryQueryKeys.js';

export function useBeneficiary(id: string) {
  const api = useApi();
  return useQuery({
    queryKey: beneficiaryQueryKeys.detail(id),
    queryFn: ({ signal }) => api.beneficiaries.get(id, signal),
  });
}

export type BeneficiaryAction =
  | { kind: 'approve'; changeId: string }
  | { kind: 'reject'; changeId: string; reason: string }
  | { kind: 'archive' };

/**
 * Approve or reject the pending change, or archive. The answer shows at once; on success or
 * refusal (self-approval, someone else was faster) the beneficiary and its timeline are read again.
 */
export function useBeneficiaryAction(id: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  const settle = async (): Promise<void> => {
    await queryClient.invalidateQueries({ queryKey: beneficiaryQueryKeys.all });
  };
  return useMutation({
    mutationFn: (action: BeneficiaryAction): Promise<BeneficiaryDto> => {
      switch (action.kind) {
        case 'approve':
          return api.beneficiaries.approveChange(id, action.changeId);
        case 'reject':
          return api.beneficiaries.rejectChange(id, action.changeId, action.reason);
        case 'archive':
          return api.beneficiaries.archive(id);
      }
    },
    onSuccess: async (beneficiary) => {
      queryClient.setQueryData<BeneficiaryDetail>(beneficiaryQueryKeys.detail(id), (current) =>
        current ? { ...current, beneficiary } : current,
      );
      await settle();
    },
    onError: settle,
  });
}

/**
 * `PATCH` a beneficiary: name, reference and e-mail at once, or `details` as a proposed change.
 * The answer replaces the cached beneficiary; lists and the timeline are read again.
 */
export function useUpdateBeneficiary(id: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateBeneficiaryRequest) => api.beneficiaries.update(id, body),
    onSuccess: async (beneficiary) => {
      queryClient.setQueryData<BeneficiaryDetail>(beneficiaryQueryKeys.detail(id), (current) =>
        current ? { ...current, beneficiary } : current,
      );
      await queryClient.invalidateQueries({ queryKey: beneficiaryQueryKeys.all });
    },
  });
}
