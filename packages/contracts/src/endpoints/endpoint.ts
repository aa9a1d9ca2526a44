import type { z } from 'zod';
import type { PathParams, Route } from './route.js';

/**
 * What a 2xx reply is: JSON described by a schema (the conformance check holds real replies to
 * it), a CSV file, an HTML page, a redirect or no body. `also`: other 2xx statuses with the same
 * body (a create whose outcome is unknown answers 202).
 */
export type Reply =
  | { status: number; json: z.ZodType; also?: readonly number[] }
  | { status: number; kind: 'csv' | 'html' | 'redirect' | 'empty' };

/** An endpoint: its route, what it is, and the schemas of what it takes and gives. */
export interface Endpoint extends Route {
  /** One line for the OpenAPI document (and its rendering). */
  summary: string;
  /** The OpenAPI document's section. */
  tag: string;
  /**
   * The path's parameters, when they have a shape (a UUID, a row number): one that does not fit
   * names nothing, so it is a 404 with the schema's message.
   */
  params?: z.ZodObject;
  /** The query it parses (strict: an unknown parameter is refused). */
  query?: z.ZodObject;
  /** The JSON body it parses; `csv`: the body is a CSV file, handed over as read (bytes). */
  body?: z.ZodType | 'csv';
  /**
   * `body` documents what every valid body has in common, and the handler checks the body
   * itself against a form built at run time (a corridor's PSP form): it receives it unparsed.
   */
  handlerChecksBody?: true;
  reply: Reply;
}

/** The schema half of an endpoint, attached to its zod-free route. */
export type EndpointSchemas = Pick<
  Endpoint,
  'summary' | 'tag' | 'params' | 'query' | 'body' | 'handlerChecksBody' | 'reply'
>;

export function endpoint<const R extends Route, const S extends EndpointSchemas>(
  route: R,
  schemas: S,
): R & S {
  return { ...route, ...schemas };
}

/** `json(schema)`: a 200 JSON reply; `json(schema, 201, [202])`: 201, or 202 with the same body. */
export function json<const S extends z.ZodType, const N extends number = 200>(
  schema: S,
  status?: N,
  also?: readonly number[],
): { status: N; json: S; also?: readonly number[] } {
  return { status: (status ?? 200) as N, json: schema, ...(also ? { also } : {}) };
}
export const empty = { status: 204, kind: 'empty' } as const;
export const csvFile = { status: 200, kind: 'csv' } as const;
export const htmlPage = { status: 200, kind: 'html' } as const;
export const redirect = { status: 302, kind: 'redirect' } as const;

/** What the handler of `E` receives, parsed. */
export type ParamsOf<E extends Route> = E extends { params: z.ZodType }
  ? z.output<E['params']>
  : PathParams<E['path']>;
export type QueryOf<E> = E extends { query: z.ZodType } ? z.output<E['query']> : undefined;
export type BodyOf<E> = E extends { body: 'csv' }
  ? unknown
  : E extends { handlerChecksBody: true }
    ? unknown
    : E extends { body: z.ZodType }
      ? z.output<E['body']>
      : undefined;
/** What the SPA sends: the body before parsing (defaults left out). */
export type RequestBodyOf<E> = E extends { body: 'csv' }
  ? string
  : E extends { body: z.ZodType }
    ? z.input<E['body']>
    : undefined;
export type RequestQueryOf<E> = E extends { query: z.ZodType } ? z.input<E['query']> : undefined;
/** The reply's JSON body, or void for a reply without one. */
export type ReplyOf<E> = E extends { reply: { json: z.ZodType } }
  ? z.output<E['reply']['json']>
  : void;
