import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from '../api/ApiError.js';
import { SESSION_QUERY_KEY } from '../features/session/sessionQueryKey.js';

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: { ownsUnauthenticated?: boolean };
  }
}

/** Errors worth asking again for: the server or the network, not the request itself. */
function isTransient(error: unknown): boolean {
  return (
    isApiError(error) &&
    ['network_error', 'orchestrator_unavailable', 'orchestrator_timeout', 'internal'].includes(
      error.code,
    )
  );
}

export interface AppQueryClientOptions {
  /** Tests turn retries off so an error shows at once. */
  retry?: boolean;
}

/**
 * The query client with the app's one rule for expired sessions: a 401 from any call marks the
 * session as gone, and the session gate sends the user to sign in (and back afterwards). A 403
 * `second_factor_required` asks for the session again, and the gate asks for the factor.
 */
export function createAppQueryClient({ retry = true }: AppQueryClientOptions = {}): QueryClient {
  const expireSession = (error: unknown): void => {
    if (isApiError(error, 'unauthenticated')) client.setQueryData(SESSION_QUERY_KEY, null);
    // The session must verify or enrol a factor first: asking it again shows the gate.
    if (isApiError(error, 'second_factor_required')) {
      void client.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
    }
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (query.queryKey[0] !== SESSION_QUERY_KEY[0]) expireSession(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (!mutation.meta?.ownsUnauthenticated) expireSession(error);
      },
    }),
    defaultOptions: {
      queries: {
        retry: (failures, error) => retry && isTransient(error) && failures < 2,
        staleTime: 5_000,
        refetchOnWindowFocus: true,
      },
      mutations: { retry: false },
    },
  });
  return client;
}
