import type {
  ApprovalDecisionsBody,
  ApprovalDecisionsDto,
  ApprovalInboxDto,
} from '@payouts/contracts';
import { callEndpoint } from '../../api/callEndpoint.js';
import type { HttpClient } from '../../api/createHttpClient.js';

export interface ApprovalsApi {
  /** What waits for approval, oldest first, each saying whether I may decide on it. */
  list(query: { cursor?: string; limit?: number }, signal?: AbortSignal): Promise<ApprovalInboxDto>;
  /** Approves or rejects several payouts; one result per payout, in the order given. */
  decide(body: ApprovalDecisionsBody): Promise<ApprovalDecisionsDto>;
}

export function createApprovalsApi(http: HttpClient): ApprovalsApi {
  return {
    list: (query, signal) =>
      callEndpoint(http, 'listApprovals', {
        query: {
          cursor: query.cursor,
          limit: query.limit === undefined ? undefined : String(query.limit),
        },
        signal,
      }),
    decide: (body) => callEndpoint(http, 'decideApprovals', { body }),
  };
}
