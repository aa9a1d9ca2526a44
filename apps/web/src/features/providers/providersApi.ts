import type { Corridor, ProviderMatrix, ProvidersReply } from '@payouts/contracts';
import { callEndpoint } from '../../api/callEndpoint.js';
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
  const refresh = (on: boolean | undefined) => (on ? '1' : undefined);
  return {
    matrix: (options = {}) =>
      callEndpoint(http, 'getProviderMatrix', {
        query: { refresh: refresh(options.refresh) },
        signal: options.signal,
      }),
    corridors: async (signal) => (await callEndpoint(http, 'listCorridors', { signal })).corridors,
    providers: (corridor, options = {}) =>
      callEndpoint(http, 'getProviders', {
        query: {
          country: corridor.country,
          currency: corridor.currency,
          refresh: refresh(options.refresh),
        },
        signal: options.signal,
      }),
  };
}
