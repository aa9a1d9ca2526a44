import type { SessionReply, SessionUser, SignInBody } from '@payouts/contracts';
import { isApiError } from '../../api/ApiError.js';
import type { HttpClient } from '../../api/createHttpClient.js';

export interface SessionApi {
  /** The signed-in user, or null without a (valid) session. */
  current(signal?: AbortSignal): Promise<SessionUser | null>;
  signIn(input: SignInBody): Promise<SessionUser>;
  signOut(): Promise<void>;
}

export function createSessionApi(http: HttpClient): SessionApi {
  return {
    async current(signal) {
      try {
        const reply = await http.request<SessionReply>({
          method: 'GET',
          path: '/session',
          signal,
        });
        return reply.user;
      } catch (error) {
        if (isApiError(error, 'unauthenticated')) return null;
        throw error;
      }
    },
    async signIn(input) {
      const reply = await http.request<SessionReply>({
        method: 'POST',
        path: '/session',
        body: input,
      });
      return reply.user;
    },
    async signOut() {
      await http.request<void>({ method: 'DELETE', path: '/session' });
    },
  };
}
