import type { SessionReply, SignInBody } from '@payouts/contracts';
import { isApiError } from '../../api/ApiError.js';
import { callEndpoint } from '../../api/callEndpoint.js';
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
        return await callEndpoint(http, 'getSession', { signal });
      } catch (error) {
        if (isApiError(error, 'unauthenticated')) return null;
        throw error;
      }
    },
    signIn: (body) => callEndpoint(http, 'signIn', { body }),
    signOut: () => callEndpoint(http, 'signOut'),
  };
}
