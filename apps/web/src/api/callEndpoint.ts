import { pathOf, ROUTES, type PathParams } from '@payouts/contracts';
// Types only: the schemas (zod) stay out of the SPA's bundles (decision 008).
import type { EndpointName, Endpoints, ReplyOf, RequestBodyOf } from '@payouts/contracts/endpoints';
import type { HttpClient, QueryParams } from './createHttpClient.js';

type Params<K extends EndpointName> = PathParams<Endpoints[K]['path']>;

/** What a call to endpoint `K` sends: its path's parameters and its body when it has them. */
export type CallInput<K extends EndpointName> = (keyof Params<K> extends never
  ? { params?: undefined }
  : { params: Params<K> }) &
  (Endpoints[K] extends { body: unknown }
    ? { body: RequestBodyOf<Endpoints[K]> }
    : { body?: undefined }) & {
    query?: QueryParams;
    headers?: Readonly<Record<string, string>>;
    signal?: AbortSignal | undefined;
  };

/**
 * Calls endpoint `name` as `@payouts/contracts` defines it: its method and path, its parameters
 * filled in, and the reply typed from its schema, so the SPA and the BFF cannot disagree.
 */
export function callEndpoint<K extends EndpointName>(
  http: HttpClient,
  name: K,
  ...[input]: Record<string, never> extends CallInput<K> ? [CallInput<K>?] : [CallInput<K>]
): Promise<ReplyOf<Endpoints[K]>> {
  const route = ROUTES[name];
  return http.request<ReplyOf<Endpoints[K]>>({
    method: route.method.toUpperCase() as Uppercase<typeof route.method>,
    // The client's base URL is `/api` already.
    path: pathOf(route.path, input?.params).replace(/^\/api(?=\/)/, ''),
    ...(input?.query ? { query: input.query } : {}),
    ...(input?.body !== undefined ? { body: input.body } : {}),
    ...(input?.headers ? { headers: input.headers } : {}),
    signal: input?.signal,
  });
}
