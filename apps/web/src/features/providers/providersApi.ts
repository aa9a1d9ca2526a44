import type { Corridor, PayoutMethodType, PayoutProvider, ProviderField } from '@payouts/contracts';
import type { HttpClient } from '../../api/createHttpClient.js';

export interface ProvidersReply {
  country: string;
  currency: string;
  providers: PayoutProvider[];
  /** ISO 8601: when the BFF last read the orchestrator's metadata for this corridor. */
  fetched_at: string;
}

/** One (PSP, payout method type) of a corridor in the providers matrix. */
export interface MatrixCell {
  psp: string;
  payout_method_type: PayoutMethodType;
  status: 'enabled' | 'missing';
  /** Why a PSP known to the merchant is not listed (a guess from what is visible); null if enabled. */
  likely_cause: string | null;
  /** The PSP's fields; [] when missing. */
  fields: ProviderField[];
}

export interface MatrixCorridor {
  country: string;
  currency: string;
  /** ISO 8601: when the BFF last read this corridor's metadata. */
  fetched_at: string;
  cells: MatrixCell[];
}

/** `GET /api/providers/matrix`: every known PSP x type, per corridor. */
export interface ProviderMatrix {
  psps: { name: string; title: string }[];
  payout_method_types: PayoutMethodType[];
  corridors: MatrixCorridor[];
}

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
