import { ApiError, apiErrorFromResponse, isApiError } from './ApiError.js';

export type QueryParams = Readonly<Record<string, string | undefined>>;

export interface HttpRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  query?: QueryParams;
  body?: unknown;
  /** A body sent as it is (a CSV file) with its media type, instead of JSON `body`. */
  text?: { content: string; type: string };
  headers?: Readonly<Record<string, string>>;
  signal?: AbortSignal | undefined;
}

/** The one way the SPA speaks HTTP: JSON in and out, every failure an `ApiError`. */
export interface HttpClient {
  request<T>(request: HttpRequest): Promise<T>;
  /** The URL of an API path, for links (CSV downloads). */
  url(path: string, query?: QueryParams): string;
}

export interface HttpClientOptions {
  /** Where the API lives; the BFF serves it on the SPA's own origin. */
  baseUrl?: string;
  fetch: typeof globalThis.fetch;
  /**
   * Asked when a call answers 403 `step_up_required`: resolves once the user confirmed it is
   * them (the request is then sent again, once, exactly as it was: same body, same
   * Idempotency-Key), rejects when they cancel (the call fails with the original problem).
   */
  onStepUp?: (problem: ApiError) => Promise<void>;
}

function toQueryString(query: QueryParams | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, value);
  }
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

export function createHttpClient({
  baseUrl = '/api',
  fetch,
  onStepUp,
}: HttpClientOptions): HttpClient {
  const url = (path: string, query?: QueryParams): string =>
    `${baseUrl}${path}${toQueryString(query)}`;

  const send = async <T>({
    method,
    path,
    query,
    body,
    text,
    headers,
    signal,
  }: HttpRequest): Promise<T> => {
    let response: Response;
    try {
      response = await fetch(url(path, query), {
        method,
        credentials: 'same-origin',
        headers: {
          Accept: 'application/json, application/problem+json',
          // The BFF's CSRF guard accepts it from clients that send no Origin (docs/decisions/004).
          'X-Requested-With': 'fetch',
          ...(text !== undefined
            ? { 'Content-Type': text.type }
            : body === undefined
              ? {}
              : { 'Content-Type': 'application/json' }),
          ...headers,
        },
        body: text !== undefined ? text.content : body === undefined ? null : JSON.stringify(body),
        signal: signal ?? null,
      });
    } catch (cause) {
      if (signal?.aborted) throw cause;
      throw new ApiError(
        'network_error',
        'The server could not be reached. Check your connection and try again.',
        { status: 0, cause },
      );
    }
    if (!response.ok) throw await apiErrorFromResponse(response);
    if (response.status === 204) return undefined as T;
    try {
      return (await response.json()) as T;
    } catch (cause) {
      throw new ApiError('unexpected_response', 'The server sent an answer we could not read.', {
        status: response.status,
        cause,
      });
    }
  };

  return {
    url,
    async request<T>(request: HttpRequest): Promise<T> {
      try {
        return await send<T>(request);
      } catch (error) {
        if (!onStepUp || !isApiError(error, 'step_up_required')) throw error;
        await onStepUp(error).catch(() => {
          throw error;
        });
        return send<T>(request);
      }
    },
  };
}
