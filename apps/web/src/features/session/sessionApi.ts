import type { SessionReply, SignInBody } from '@payouts/contracts';
import { isApiError } from '../../api/ApiError.js';
import type { HttpClient } from '../../api/createHttpClient.js';

export interface SessionApi {
  /** The signed-in user and what their session may do, or null without a (valid) session. */
  current(signal?: AbortSignal): Promise<SessionReply | null>;
  signIn(input: SignInBody): Promise<SessionReply>;
  signOut(): Promise<void>;
}

export function createSessionApi(http: HttpClient): SessionApi {
  return {
    async current(signal) {
      try {
        return await http.request<SessionReply>({ method: 'GET', path: '/session', signal });
      } catch (error) {
        if (isApiError(error, 'unauthenticated')) return null;
        throw error;
      }
    },
    signIn(input) {
      return http.request<SessionReply>({ method: 'POST', path: '/session', body: input });
    },
    async signOut() {
      await http.request<void>({ method: 'DELETE', path: '/session' });
    },
  };
}
