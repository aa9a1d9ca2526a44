import { ENDPOINTS, type Endpoint, type EndpointName } from '@payouts/contracts/endpoints';
import { rolesFor } from '@payouts/contracts';
import type { z } from 'zod';
import { chargeNotification } from '../chargeNotification.js';

export type FuzzRole = 'anonymous' | 'finance' | 'support' | 'admin';
/** `stringOrNull`: a string, or null (a wrong type is anything else). */
export type FieldKind = 'string' | 'number' | 'object' | 'boolean' | 'stringOrNull';

export interface FuzzRoute {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** The Express path, e.g. `/api/payouts/:id`; `*` for the SPA fallback. */
  path: string;
  /** A role the route lets through, so validation (not auth) is what the inputs meet. */
  role: FuzzRole;
  /** The JSON body the route reads: a base body (with the path's fake ids: never a write). */
  body?: {
    base: Record<string, unknown>;
    /** Top-level names, or dotted paths into the base (`data.order_id`). */
    fields: Record<string, FieldKind>;
    /** Unknown keys are refused (a `.strict()` schema or `additionalProperties: false`). */
    strict: boolean;
  };
  /** The query keys the route parses; `strict`: unknown keys are refused. */
  query?: { keys: readonly string[]; strict: boolean };
  /** The route requires an `Idempotency-Key` header. */
  idempotencyKey?: boolean;
  /** The body is read as text whatever its type (the orchestrator's webhook). */
  textBody?: boolean;
  /** Audit actions a shape-valid input may record (a failed sign-in is audited by design). */
  expectedAudit?: readonly string[];
  /**
   * A reply of 401 (a failed sign-in) counts one hit per sign-in limiter in `rate_limit_hits`;
   * every other reply, and every other route, must leave that table alone.
   */
  countsFailedSignIns?: { limiters: number };
  /**
   * Orchestrator reads a shape-valid (not invalid-by-construction) input may cause: the route
   * exists to look things up there. Invalid input must never reach the orchestrator.
   */
  orchestratorReads?: readonly string[];
  /**
   * Base body plus every field filled would be a valid create (a new user): inputs that fill
   * fields with odd strings also carry an unknown field, so none of them can create anything.
   */
  createsWhenComplete?: boolean;
  /**
   * `:id` is a real payout awaiting approval, which a valid input would approve, reject or
   * cancel: only bodies invalid by construction are sent.
   */
  awaitingPayout?: boolean;
}

/**
 * What the fuzz needs of an endpoint beyond its one definition: a body to start from (never a
 * write: the path's ids name nothing), fields inside nested objects, a role other than the least
 * privileged that may call it, and what a shape-valid input may legitimately cause.
 */
type FuzzExtra = Partial<
  Pick<
    FuzzRoute,
    | 'role'
    | 'textBody'
    | 'expectedAudit'
    | 'countsFailedSignIns'
    | 'orchestratorReads'
    | 'createsWhenComplete'
  >
> & {
  base?: Record<string, unknown>;
  /** Dotted paths into the base (`state.filters.q`), fuzzed beside the top-level fields. */
  nested?: Record<string, FieldKind>;
  /** The query a handler reads itself (single sign-on's), for routes with no query schema. */
  query?: FuzzRoute['query'];
};

const NO_SUCH_ID = '00000000-0000-4000-8000-000000000000';
/** A view id nobody has (the fuzz's own `NO_SUCH_ID` is what `:id` becomes). */
const NO_SUCH_VIEW = '00000000-0000-4000-8000-0000000000fe';
/** A payout body with its corridor right and everything else missing (never a valid payout). */
const PAYOUT_BASE = { country: 'BE', currency: 'EUR', amount: '10.00' };
const PROVIDERS_READ = ['getPayoutProviders'];

