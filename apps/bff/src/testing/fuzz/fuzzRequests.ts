import fc from 'fast-check';
import {
  anyBadString,
  BAD_CONTENT_ENCODINGS,
  badPathParam,
  BROKEN_ESCAPES,
  encodeComponent,
  jsonText,
  malformedJson,
  nonObjectJson,
  unknownKey,
  WRONG_CONTENT_TYPES,
  wrongTypeValue,
} from './badInputs.js';
import type { RawRequest } from './rawRequest.js';
import type { FieldKind, FuzzRoute } from './routeTable.js';

/**
 * - `problem`: invalid by construction: a 4xx problem+json with a `code`, no orchestrator call.
 * - `no5xx`: odd but possibly well-formed (a hostile search term, an unknown id): any status
 *   below 500 (a 4xx still as problem+json); only the route's own orchestrator reads.
 * Neither may write a row.
 */
export type Expectation = 'problem' | 'no5xx';

export interface FuzzInput {
  kind: string;
  expect: Expectation;
  request: RawRequest;
  /** Replaces the session cookie (a garbage or hostile Cookie header). */
  cookie?: string;
}

/** An id no route has a resource for, in the shape the route expects. */
export const NO_SUCH_ID = '00000000-0000-4000-8000-0000000000ff';
export const NO_SUCH_DEPOSIT = 'fuzz-no-such-deposit';

interface Context {
  notificationToken: string;
  /** A payout awaiting approval (for routes with `awaitingPayout`). */
  awaitingPayoutId: string;
}

type Parts = {
  params?: Record<string, string>;
  query?: string;
  body?: string | Buffer;
  headers?: Record<string, string>;
};

// A well-formed staff session id that no session has.
const NO_SUCH_SESSION = '0'.repeat(32);

function pathOf(route: FuzzRoute, ctx: Context, params: Record<string, string> = {}): string {
  const id = route.awaitingPayout
    ? ctx.awaitingPayoutId
    : route.path.includes('/deposits/')
      ? NO_SUCH_DEPOSIT
      : NO_SUCH_ID;
  return route.path
    .replace(':token', params.token ?? ctx.notificationToken)
    .replace(':changeId', params.changeId ?? NO_SUCH_ID)
    .replace(':row', params.row ?? '1')
    .replace(':sessionId', params.sessionId ?? NO_SUCH_SESSION)
    .replace(':id', params.id ?? id);
}

function build(route: FuzzRoute, ctx: Context, parts: Parts): RawRequest {
  let path: string;
  if (route.path === '/api/*') path = `/api/${parts.params?.rest ?? 'nothing-here'}`;
  else if (route.path === '*') path = `/${parts.params?.rest ?? 'some/client/route'}`;
  else path = pathOf(route, ctx, parts.params);
  if (parts.query !== undefined) path += `?${parts.query}`;
  const headers: Record<string, string> = { ...parts.headers };
  if (route.idempotencyKey && !('Idempotency-Key' in headers)) {
    headers['Idempotency-Key'] = `fuzz-${Math.random().toString(36).slice(2)}-key`;
  }
  if (parts.body !== undefined && !('Content-Type' in headers) && !('x-no-type' in headers)) {
    headers['Content-Type'] = 'application/json';
  }
  delete headers['x-no-type'];
  return { method: route.method, path, headers, body: parts.body };
}

function baseBody(route: FuzzRoute): string | undefined {
  return route.body ? JSON.stringify(route.body.base) : undefined;
}

/**
 * The base body with `fields` (top-level names or dotted paths) set; a top-level
 * `__proto__` stays a data key, as a hostile client sends it.
 */
function withFields(
  base: Record<string, unknown>,
  fields: readonly (readonly [string, unknown])[],
): string {
  const copy = structuredClone(base);
  const top: [string, unknown][] = [];
  for (const [name, value] of fields) {
    const path = name.split('.');
    if (path.length === 1) {
      top.push([name, value]);
      continue;
    }
    let node: Record<string, unknown> = copy;
    for (const key of path.slice(0, -1)) {
      const next = node[key];
      if (typeof next !== 'object' || next === null) break;
      node = next as Record<string, unknown>;
    }
    node[path.at(-1)!] = value;
  }
  const topNames = new Set(top.map(([name]) => name));
  return jsonText([...Object.entries(copy).filter(([name]) => !topNames.has(name)), ...top]);
}

