import { pathOf, ROUTES, type PathParams } from '@payouts/contracts';
// Types only: the schemas (zod) stay out of the SPA's bundles (decision 008).
import type { EndpointName, Endpoints, ReplyOf, RequestBodyOf } from '@payouts/contracts/endpoints';
import type { HttpClient, QueryParams } from './createHttpClient.js';

type Params<K extends EndpointName> = PathParams<Endpoints[K]['path']>;

/** The client's base URL is `/api` already. */
const clientPath = (path: string, params?: Readonly<Record<string, string>>): string =>
  pathOf(path, params).replace(/^\/api(?=\/)/, '');

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
    path: clientPath(route.path, input?.params),
    ...(input?.query ? { query: input.query } : {}),
    // A string body is a file: the one kind of body the API takes that is not JSON (a batch).
    ...(typeof input?.body === 'string'
      ? { text: { content: input.body, type: 'text/csv' } }
      : input?.body !== undefined
        ? { body: input.body }
        : {}),
    ...(input?.headers ? { headers: input.headers } : {}),
    signal: input?.signal,
  });
}

/**
 * Where endpoint `name` answers, for a link or a frame rather than a fetch (a CSV download, the
 * fingerprint page): its path with the parameters filled in, and the query.
 */
export function endpointUrl<K extends EndpointName>(
  http: HttpClient,
  name: K,
  ...[input]: keyof Params<K> extends never
    ? [{ query?: QueryParams }?]
    : [{ params: Params<K>; query?: QueryParams }]
): string {
  const params = (input as { params?: Record<string, string> } | undefined)?.params;
  return http.url(clientPath(ROUTES[name].path, params), input?.query);
}
