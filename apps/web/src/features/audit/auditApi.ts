import type { AuditPage } from '@payouts/contracts';
import type { HttpClient, QueryParams } from '../../api/createHttpClient.js';

export interface AuditApi {
  /** `query`: who, what, from, to (ISO instants, `to` exclusive), cursor, limit. */
  list(query: QueryParams, signal?: AbortSignal): Promise<AuditPage>;
}

export function createAuditApi(http: HttpClient): AuditApi {
  return {
    list(query, signal) {
      return http.request<AuditPage>({ method: 'GET', path: '/audit', query, signal });
    },
  };
}
