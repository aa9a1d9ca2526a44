import type { AuditPage } from '@payouts/contracts';
import { callEndpoint } from '../../api/callEndpoint.js';
import type { HttpClient, QueryParams } from '../../api/createHttpClient.js';

export interface AuditApi {
  /** `query`: who, what, from, to (ISO instants, `to` exclusive), cursor, limit. */
  list(query: QueryParams, signal?: AbortSignal): Promise<AuditPage>;
}

export function createAuditApi(http: HttpClient): AuditApi {
  return { list: (query, signal) => callEndpoint(http, 'listAudit', { query, signal }) };
}
