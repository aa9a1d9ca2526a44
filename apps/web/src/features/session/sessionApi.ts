import type {
  AcceptInvitationBody,
  DemoMailboxDto,
  InvitationLookup,
  SessionReply,
  SignInBody,
} from '@payouts/contracts';
import { isApiError } from '../../api/ApiError.js';
import { callEndpoint } from '../../api/callEndpoint.js';
import type { HttpClient } from '../../api/createHttpClient.js';

export interface SessionApi {
  /** The signed-in user and what their session may do, or null without a (valid) session. */
  current(signal?: AbortSignal): Promise<SessionReply | null>;
  signIn(input: SignInBody): Promise<SessionReply>;
  signOut(): Promise<void>;
  /** Whose invitation a link's token is (410 `invitation_invalid` once it no longer works). */
  lookupInvitation(token: string, signal?: AbortSignal): Promise<InvitationLookup>;
  /** Sets the invited person's own password; they sign in with it next. */
  acceptInvitation(body: AcceptInvitationBody): Promise<InvitationLookup>;
  /** A forgotten password: the account at `email`, if any, is e-mailed a link (same answer either way). */
  requestPasswordReset(email: string): Promise<void>;
  /** What the demo e-mailed (demo mode without SMTP only; 404 elsewhere). */
  demoMailbox(signal?: AbortSignal): Promise<DemoMailboxDto>;
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
    lookupInvitation: (token, signal) =>
      callEndpoint(http, 'lookupInvitation', { body: { token }, signal }),
    acceptInvitation: (body) => callEndpoint(http, 'acceptInvitation', { body }),
    requestPasswordReset: async (email) => {
      await callEndpoint(http, 'requestPasswordReset', { body: { email } });
    },
    demoMailbox: (signal) => callEndpoint(http, 'demoMailbox', { signal }),
  };
}
