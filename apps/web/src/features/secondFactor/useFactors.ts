import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../api/ApiContext.js';
import { SESSION_QUERY_KEY } from '../session/sessionQueryKey.js';

export const FACTORS_KEY = ['factors'] as const;

/** One's own second factors, and removing one or renewing the recovery codes. */
export function useFactors() {
  const api = useApi();
  const queryClient = useQueryClient();
  // The session's `methods` and `step_up` follow the factors.
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: FACTORS_KEY }),
      queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY }),
    ]);
  const factors = useQuery({
    queryKey: FACTORS_KEY,
    queryFn: async ({ signal }) => (await api.security()).factors(signal),
  });
  const remove = useMutation({
    mutationFn: async (id: string) => (await api.security()).removeFactor(id),
    onSettled: refresh,
  });
  const renewCodes = useMutation({
    mutationFn: async () => (await api.security()).newRecoveryCodes(),
    onSettled: refresh,
  });
  return { factors, remove, renewCodes, refresh };
}
