import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../api/ApiContext.js';
import { withPatternEngine } from '../../forms/withPatternEngine.js';

export const PROVIDER_MATRIX_KEY = ['providers', 'matrix'] as const;

/** The matrix as the BFF cached it, and a refresh that makes it read the orchestrator again. */
export function useProviderMatrix() {
  const api = useApi();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: PROVIDER_MATRIX_KEY,
    // Previewed as forms whose PSP patterns RE2 matches: RE2 is fetched alongside.
    queryFn: ({ signal }) => withPatternEngine(api.providers.matrix({ signal })),
    staleTime: 5 * 60 * 1000,
  });
  const refresh = useMutation({
    mutationFn: () => withPatternEngine(api.providers.matrix({ refresh: true })),
    onSuccess: (matrix) => queryClient.setQueryData(PROVIDER_MATRIX_KEY, matrix),
  });
  return { query, refresh };
}
