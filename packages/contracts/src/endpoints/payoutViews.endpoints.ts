import { z } from 'zod';
import {
  createPayoutViewBody,
  payoutViewState,
  setDefaultPayoutViewBody,
  updatePayoutViewBody,
} from '../api/payoutViewBodies.js';
import { instant, noQuery } from './common.js';
import { empty, endpoint, json } from './endpoint.js';
import { payoutViewRoutes as routes } from './payoutViews.routes.js';

export const payoutView = z
  .strictObject({
    id: z.string(),
    name: z.string(),
    state: payoutViewState,
    /** Shared with everyone by an admin (read-only to others). */
    shared: z.boolean(),
    owner: z.strictObject({ id: z.string(), name: z.string(), email: z.string() }),
    /** The viewer owns it: may rename, change, delete it. */
    mine: z.boolean(),
    /** The viewer's default: the list opens with it. */
    is_default: z.boolean(),
    created_at: instant,
    updated_at: instant,
  })
  .meta({ id: 'PayoutView' });

export const payoutViewList = z
  .strictObject({
    items: z.array(payoutView),
    /** The viewer's default view, if any. */
    default_view_id: z.string().nullable(),
  })
  .meta({ id: 'PayoutViewList' });

export const payoutViewEndpoints = {
  listPayoutViews: endpoint(routes.listPayoutViews, {
    summary: 'My saved views and the shared ones',
    tag: 'Payouts',
    query: noQuery,
    reply: json(payoutViewList),
  }),
  createPayoutView: endpoint(routes.createPayoutView, {
    summary: 'Save a view',
    tag: 'Payouts',
    body: createPayoutViewBody,
    reply: json(payoutView, 201),
  }),
  setDefaultPayoutView: endpoint(routes.setDefaultPayoutView, {
    summary: 'Set or clear my default view',
    tag: 'Payouts',
    body: setDefaultPayoutViewBody,
    reply: json(payoutViewList),
  }),
  updatePayoutView: endpoint(routes.updatePayoutView, {
    summary: 'Change a saved view',
    tag: 'Payouts',
    body: updatePayoutViewBody,
    reply: json(payoutView),
  }),
  deletePayoutView: endpoint(routes.deletePayoutView, {
    summary: 'Delete a saved view',
    tag: 'Payouts',
    reply: empty,
  }),
};
