import { skipToken, useQuery } from '@tanstack/react-query';
import type { Corridor } from '@payouts/contracts';
import { useApi } from '../../api/ApiContext.js';

/** The PSPs enabled for a corridor (per payout method type), as the BFF last read them. */
export function useProviders(corridor: Corridor | null) {
  const api = useApi();
  return useQuery({
    queryKey: ['providers', corridor?.country, corridor?.currency],
    queryFn: corridor ? ({ signal }) => api.providers.providers(corridor, { signal }) : skipToken,
    staleTime: 5 * 60 * 1000,
  });
}
