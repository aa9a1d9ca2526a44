import type { Permission } from '../api/permissions.js';

/*
 * An endpoint's facts that need no schema: method, path, who may call it. zod-free and small,
 * so the SPA can import the route table as values (decision 008); the schemas of the same
 * endpoint live beside it in `<feature>.endpoints.ts`, keyed by the same name.
 */

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** `public`: no session needed; `signed-in`: any session; `token`: a secret in the path. */
export type Access = 'public' | 'signed-in' | 'token' | Permission;

export interface Route {
  method: HttpMethod;
  /** Express form, as mounted: `/api/payouts/:id`. */
  path: string;
  access: Access;
  /** The route requires an `Idempotency-Key` header. */
  idempotencyKey?: boolean;
}

/** `{ id: string }` for `/api/payouts/:id`: the path's parameters. */
export type PathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? { [K in Name]: string } & PathParams<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? { [K in Name]: string }
    : Record<never, never>;

/** The path with its parameters filled in, each encoded. */
export function pathOf(path: string, params: Readonly<Record<string, string>> = {}): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_m, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${path}: no value for :${name}`);
    return encodeURIComponent(value);
  });
}