/** A valid saved view's state, and the fields the fuzz fills inside a view body. */
const VIEW_STATE = {
  filters: { status: 'declined', currency: 'EUR', decline_code: 'account_closed' },
  range: { relative: 'last7' },
  sort: 'created_at',
  order: 'desc',
  columns: ['created_at', 'order_id', 'amount', 'status'],
  density: 'compact',
};
const VIEW_NESTED: Record<string, FieldKind> = {
  'state.filters': 'object',
  'state.filters.q': 'string',
  'state.filters.status': 'string',
  'state.filters.amount_min': 'string',
  'state.filters.decline_code': 'string',
  'state.sort': 'string',
  'state.density': 'string',
  'state.columns': 'object',
};

// prettier-ignore
const EXTRAS: { [K in EndpointName]?: FuzzExtra } = {
  signIn: {
    base: { email: 'nobody@example.com', password: 'not-the-password' },
    expectedAudit: ['session.sign_in_failed'],
    countsFailedSignIns: { limiters: 2 },
  },
  // Signing out ends the session it names: fuzzed without one (bad cookies instead).
  signOut: { role: 'anonymous' },
  // The fuzzed app runs AUTH_MODE=both against the test provider. A start stores a sign-in under
  // way (oidc_sign_ins, outside the snapshot: any visitor may start one); a callback with a state
  // nobody issued stores nothing.
  oidcStart: { query: { keys: ['return_to'], strict: false } },
  oidcCallback: {
    query: { keys: ['code', 'state', 'iss', 'error', 'error_description'], strict: false },
    expectedAudit: ['session.sign_in_refused'],
  },
  createUser: { base: { email: 'fuzz@example.com', name: 'Fuzz', role: 'finance' }, createsWhenComplete: true },
  updateUser: { base: { name: 'Fuzz' } },
  setUserPassword: { base: { password: 'a-long-enough-password' } },
  rejectUserChange: { base: { reason: 'No' } },
  // A well-formed token that no invitation has: 410, nothing written.
  lookupInvitation: { base: { token: 'A'.repeat(43) } },
  // An address nobody has: 202, and nothing is written or sent.
  requestPasswordReset: { base: { email: 'nobody-fuzz@example.com' } },
  acceptInvitation: { base: { token: 'A'.repeat(43), password: 'a-long-enough-password' } },
  // The fuzzing sessions have no factor: verifying finds nothing to verify (409) and counts no
  // failure; a base that would start an enrolment carries an unknown field, so no input can
  // create a factor.
  enrolTotp: { base: { label: 'Fuzz', zz_never_valid: true }, createsWhenComplete: true },
  confirmTotp: { base: { code: '123456' } },
  registerPasskey: { base: { response: {} } },
  verifySession: { base: { method: 'totp', code: '123456' } },
  getProviders: { orchestratorReads: PROVIDERS_READ },
  createPayout: { role: 'finance', base: PAYOUT_BASE, orchestratorReads: PROVIDERS_READ },
  // A preview reads the policy (and a saved beneficiary, here none): never a write.
  previewPayoutApproval: { base: { amount: '10.00', currency: 'EUR', country: 'BE' } },
  approvePayout: { role: 'admin' },
  rejectPayout: { role: 'admin', base: { reason: 'Fuzz' } },
  // A well-formed id of no payout: a valid body is answered `refused` (not_found), no write.
  decideApprovals: { role: 'admin', base: { decision: 'reject', payout_ids: [NO_SUCH_ID] } },
  resolvePayout: { base: { action: 'propose_mark_failed', reason: 'Not at the PSP' } },
  resolvePayouts: {
    base: { action: 'propose_mark_failed', reason: 'Not at the PSP', payout_ids: [NO_SUCH_ID] },
  },
  sendPayoutAgain: { base: { order_id: 'fuzz-again-1' } },
  // Usability of listed beneficiaries comes from the (cached) providers.
  listBeneficiaries: { orchestratorReads: PROVIDERS_READ },
  createBeneficiary: {
    base: { display_name: 'Fuzz', country: 'BE', currency: 'EUR', state: null },
    createsWhenComplete: true,
    orchestratorReads: PROVIDERS_READ,
  },
  updateBeneficiary: { base: { display_name: 'Fuzz' } },
  rejectBeneficiaryChange: { base: { reason: 'Fuzz' } },
  // A create's hostile strings carry an unknown field (`createsWhenComplete`), its wrong types
  // are never valid, and the other routes name no view (404): no input stores, changes or
  // deletes a view or a default.
  createPayoutView: { base: { name: 'Fuzz view', state: VIEW_STATE }, nested: VIEW_NESTED, createsWhenComplete: true },
  updatePayoutView: {
    role: 'admin',
    base: { name: 'Fuzz view', state: VIEW_STATE, shared: true },
    nested: { ...VIEW_NESTED, 'state.range': 'object' },
  },
  setDefaultPayoutView: { base: { view_id: NO_SUCH_VIEW } },
  // A policy without rules: a valid one would be a proposal (a write), this never is.
  proposePolicy: { base: { policy: { rules: [] }, note: 'Fuzz' }, nested: { 'policy.rules': 'object' } },
  rejectPolicy: { base: { reason: 'Fuzz' } },
  dryRunPolicy: {
    base: { payout: { amount: '10.00', currency: 'EUR', country: 'BE' } },
    nested: {
      'payout.amount': 'string',
      'payout.provider': 'string',
      'payout.payout_method_type': 'string',
      'payout.beneficiary_changed_days_ago': 'number',
      'payout.in_batch': 'boolean',
    },
  },
  // The upload's body is the CSV file itself and its input the query: the fuzz sends JSON or odd
  // bodies and bad queries, never a valid file, so nothing is stored.
  batchTemplate: { orchestratorReads: PROVIDERS_READ },
  fixBatchRow: { base: { cells: { amount: '10.00' } } },
  validateBatch: { base: { exclude_invalid: true } },
  approveBatch: { role: 'admin' },
  rejectBatch: { role: 'admin', base: { reason: 'Fuzz' } },
  retryBatch: { base: { provider: 'northwind_pay' } },
  // No session; the path token is the credential, and the body is read as text.
  orchestratorNotification: {
    textBody: true,
    base: chargeNotification({ orderId: 'fuzz-not-ours', chargeId: 'fuzz-charge' }),
    nested: {
      'webhook.type': 'string',
      'data.order_id': 'string',
      'data.psp_name': 'string',
      'data.charge.id': 'string',
      'data.charge.operation_type': 'string',
      'data.charge.attributes.status': 'string',
      'data.charge.attributes.currency': 'string',
      'meta.api_version': 'string',
    },
  },
  labTestData: { orchestratorReads: PROVIDERS_READ },
  sendLabPayout: { base: PAYOUT_BASE, orchestratorReads: PROVIDERS_READ },
  depositFingerprint: { orchestratorReads: ['getFingerprint'] },
  makeDeposit: { base: { mode: 'routed', deposit: {} } },
  getDeposit: { orchestratorReads: ['getDeposit'] },
};

