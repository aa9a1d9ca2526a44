import type {
  CreatePayoutViewBody,
  PayoutViewDto,
  PayoutViewListDto,
  UpdatePayoutViewBody,
} from '@payouts/contracts';
import { callEndpoint } from '../../api/callEndpoint.js';
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
  return {
    list: (signal) => callEndpoint(http, 'listPayoutViews', { signal }),
    create: (body) => callEndpoint(http, 'createPayoutView', { body }),
    update: (id, body) => callEndpoint(http, 'updatePayoutView', { params: { id }, body }),
    remove: (id) => callEndpoint(http, 'deletePayoutView', { params: { id } }),
    setDefault: async (viewId) => {
      await callEndpoint(http, 'setDefaultPayoutView', { body: { view_id: viewId } });
    },
  };
}
