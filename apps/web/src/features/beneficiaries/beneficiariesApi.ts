import type {
  BeneficiaryDetail,
  BeneficiaryDto,
  BeneficiaryListQueryParams,
  BeneficiaryPage,
  CreateBeneficiaryRequest,
  UpdateBeneficiaryRequest,
} from '@payouts/contracts';
import type { HttpClient } from '../../api/createHttpClient.js';

export interface BeneficiariesApi {
  /** One page, by display name; `query` holds search, filters, cursor and limit as the API names them. */
  list(query: BeneficiaryListQueryParams, signal?: AbortSignal): Promise<BeneficiaryPage>;
  get(id: string, signal?: AbortSignal): Promise<BeneficiaryDetail>;
  /** Refused with 409 `beneficiary_duplicate` (naming them) unless `allow_duplicate`. */
  create(body: CreateBeneficiaryRequest): Promise<BeneficiaryDto>;
  /** Name, reference and e-mail change at once; `details` becomes a pending change. */
  update(id: string, body: UpdateBeneficiaryRequest): Promise<BeneficiaryDto>;
  /** A second person (not the proposer) puts the pending change in force. */
  approveChange(id: string, changeId: string): Promise<BeneficiaryDto>;
  rejectChange(id: string, changeId: string, reason: string): Promise<BeneficiaryDto>;
  archive(id: string): Promise<BeneficiaryDto>;
}

export function createBeneficiariesApi(http: HttpClient): BeneficiariesApi {
  const path = (id: string): string => `/beneficiaries/${encodeURIComponent(id)}`;
  const change = (id: string, changeId: string, action: 'approve' | 'reject'): string =>
    `${path(id)}/changes/${encodeURIComponent(changeId)}/${action}`;
  return {
    list(query, signal) {
      return http.request<BeneficiaryPage>({
        method: 'GET',
        path: '/beneficiaries',
        query,
        signal,
      });
    },
    get(id, signal) {
      return http.request<BeneficiaryDetail>({ method: 'GET', path: path(id), signal });
    },
    create(body) {
      return http.request<BeneficiaryDto>({ method: 'POST', path: '/beneficiaries', body });
    },
    update(id, body) {
      return http.request<BeneficiaryDto>({ method: 'PATCH', path: path(id), body });
    },
    approveChange(id, changeId) {
      return http.request<BeneficiaryDto>({
        method: 'POST',
        path: change(id, changeId, 'approve'),
        body: {},
      });
    },
    rejectChange(id, changeId, reason) {
      return http.request<BeneficiaryDto>({
        method: 'POST',
        path: change(id, changeId, 'reject'),
        body: { reason },
      });
    },
    archive(id) {
      return http.request<BeneficiaryDto>({
        method: 'POST',
        path: `${path(id)}/archive`,
        body: {},
      });
    },
  };
}
