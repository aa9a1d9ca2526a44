import type { EndedSessionsDto, StaffSessionsDto } from '@payouts/contracts';
import type { HttpClient } from '../../api/createHttpClient.js';

/**
 * Signed-in sessions (issue 14). Without a `userId`, one's own (`/api/me/sessions`, everyone);
 * with one, that user's (`/api/users/:id/sessions`, admins). Three methods for the six routes:
 * every API object is in the entry bundle, and the list page's is on a budget.
 */
export interface StaffSessionsApi {
  /** Newest activity first; `current` marks the session of this request. */
  list(userId: string | undefined, signal?: AbortSignal): Promise<StaffSessionsDto>;
  /** Ends one session (one's own current one is refused with 409: sign out instead). */
  end(userId: string | undefined, sessionId: string): Promise<void>;
  /**
   * One's own: every session but the current one (`end-others`). A user's: all of them
   * (`end-all`; the admin's own current session is kept).
   */
  endAll(userId: string | undefined): Promise<EndedSessionsDto>;
}

export function createStaffSessionsApi(http: HttpClient): StaffSessionsApi {
  const base = (userId: string | undefined) =>
    userId === undefined ? '/me/sessions' : `/users/${encodeURIComponent(userId)}/sessions`;
  return {
    list(userId, signal) {
      return http.request<StaffSessionsDto>({ method: 'GET', path: base(userId), signal });
    },
    end(userId, sessionId) {
      return http.request<void>({
        method: 'DELETE',
        path: `${base(userId)}/${encodeURIComponent(sessionId)}`,
      });
    },
    endAll(userId) {
      return http.request<EndedSessionsDto>({
        method: 'POST',
        path: `${base(userId)}/${userId === undefined ? 'end-others' : 'end-all'}`,
        body: {},
      });
    },
  };
}
