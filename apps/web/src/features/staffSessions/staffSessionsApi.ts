import type { EndedSessionsDto, StaffSessionsDto } from '@payouts/contracts';
import { callEndpoint } from '../../api/callEndpoint.js';
import type { HttpClient } from '../../api/createHttpClient.js';

/**
 * Signed-in sessions. Without a `userId`, one's own (`/api/me/sessions`, everyone); with one,
 * that user's (`/api/users/:id/sessions`, admins). Three methods for the six routes: every API
 * object is in the entry bundle, and the list page's is on a budget.
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
  return {
    list: (userId, signal) =>
      userId === undefined
        ? callEndpoint(http, 'listMySessions', { signal })
        : callEndpoint(http, 'listUserSessions', { params: { id: userId }, signal }),
    end: (userId, sessionId) =>
      userId === undefined
        ? callEndpoint(http, 'endMySession', { params: { id: sessionId } })
        : callEndpoint(http, 'endUserSession', { params: { id: userId, sessionId } }),
    endAll: (userId) =>
      userId === undefined
        ? callEndpoint(http, 'endMyOtherSessions', { body: {} })
        : callEndpoint(http, 'endUserSessions', { params: { id: userId }, body: {} }),
  };
}
