import type { AuditPage } from '@payouts/contracts';
import { callEndpoint, endpointUrl } from '../../api/callEndpoint.js';
import type { HttpClient, QueryParams } from '../../api/createHttpClient.js';

export interface AuditApi {
  /** `query`: who, what, from, to (ISO instants, `to` exclusive), cursor, limit. */
  list(query: QueryParams, signal?: AbortSignal): Promise<AuditPage>;
  /** Where the CSV of every entry the filters select downloads from (no cursor, no limit). */
  exportUrl(query: QueryParams): string;
}

export function createAuditApi(http: HttpClient): AuditApi {
  return {
    list: (query, signal) => callEndpoint(http, 'listAudit', { query, signal }),
    exportUrl: (query) => endpointUrl(http, 'exportAudit', { query }),
  };
}
