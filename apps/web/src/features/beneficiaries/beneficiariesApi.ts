import type {
  BeneficiaryDetail,
  BeneficiaryDto,
  BeneficiaryListQueryParams,
  BeneficiaryPage,
  CreateBeneficiaryRequest,
  UpdateBeneficiaryRequest,
} from '@payouts/contracts';
import { callEndpoint } from '../../api/callEndpoint.js';
import type { HttpClient } from '../../api/createHttpClient.js';

export interface BeneficiariesApi {
  /** One page, by display name; `query` holds search, filters, cursor and limit as the API names them. */
  list(query: BeneficiaryListQueryParams, signal?: AbortSignal): Promise<BeneficiaryPage>;
  get(id: string, signal?: AbortSignal): Promise<BeneficiaryDetail>;
  /** Refused with 409 `beneficiary_duplicate` (naming them) unless `allow_duplicate`. */
  create(body: CreateBeneficiaryRequest): Promise<BeneficiaryDto>;
  /** The e-mail changes at once; a new name, reference or `details` becomes a pending change. */
  update(id: string, body: UpdateBeneficiaryRequest): Promise<BeneficiaryDto>;
  /** A second person (not the proposer) puts the pending change in force. */
  approveChange(id: string, changeId: string): Promise<BeneficiaryDto>;
  rejectChange(id: string, changeId: string, reason: string): Promise<BeneficiaryDto>;
  archive(id: string): Promise<BeneficiaryDto>;
}

export function createBeneficiariesApi(http: HttpClient): BeneficiariesApi {
  return {
    list: (query, signal) => callEndpoint(http, 'listBeneficiaries', { query, signal }),
    get: (id, signal) => callEndpoint(http, 'getBeneficiary', { params: { id }, signal }),
    create: (body) => callEndpoint(http, 'createBeneficiary', { body }),
    update: (id, body) => callEndpoint(http, 'updateBeneficiary', { params: { id }, body }),
    approveChange: (id, changeId) =>
      callEndpoint(http, 'approveBeneficiaryChange', { params: { id, changeId }, body: {} }),
    rejectChange: (id, changeId, reason) =>
      callEndpoint(http, 'rejectBeneficiaryChange', {
        params: { id, changeId },
        body: { reason },
      }),
    archive: (id) => callEndpoint(http, 'archiveBeneficiary', { params: { id }, body: {} }),
  };
}