/** The zod definition of a schema (zod 4 keeps it on `_zod.def`). */
type Def = { type: string } & Record<string, unknown>;
const defOf = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def;

/** What a wrong value for a field is: anything but its kind (undefined: no simple kind). */
function kindOf(schema: unknown): FieldKind | undefined {
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
    case 'default':
    case 'prefault':
    case 'readonly':
      return kindOf(def.innerType);
    case 'pipe':
      return kindOf(def.in);
    case 'nullable':
      return kindOf(def.innerType) === 'string' ? 'stringOrNull' : undefined;
    case 'string':
    case 'enum':
    case 'template_literal':
      return 'string';
    case 'literal':
      return (def.values as unknown[]).every((v) => typeof v === 'string') ? 'string' : undefined;
    case 'boolean':
      return 'boolean';
    case 'number':
    case 'int':
      return 'number';
    case 'object':
    case 'record':
    case 'array':
      return 'object';
    default:
      return undefined;
  }
}

/** The objects a body may be: one, or each option of a union. */
function objectsOf(schema: unknown): Def[] {
  const def = defOf(schema);
  if (def.type === 'object') return [def];
  if (def.type === 'union') return (def.options as unknown[]).flatMap(objectsOf);
  return [];
}

const isStrict = (def: Def) => def.catchall !== undefined && defOf(def.catchall).type === 'never';

