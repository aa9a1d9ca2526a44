import type { SessionSecurityDto, SessionUser, SignInBody } from '@payouts/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../api/ApiContext.js';
import { SESSION_QUERY_KEY } from './sessionQueryKey.js';

/**
 * The signed-in user: undefined while it is being asked, null when signed out; and their
 * session's second-factor state (the query holds the whole `SessionReply`).
 */
export function useSession(): {
  user: SessionUser | null | undefined;
  security: SessionSecurityDto | undefined;
  error: Error | null;
} {
  const api = useApi();
  const query = useQuery({
    queryKey: SESSION_QUERY_KEY,
    queryFn: ({ signal }) => api.session.current(signal),
    staleTime: Infinity,
    retry: false,
  });
  const { data } = query;
  return { user: data && data.user, security: data?.security, error: query.error };
}

export function useSignIn() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SignInBody) => api.session.signIn(input),
    // A wrong password is a 401 too; it must not be taken for an expired session.
    meta: { ownsUnauthenticated: true },
    onSuccess: (reply) => {
      // Whatever was cached belonged to the previous session.
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== SESSION_QUERY_KEY[0] });
      queryClient.setQueryData(SESSION_QUERY_KEY, reply);
    },
  });
}

export function useSignOut() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.session.signOut(),
    onSettled: () => {
      // Nothing of this user's data stays in memory. The session query itself is kept (and set
      // to null) so the session gate sees the change and sends the page to sign in.
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== SESSION_QUERY_KEY[0] });
      queryClient.setQueryData(SESSION_QUERY_KEY, null);
    },
  });
}
