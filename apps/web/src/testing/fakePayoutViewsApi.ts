import {
  PAYOUT_VIEWS_MAX_PER_USER,
  type CreatePayoutViewBody,
  type PayoutViewDto,
  type SessionUser,
  type UpdatePayoutViewBody,
} from '@payouts/contracts';
import { ApiError } from '../api/ApiError.js';
import type { PayoutViewsApi } from '../features/payoutViews/payoutViewsApi.js';

export interface FakePayoutViewsOptions {
  /** Saved views (anyone's): the fake answers each viewer with their own and the shared ones. */
  payoutViews?: PayoutViewDto[];
  /** The signed-in user's default view. */
  defaultPayoutViewId?: string | null;
  /** Replaces the fake's create (e.g. to fail). */
  createPayoutView?: (body: CreatePayoutViewBody) => Promise<PayoutViewDto>;
}

export interface FakePayoutViewsCalls {
  listPayoutViews: number;
  createPayoutView: CreatePayoutViewBody[];
  updatePayoutView: { id: string; body: UpdatePayoutViewBody }[];
  removePayoutView: string[];
  setDefaultPayoutView: (string | null)[];
}

export function emptyPayoutViewsCalls(): FakePayoutViewsCalls {
  return {
    listPayoutViews: 0,
    createPayoutView: [],
    updatePayoutView: [],
    removePayoutView: [],
    setDefaultPayoutView: [],
  };
}

const AT = '2026-11-25T10:00:00.000Z';

function problem(
  code: 'conflict' | 'validation_failed' | 'not_found' | 'forbidden',
  detail: string,
) {
  const status = { conflict: 409, validation_failed: 422, not_found: 404, forbidden: 403 }[code];
  return new ApiError(code, detail, { status, requestId: 'req_test' });
}

/** The saved-views routes as the BFF answers them, in memory. */
export function createFakePayoutViewsApi(
  options: FakePayoutViewsOptions,
  calls: FakePayoutViewsCalls,
  currentUser: () => SessionUser | null,
): PayoutViewsApi {
  let views = [...(options.payoutViews ?? [])];
  let defaultId = options.defaultPayoutViewId ?? null;
  let sequence = 0;
  const me = (): SessionUser => {
    const user = currentUser();
    if (!user) throw new ApiError('unauthenticated', 'Sign in.', { status: 401 });
    return user;
  };
  const visible = (): PayoutViewDto[] => {
    const user = me();
    return views
      .filter((v) => v.owner.id === user.id || v.shared)
      .map((v) => ({ ...v, mine: v.owner.id === user.id, is_default: v.id === defaultId }))
      .sort((a, b) => a.name.localeCompare(b.name));
  };
  const own = (id: string): PayoutViewDto => {
    const view = views.find((v) => v.id === id);
    if (!view || (view.owner.id !== me().id && !view.shared)) {
      throw problem('not_found', 'No such view.');
    }
    if (view.owner.id !== me().id) throw problem('forbidden', 'Only its owner may change it.');
    return view;
  };
  const nameTaken = (name: string, except?: string): boolean =>
    views.some(
      (v) =>
        v.owner.id === me().id &&
        v.id !== except &&
        v.name.toLowerCase() === name.trim().toLowerCase(),
    );
  /** Runs `fn` as the BFF would answer: a thrown problem becomes a rejection. */
  const answer = <T>(fn: () => T): Promise<T> => Promise.resolve().then(fn);
  const find = (id: string): PayoutViewDto => visible().find((v) => v.id === id)!;

  return {
    list: () => {
      calls.listPayoutViews += 1;
      return answer(() => ({ items: visible(), default_view_id: defaultId }));
    },
    create: async (body) => {
      calls.createPayoutView.push(body);
      if (options.createPayoutView) return options.createPayoutView(body);
      const user = me();
      if (body.shared && user.role !== 'admin') throw problem('forbidden', 'Admins only.');
      if (nameTaken(body.name)) throw problem('conflict', 'You already have a view of that name.');
      if (views.filter((v) => v.owner.id === user.id).length >= PAYOUT_VIEWS_MAX_PER_USER) {
        throw problem(
          'validation_failed',
          `You have ${PAYOUT_VIEWS_MAX_PER_USER} views, the most allowed: delete one first.`,
        );
      }
      sequence += 1;
      const view: PayoutViewDto = {
        id: `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
        name: body.name.trim(),
        state: body.state,
        shared: body.shared ?? false,
        owner: { id: user.id, name: user.name, email: user.email },
        mine: true,
        is_default: false,
        created_at: AT,
        updated_at: AT,
      };
      views.push(view);
      return find(view.id);
    },
    update: (id, body) => {
      calls.updatePayoutView.push({ id, body });
      return answer(() => {
        const view = own(id);
        if (body.name !== undefined && nameTaken(body.name, id)) {
          throw problem('conflict', 'You already have a view of that name.');
        }
        views = views.map((v) =>
          v.id === id
            ? {
                ...view,
                ...(body.name !== undefined ? { name: body.name.trim() } : {}),
                ...(body.state !== undefined ? { state: body.state } : {}),
                ...(body.shared !== undefined ? { shared: body.shared } : {}),
              }
            : v,
        );
        return find(id);
      });
    },
    remove: (id) => {
      calls.removePayoutView.push(id);
      return answer(() => {
        own(id);
        views = views.filter((v) => v.id !== id);
        if (defaultId === id) defaultId = null;
      });
    },
    setDefault: (viewId) => {
      calls.setDefaultPayoutView.push(viewId);
      return answer(() => {
        if (viewId !== null && !visible().some((v) => v.id === viewId)) {
          throw problem('not_found', 'No such view.');
        }
        defaultId = viewId;
      });
    },
  };
}