/** The top-level fields of a body schema, with their kinds; strict when every object is. */
function bodyFieldsOf(schema: z.ZodType): { fields: Record<string, FieldKind>; strict: boolean } {
  const objects = objectsOf(schema);
  const fields: Record<string, FieldKind> = {};
  for (const def of objects) {
    for (const [name, field] of Object.entries(def.shape as Record<string, unknown>)) {
      const kind = kindOf(field);
      if (kind && !(name in fields)) fields[name] = kind;
    }
  }
  return { fields, strict: objects.length > 0 && objects.every(isStrict) };
}

/** The least privileged role the endpoint lets through. */
function roleOf(endpoint: Endpoint): FuzzRole {
  switch (endpoint.access) {
    case 'public':
    case 'token':
      return 'anonymous';
    case 'signed-in':
      return 'support';
    default: {
      const roles = rolesFor(endpoint.access);
      return (['support', 'finance', 'admin'] as const).find((r) => roles.includes(r))!;
    }
  }
}

/** The fuzz's view of endpoint `name`: its definition, and what `EXTRAS` adds. */
export function fuzzRouteOf(name: EndpointName, endpoint: Endpoint): FuzzRoute {
  const { base = {}, nested = {}, query, ...extra } = EXTRAS[name] ?? {};
  const body =
    endpoint.body === undefined || endpoint.body === 'csv'
      ? undefined
      : bodyFieldsOf(endpoint.body);
  return {
    method: endpoint.method.toUpperCase() as FuzzRoute['method'],
    path: endpoint.path,
    role: roleOf(endpoint),
    ...(endpoint.query
      ? {
          query: {
            keys: Object.keys(endpoint.query.shape),
            strict: isStrict(defOf(endpoint.query)),
          },
        }
      : query
        ? { query }
        : {}),
    ...(body ? { body: { base, fields: { ...body.fields, ...nested }, strict: body.strict } } : {}),
    ...(endpoint.idempotencyKey ? { idempotencyKey: true } : {}),
    ...extra,
  };
}

const API_ROUTES = (Object.entries(ENDPOINTS) as [EndpointName, Endpoint][]).map(([name, e]) =>
  fuzzRouteOf(name, e),
);

/** The approve, reject and cancel routes again, on a real payout awaiting approval. */
const ON_AWAITING_PAYOUT = (['approvePayout', 'rejectPayout', 'cancelPayout'] as const).map(
  (name): FuzzRoute => ({ ...fuzzRouteOf(name, ENDPOINTS[name]), awaitingPayout: true }),
);

/**
 * Every route the BFF mounts, with what it reads: each endpoint from its definition, then what
 * lies outside the API. The fuzz suite fails when a router mounts a route this table lacks.
 */
export const FUZZ_ROUTES: readonly FuzzRoute[] = [
  // Health and metrics (outside /api; metrics are off here: 404).
  { method: 'GET', path: '/healthz', role: 'anonymous' },
  { method: 'GET', path: '/readyz', role: 'anonymous' },
  { method: 'GET', path: '/metrics', role: 'anonymous' },
  ...API_ROUTES,
  ...ON_AWAITING_PAYOUT,
  // Anything else under /api is a problem+json 404; anything else outside it is the SPA.
  { method: 'GET', path: '/api/*', role: 'finance' },
  { method: 'GET', path: '*', role: 'anonymous' },
];
