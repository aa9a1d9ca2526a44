import { createPayoutsApi, type PayoutsApi } from '../features/payouts/payoutsApi.js';
import { createProvidersApi, type ProvidersApi } from '../features/providers/providersApi.js';
import { createSessionApi, type SessionApi } from '../features/session/sessionApi.js';
import type { HttpClient } from './createHttpClient.js';

/**
 * Everything the SPA asks the BFF, one object per feature. Components reach it through
 * `useApi()`, so tests hand in a fake instead of a server.
 */
export interface Api {
  session: SessionApi;
  payouts: PayoutsApi;
  providers: ProvidersApi;
}

export function createApi(http: HttpClient): Api {
  return {
    session: createSessionApi(http),
    payouts: createPayoutsApi(http),
    providers: createProvidersApi(http),
  };
}
