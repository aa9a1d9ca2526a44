import type { Corridor, CorridorsReply, ProviderMatrix, ProvidersReply } from '@payouts/contracts';
import type { HttpClient } from '../../api/createHttpClient.js';

export interface ProvidersApi {
  /** Corridors x known PSPs x types, each cell enabled or missing with its likely cause. */
  matrix(options?: {
    refresh?: boolean;
    signal?: AbortSignal | undefined;
  }): Promise<ProviderMatrix>;
  /** The merchant's corridors (country + currency pairs). */
  corridors(signal?: AbortSignal): Promise<Corridor[]>;
  /** The PSPs (per payout method type) enabled for one corridor. */
  providers(
    corridor: Corridor,
    options?: { refresh?: boolean; signal?: AbortSignal | undefined },
  ): Promise<ProvidersReply>;
}

export function createProvidersApi(http: HttpClient): ProvidersApi {
  return {
    matrix(options = {}) {
      return http.request<ProviderMatrix>({
        method: 'GET',
        path: '/providers/matrix',
        query: { refresh: options.refresh ? '1' : undefined },
        signal: options.signal,
      });
    },
    async corridors(signal) {
      const reply = await http.request<CorridorsReply>({
        method: 'GET',
        path: '/corridors',
        signal,
      });
      return reply.corridors;
    },
    providers(corridor, options = {}) {
      return http.request<ProvidersReply>({
        method: 'GET',
        path: '/providers',
        query: {
          country: corridor.country,
          currency: corridor.currency,
          refresh: options.refresh ? '1' : undefined,
        },
        signal: options.signal,
      });
    },
  };
}
