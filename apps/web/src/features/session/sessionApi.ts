import { isApiError } from '../../api/ApiError.js';
import type { HttpClient } from '../../api/createHttpClient.js';
import type { Role } from './roles.js';

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  role: Role;
}

export interface SignInInput {
  email: string;
  password: string;
}

export interface SessionApi {
  /** The signed-in user, or null without a (valid) session. */
  current(signal?: AbortSignal): Promise<SessionUser | null>;
  signIn(input: SignInInput): Promise<SessionUser>;
  signOut(): Promise<void>;
}

export function createSessionApi(http: HttpClient): SessionApi {
  return {
    async current(signal) {
      try {
        const reply = await http.request<{ user: SessionUser }>({
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
      const reply = await http.request<{ user: SessionUser }>({
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
