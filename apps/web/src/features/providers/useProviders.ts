import { skipToken, useQuery } from '@tanstack/react-query';
import type { Corridor } from '@payouts/contracts';
import { useApi } from '../../api/ApiContext.js';
import { withPatternEngine } from '../../forms/withPatternEngine.js';

/** The PSPs enabled for a corridor (per payout method type), as the BFF last read them. */
export function useProviders(corridor: Corridor | null) {
  const api = useApi();
  return useQuery({
    queryKey: ['providers', corridor?.country, corridor?.currency],
    // Built into forms whose PSP patterns RE2 matches: RE2 is fetched alongside.
    queryFn: corridor
      ? ({ signal }) => withPatternEngine(api.providers.providers(corridor, { signal }))
      : skipToken,
    staleTime: 5 * 60 * 1000,
  });
}