function wrongFor(kind: FieldKind): fc.Arbitrary<unknown> {
  if (kind === 'object') {
    return wrongTypeValue.filter((v) => v === null || typeof v !== 'object' || Array.isArray(v));
  }
  if (kind === 'boolean') return wrongTypeValue.filter((v) => typeof v !== 'boolean');
  if (kind === 'number') return wrongTypeValue.filter((v) => typeof v !== 'number');
  if (kind === 'stringOrNull') return wrongTypeValue.filter((v) => v !== null);
  return wrongTypeValue;
}

/**
 * Node refuses a request head over 16 kB with a bare 431 before the app sees it: URL parts stay
 * under that so the app's own validation is what answers.
 */
const URL_PART_LIMIT = 3_000;
const urlString = anyBadString.filter((s) => encodeComponent(s).length <= URL_PART_LIMIT);

const queryPair = (key: fc.Arbitrary<string>, value: fc.Arbitrary<string>) =>
  fc.tuple(key, value).map(([k, v]) => `${encodeComponent(k)}=${encodeComponent(v)}`);

/** Up to ~1,000 varied bad requests per route (fast-check picks the mix). */
const DATE_KEYS = new Set(['created_from', 'created_to', 'from', 'to']);
const EXTREME_DATES = [
  '0000-01-01',
  '0001-01-01',
  '9999-12-31',
  '10000-01-01',
  '+275760-09-13T00:00:00Z',
  '-000001-01-01T00:00:00Z',
  '0001-01-01T00:00:00+14:00',
  '9999-12-31T23:59:59-14:00',
  '2024-02-30',
  '2024-13-01T00:00:00Z',
  '1970-01-01T00:00:00.123456789Z',
];
/** Each pair is invalid by its value, its id, or both. */
const FORGED_CURSOR_VALUES: readonly unknown[] = [
  '0000-01-01T00:00:00.000Z',
  '+275760-09-13T00:00:00.000Z',
  '9999-12-31T23:59:59.999+01:00',
  'Sat',
  '1',
  '1e999',
  '-1',
  '',
  null,
  ['2024-01-01T00:00:00.000Z'],
];
const FORGED_CURSOR_IDS: readonly unknown[] = [
  'not-a-uuid',
  '99999999999999999999',
  -1,
  1.5,
  0,
  null,
  { id: 1 },
];

/** Bad requests for `route`, of every kind that applies to it, weighted. */
export function badRequests(route: FuzzRoute, ctx: Context): fc.Arbitrary<FuzzInput> {
  const kinds = badRequestKinds(route, ctx);
  if (route.awaitingPayout) {
    // A valid input would change the payout: keep only bodies invalid by construction.
    return fc.oneof(...kinds).filter(invalidByConstruction);
  }
  return fc.oneof(...kinds);
}

/** Inputs a route whose `:id` awaits approval may be sent: a valid one would change it. */
export const invalidByConstruction = (input: FuzzInput): boolean =>
  input.expect === 'problem' && input.kind.startsWith('body: ');

/**
 * One arbitrary per kind of bad request that applies to `route` (each gives one `kind` label),
 * with its weight: `badRequests` draws from them, and a run starts with one of each.
 */
