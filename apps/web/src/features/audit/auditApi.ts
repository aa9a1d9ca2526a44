import type { HttpClient, QueryParams } from '../../api/createHttpClient.js';

/** One audit log entry (apps/bff/src/features/audit/auditService.ts `AuditItem`). */
export interface AuditItem {
  id: string;
  at: string;
  actor: { id: string; email: string } | null;
  /** `session.sign_in`, `payout.create`, `user.updated`, `lab.deposit`, ... */
  action: string;
  target: { type: string; id: string } | null;
  /** Never a secret, a password or card data. */
  data: Record<string, unknown>;
  ip: string | null;
  request_id: string | null;
}

export interface AuditPage {
  items: AuditItem[];
  next_cursor: string | null;
}

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
