import type { Corridor, PayoutProvider, PayoutRequest } from '@payouts/contracts';
import { ApiError, type ApiErrorCode } from '../api/ApiError.js';
import type { Api } from '../api/createApi.js';
import type { QueryParams } from '../api/createHttpClient.js';
import type { Payout, PayoutDetail, PayoutPage } from '../features/payouts/payoutsApi.js';
import type { ProvidersReply } from '../features/providers/providersApi.js';
import type { SessionUser, SignInInput } from '../features/session/sessionApi.js';
import { buildPayout } from './buildPayout.js';

export const FINANCE_USER: SessionUser = {
  id: 'u_1',
  email: 'fin@example.com',
  name: 'Fiona Finance',
  role: 'finance',
};
export const SUPPORT_USER: SessionUser = {
  id: 'u_2',
  email: 'sup@example.com',
  name: 'Sam Support',
  role: 'support',
};

export function apiError(
  code: ApiErrorCode,
  message = 'Refused.',
  extra: {
    status?: number;
    errors?: { pointer: string; message: string }[];
    retryAfterSeconds?: number;
  } = {},
): ApiError {
  return new ApiError(code, message, {
    status: extra.status ?? 422,
    errors: extra.errors ?? [],
    retryAfterSeconds: extra.retryAfterSeconds,
    requestId: 'req_test',
  });
}

export interface FakeApiOptions {
  user?: SessionUser | null;
  password?: string;
  signIn?: (input: SignInInput) => Promise<SessionUser>;
  corridors?: Corridor[];
  /** Providers per `COUNTRY/CURRENCY`. */
  providers?: Record<string, PayoutProvider[]>;
  list?: (query: QueryParams) => Promise<PayoutPage>;
  get?: (id: string) => Promise<PayoutDetail>;
  checkStatus?: (id: string) => Promise<Payout>;
  create?: (body: PayoutRequest, key: string) => Promise<Payout>;
}

export interface FakeApiCalls {
  list: QueryParams[];
  get: string[];
  checkStatus: string[];
  create: { body: PayoutRequest; key: string }[];
  providers: { corridor: Corridor; refresh: boolean }[];
  signIn: SignInInput[];
  signOut: number;
}

/** An in-memory `Api` that records what it was asked; anything not given answers plausibly. */
export function createFakeApi(options: FakeApiOptions = {}): { api: Api; calls: FakeApiCalls } {
  const calls: FakeApiCalls = {
    list: [],
    get: [],
    checkStatus: [],
    create: [],
    providers: [],
    signIn: [],
    signOut: 0,
  };
  let user = options.user === undefined ? FINANCE_USER : options.user;
  const created = new Map<string, Payout>();

  const api: Api = {
    session: {
      current: () => Promise.resolve(user),
      signIn: async (input) => {
        calls.signIn.push(input);
        if (options.signIn) {
          user = await options.signIn(input);
          return user;
        }
        if (input.password !== (options.password ?? 'correct horse')) {
          throw apiError('unauthenticated', 'Email or password is incorrect.', { status: 401 });
        }
        user = FINANCE_USER;
        return user;
      },
      signOut: () => {
        calls.signOut += 1;
        user = null;
        return Promise.resolve();
      },
    },
    providers: {
      corridors: () => Promise.resolve(options.corridors ?? [{ country: 'BE', currency: 'EUR' }]),
      providers: (corridor, { refresh = false } = {}) => {
        calls.providers.push({ corridor, refresh });
        const reply: ProvidersReply = {
          country: corridor.country,
          currency: corridor.currency,
          providers: options.providers?.[`${corridor.country}/${corridor.currency}`] ?? [],
          fetched_at: '2026-11-20T09:00:00.000Z',
        };
        return Promise.resolve(reply);
      },
    },
    payouts: {
      list: (query) => {
        calls.list.push(query);
        return options.list
          ? options.list(query)
          : Promise.resolve({ items: [], next_cursor: null });
      },
      get: (id) => {
        calls.get.push(id);
        if (options.get) return options.get(id);
        const payout = created.get(id);
        return payout
          ? Promise.resolve({ payout, events: [] })
          : Promise.reject(apiError('not_found', 'No such payout.', { status: 404 }));
      },
      checkStatus: (id) => {
        calls.checkStatus.push(id);
        return options.checkStatus
          ? options.checkStatus(id)
          : Promise.reject(apiError('not_found', 'No such payout.', { status: 404 }));
      },
      create: async (body, key) => {
        calls.create.push({ body, key });
        const payout = options.create
          ? await options.create(body, key)
          : buildPayout({ order_id: body.order_id, amount: body.amount, status: 'pending' });
        created.set(payout.id, payout);
        return payout;
      },
      exportUrl: (query) =>
        `/api/payouts/export.csv?${new URLSearchParams(
          Object.entries(query).filter((e): e is [string, string] => e[1] !== undefined),
        ).toString()}`,
    },
  };
  return { api, calls };
}
