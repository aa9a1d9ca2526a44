import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/ApiContext.js';

/** The merchant's corridors; they change with its PSP set-up, so an hour-old list is fine. */
export function useCorridors() {
  const api = useApi();
  return useQuery({
    queryKey: ['corridors'],
    queryFn: ({ signal }) => api.providers.corridors(signal),
    staleTime: 60 * 60 * 1000,
  });
}
