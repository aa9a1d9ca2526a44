import type {
  CreatePayoutViewBody,
  PayoutViewDto,
  PayoutViewListDto,
  UpdatePayoutViewBody,
} from '@payouts/contracts';
import type { HttpClient } from '../../api/createHttpClient.js';

/** Saved views of the payouts list (`/api/payout-views`). */
export interface PayoutViewsApi {
  /** The viewer's own views and the shared ones, with the viewer's default. */
  list(signal?: AbortSignal): Promise<PayoutViewListDto>;
  /** 409 `conflict` for a name the viewer already uses; 422 past the limit of 20. */
  create(body: CreatePayoutViewBody): Promise<PayoutViewDto>;
  update(id: string, body: UpdatePayoutViewBody): Promise<PayoutViewDto>;
  remove(id: string): Promise<void>;
  /** null clears the default. */
  setDefault(viewId: string | null): Promise<void>;
}

export function createPayoutViewsApi(http: HttpClient): PayoutViewsApi {
  const path = (id: string): string => `/payout-views/${encodeURIComponent(id)}`;
  return {
    list: (signal) =>
      http.request<PayoutViewListDto>({ method: 'GET', path: '/payout-views', signal }),
    create: (body) => http.request<PayoutViewDto>({ method: 'POST', path: '/payout-views', body }),
    update: (id, body) => http.request<PayoutViewDto>({ method: 'PATCH', path: path(id), body }),
    remove: (id) => http.request<void>({ method: 'DELETE', path: path(id) }),
    setDefault: (viewId) =>
      http.request<void>({
        method: 'PUT',
        path: '/payout-views/default',
        body: { view_id: viewId },
      }),
  };
}
