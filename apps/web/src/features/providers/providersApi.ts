import type { Corridor, PayoutProvider } from '@payouts/contracts';
import type { HttpClient } from '../../api/createHttpClient.js';

export interface ProvidersReply {
  country: string;
  currency: string;
  providers: PayoutProvider[];
  /** ISO 8601: when the BFF last read the orchestrator's metadata for this corridor. */
  fetched_at: string;
}

export interface ProvidersApi {
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
    async corridors(signal) {
      const reply = await http.request<{ corridors: Corridor[] }>({
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