export function badRequestKinds(
  route: FuzzRoute,
  ctx: Context,
): { arbitrary: fc.Arbitrary<FuzzInput>; weight: number }[] {
  const options: { arbitrary: fc.Arbitrary<FuzzInput>; weight: number }[] = [];
  const add = (weight: number, arbitrary: fc.Arbitrary<FuzzInput>) =>
    options.push({ arbitrary, weight });
  const input = (kind: string, expect: Expectation, parts: Parts, cookie?: string): FuzzInput => ({
    kind,
    expect,
    request: build(route, ctx, parts),
    ...(cookie === undefined ? {} : { cookie }),
  });
  const hasBody = route.body !== undefined;
  const body = route.body;
  const base = baseBody(route);
  // A GET reads no body, and the webhook reads any text: neither can be refused for its type.
  const typed = hasBody && !route.textBody;

  // --- Query strings.
  const knownKeys = route.query?.keys ?? [];
  const knownKey = knownKeys.length > 0 ? fc.constantFrom(...knownKeys) : unknownKey;
  if (route.query?.strict) {
    add(
      3,
      fc
        .tuple(
          fc.array(queryPair(knownKey, urlString), { maxLength: 3 }),
          fc.array(queryPair(unknownKey, urlString), { minLength: 1, maxLength: 3 }),
        )
        .map(([known, unknown]) =>
          input('query: unknown key', 'problem', { query: [...known, ...unknown].join('&') }),
        ),
    );
    add(
      2,
      fc.tuple(knownKey, urlString, urlString).map(([k, a, b]) =>
        input('query: repeated key', 'problem', {
          query: `${encodeComponent(k)}=${encodeComponent(a)}&${encodeComponent(k)}=${encodeComponent(b)}`,
        }),
      ),
    );
  }
  add(
    route.query ? 5 : 2,
    fc
      .array(queryPair(route.query ? knownKey : unknownKey, urlString), {
        minLength: 1,
        maxLength: 4,
      })
      .map((pairs) => input('query: hostile values', 'no5xx', { query: pairs.join('&') })),
  );
  add(
    1,
    fc
      .tuple(
        knownKey,
        fc.constantFrom(
          ...BROKEN_ESCAPES,
          '&&&',
          '=',
          '==',
          '&=&',
          'a[]=1&a[]=2',
          'a[b][c]=1',
          '__proto__[x]=1',
          'constructor[prototype][x]=1',
        ),
      )
      .map(([k, raw]) =>
        input('query: broken escapes', 'no5xx', { query: `${encodeComponent(k)}=${raw}&${raw}` }),
      ),
  );
  add(
    1,
    fc
      .tuple(knownKey, fc.integer({ min: 2_000, max: 6_000 }))
      .map(([k, n]) =>
        input('query: overlong', 'no5xx', { query: `${encodeComponent(k)}=${'a'.repeat(n)}` }),
      ),
  );

  // Dates at and past the ends of what PostgreSQL and JavaScript both store (years 1 to 9999).
  const dateKeys = knownKeys.filter((k) => DATE_KEYS.has(k));
  if (dateKeys.length > 0) {
    add(
      2,
      fc.tuple(fc.constantFrom(...dateKeys), fc.constantFrom(...EXTREME_DATES)).map(([k, date]) =>
        input('query: extreme date', 'no5xx', {
          query: `${encodeComponent(k)}=${encodeComponent(date)}`,
        }),
      ),
    );
  }
  // Hand-made cursors: well-formed base64url JSON pairs whose value or id no page ever ends on.
  if (knownKeys.includes('cursor')) {
    add(
      2,
      fc
        .tuple(fc.constantFrom(...FORGED_CURSOR_VALUES), fc.constantFrom(...FORGED_CURSOR_IDS))
        .map(([value, id]) =>
          input('query: forged cursor', 'problem', {
            query: `cursor=${Buffer.from(JSON.stringify([value, id])).toString('base64url')}`,
          }),
        ),
    );
  }

  // A well-formed corridor the merchant does not have: a real country (the orchestrator checks
  // ISO 3166) or a made-up one, with a made-up (Z..) or real but unconfigured currency.
  const corridor = fc.tuple(
    fc.oneof(fc.constantFrom('ZA', 'FR', 'JP', 'BR'), fc.stringMatching(/^Z[A-Z]$/)),
    fc.oneof(fc.constantFrom('JPY', 'GBP', 'BRL'), fc.stringMatching(/^Z[A-Z]{2}$/)),
  );
  if (knownKeys.includes('country') && knownKeys.includes('currency')) {
    add(
      1,
      corridor.map(([country, currency]) =>
        input('query: unknown corridor', 'no5xx', {
          query: `country=${country}&currency=${currency}`,
        }),
      ),
    );
  }
  if (body && 'country' in body.fields && 'currency' in body.fields) {
    add(
      1,
      corridor.map(([country, currency]) =>
        input('body: unknown corridor', 'no5xx', {
          body: withFields(body.base, [
            ['country', country],
            ['currency', currency],
          ]),
        }),
      ),
    );
  }

  // --- Path parameters.
  const params = [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  const hasReads = (route.orchestratorReads ?? []).length > 0;
  for (const name of params) {
    add(
      5,
      badPathParam.map(({ raw, note }) =>
        input(`path: ${note}`, hasReads ? 'no5xx' : 'problem', {
          params: { [name]: raw },
          body: base,
        }),
      ),
    );
  }
  if (route.path.endsWith('*')) {
    add(
      6,
      fc
        .array(
          fc.oneof(
            badPathParam.map((p) => p.raw),
            fc.constantFrom(
              '..',
              '.',
              '%2e%2e',
              'assets',
              'index.html',
              '.env',
              '.git',
              'etc',
              'passwd',
              '%00',
              '~root',
            ),
          ),
          { minLength: 1, maxLength: 5 },
        )
        .filter((segments) => segments.join('/').length <= 8_000)
        .map((segments) =>
          input('path: bad route', 'no5xx', { params: { rest: segments.join('/') } }),
        ),
    );
  }

  // --- Bodies.
  if (body) {
    const fieldNames = Object.keys(body.fields);
    add(
      4,
      malformedJson.map((text) => input('body: malformed JSON', 'problem', { body: text })),
    );
    add(
      2,
      // The webhook acknowledges well-formed JSON it cannot use (200 `ignored`, nothing written):
      // the orchestrator would otherwise retry it forever.
      nonObjectJson.map((text) =>
        input('body: not an object', route.textBody ? 'no5xx' : 'problem', { body: text }),
      ),
    );
    if (fieldNames.length > 0) {
      const field = fc.constantFrom(...fieldNames);
      add(
        6,
        fc
          .uniqueArray(field, { minLength: 1, maxLength: fieldNames.length })
          .chain((names) =>
            fc.tuple(...names.map((n) => wrongFor(body.fields[n]!).map((v) => [n, v] as const))),
          )
          .map((wrong) =>
            // The webhook's reader takes ids as numbers or strings: odd types there are not all errors.
            input('body: wrong types', route.textBody ? 'no5xx' : 'problem', {
              body: withFields(body.base, wrong),
            }),
          ),
      );
      const stringFields = fieldNames.filter(
        (n) => body.fields[n] === 'string' || body.fields[n] === 'stringOrNull',
      );
      if (stringFields.length > 0) {
        add(
          6,
          fc
            .tuple(
              fc.uniqueArray(fc.constantFrom(...stringFields), { minLength: 1 }),
              fc.array(anyBadString, {
                minLength: stringFields.length,
                maxLength: stringFields.length,
              }),
            )
            .map(([names, values]) =>
              input('body: hostile strings', 'no5xx', {
                body: withFields(body.base, [
                  ...names.map((n, i) => [n, values[i]] as const),
                  ...(route.createsWhenComplete ? [['zz_never_valid', true] as const] : []),
                ]),
              }),
            ),
        );
      }
    }
    add(
      4,
      fc
        .array(fc.tuple(unknownKey, fc.oneof(anyBadString, wrongTypeValue)), {
          minLength: 1,
          maxLength: 3,
        })
        .map((extra) =>
          input('body: unknown fields', body.strict ? 'problem' : 'no5xx', {
            body: jsonText([...Object.entries(body.base), ...extra]),
          }),
        ),
    );
    add(
      1,
      fc.constantFrom('x', '\u0000', '😀').map((unit) =>
        input('body: over the limit', 'problem', {
          body: jsonText([...Object.entries(body.base), ['huge', unit.repeat(110_000)]]),
        }),
      ),
    );
  }
  // Wrong content types and encodings (on GETs too: a body nobody reads must still be JSON).
  add(
    typed || !hasBody ? 3 : 1,
    fc
      .tuple(
        fc.constantFrom(...WRONG_CONTENT_TYPES),
        fc.oneof(fc.constant(base ?? '{}'), malformedJson),
      )
      .map(([type, text]) =>
        input('body: wrong content type', typed ? 'problem' : 'no5xx', {
          body: text,
          headers: type === undefined ? { 'x-no-type': '1' } : { 'Content-Type': type },
        }),
      ),
  );
  add(
    1,
    fc.constantFrom(...BAD_CONTENT_ENCODINGS).map((encoding) =>
      input('body: bad content encoding', route.path.startsWith('/api/') ? 'problem' : 'no5xx', {
        body: base ?? '{}',
        headers: { 'Content-Encoding': encoding },
      }),
    ),
  );

  // --- Headers.
  if (route.idempotencyKey) {
    add(
      2,
      fc
        .oneof(
          fc.constantFrom('', 'short', 'has space in it', 'x'.repeat(256), 'tab\there-key'),
          fc.string({ unit: 'grapheme-ascii', maxLength: 7 }),
        )
        .map((key) =>
          input('header: bad idempotency key', 'problem', {
            body: base,
            headers: { 'Idempotency-Key': key.replace(/[\r\n\0]/g, '') },
          }),
        ),
    );
  }
  add(
    1,
    fc
      .oneof(
        fc.constantFrom('=', ';;;', 'sid', '__Host-sid=', 'sid="', '%', 'a=%zz; b=%E0%A4'),
        fc.string({ unit: 'grapheme-ascii', maxLength: 200 }),
      )
      .map((cookie) =>
        input('header: garbage cookie', 'no5xx', { body: base }, cookie.replace(/[\r\n\0]/g, '')),
      ),
  );

  return options;
}
