import type { EndedSessionsDto, StaffSessionDto, StaffSessionsDto } from '@payouts/contracts';
import type { HttpClient } from '../../api/createHttpClient.js';

/**
 * Signed-in sessions (issue 14): one's own (`/api/me/sessions`, everyone) and any user's
 * (`/api/users/:id/sessions`, admins).
 */
export interface StaffSessionsApi {
  /** One's own sessions, newest activity first; `current` marks this one. */
  listMine(signal?: AbortSignal): Promise<StaffSessionDto[]>;
  /** Ends one of one's own sessions other than the current one (409 for the current one). */
  endMine(id: string): Promise<void>;
  /** Ends every one of one's own sessions but the current one. */
  endOthers(): Promise<EndedSessionsDto>;
  listForUser(userId: string, signal?: AbortSignal): Promise<StaffSessionDto[]>;
  endForUser(userId: string, sessionId: string): Promise<void>;
  /** Ends all of a user's sessions (the admin's own current session is kept). */
  endAllForUser(userId: string): Promise<EndedSessionsDto>;
}

export function createStaffSessionsApi(http: HttpClient): StaffSessionsApi {
  const userPath = (userId: string) => `/users/${encodeURIComponent(userId)}/sessions`;
  return {
    async listMine(signal) {
      const reply = await http.request<StaffSessionsDto>({
        method: 'GET',
        path: '/me/sessions',
        signal,
      });
      return reply.items;
    },
    endMine(id) {
      return http.request<void>({
        method: 'DELETE',
        path: `/me/sessions/${encodeURIComponent(id)}`,
      });
    },
    endOthers() {
      return http.request<EndedSessionsDto>({
        method: 'POST',
        path: '/me/sessions/end-others',
        body: {},
      });
    },
    async listForUser(userId, signal) {
      const reply = await http.request<StaffSessionsDto>({
        method: 'GET',
        path: userPath(userId),
        signal,
      });
      return reply.items;
    },
    endForUser(userId, sessionId) {
      return http.request<void>({
        method: 'DELETE',
        path: `${userPath(userId)}/${encodeURIComponent(sessionId)}`,
      });
    },
    endAllForUser(userId) {
      return http.request<EndedSessionsDto>({
        method: 'POST',
        path: `${userPath(userId)}/end-all`,
        body: {},
      });
    },
  };
}
