import type { Express, Router } from 'express';
import { chargeNotification } from '../chargeNotification.js';

export type FuzzRole = 'anonymous' | 'finance' | 'support' | 'admin';
/** `stringOrNull`: a string, or null (a wrong type is anything else). */
export type FieldKind = 'string' | 'object' | 'boolean' | 'stringOrNull';

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
  /** Answers 200 to a well-formed input with any query (no input of its own). */
  ignoresQuery?: boolean;
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
  /** Issue 6 routes (api-issue6.md): fuzzed whether or not they are mounted yet. */
  issue6?: boolean;
}

const PAYOUT_LIST_KEYS = [
  'status',
  'provider',
  'payout_method_type',
  'currency',
  'country',
  'created_from',
  'created_to',
  'amount_min',
  'amount_max',
  'q',
  'include_test',
  'is_test',
  'beneficiary_id',
  'decline_code',
  'sort',
  'order',
  'cursor',
  'limit',
  'needs_my_approval',
  'needs_attention',
] as const;

const OVERVIEW_KEYS = [
  'from',
  'to',
  'tz',
  'country',
  'currency',
  'provider',
  'payout_method_type',
  'is_test',
  'bucket',
] as const;

/** A payout body with its corridor right and everything else missing (never a valid payout). */
const PAYOUT_BASE = { country: 'BE', currency: 'EUR', amount: '10.00' };
const PAYOUT_FIELDS: Record<string, FieldKind> = {
  country: 'string',
  currency: 'string',
  amount: 'string',
  provider: 'string',
  payout_method_type: 'string',
  order_id: 'string',
  state: 'string',
  metadata: 'object',
};

/** A valid saved view's state (issue 15), and the fields the fuzz fills in a view body. */
const VIEW_STATE = {
  filters: { status: 'declined', currency: 'EUR', decline_code: 'account_closed' },
  range: { relative: 'last7' },
  sort: 'created_at',
  order: 'desc',
  columns: ['created_at', 'order_id', 'amount', 'status'],
  density: 'compact',
};
const VIEW_FIELDS: Record<string, FieldKind> = {
  name: 'string',
  shared: 'boolean',
  state: 'object',
  'state.filters': 'object',
  'state.filters.q': 'string',
  'state.filters.status': 'string',
  'state.filters.amount_min': 'string',
  'state.filters.decline_code': 'string',
  'state.sort': 'string',
  'state.density': 'string',
  'state.columns': 'object',
};
/** A view id nobody has (the fuzz's own `NO_SUCH_ID` is what `:id` becomes). */
const NO_SUCH_VIEW = '00000000-0000-4000-8000-0000000000fe';

const NOTIFICATION_BASE = chargeNotification({ orderId: 'fuzz-not-ours', chargeId: 'fuzz-charge' });

/**
 * Every route the BFF mounts, with what it reads. `mountedRoutes` (below) walks the app's router
 * stack; the fuzz suite fails when a router mounts a route this table does not list.
 */
export const FUZZ_ROUTES: readonly FuzzRoute[] = [
  // Health (outside /api).
  { method: 'GET', path: '/healthz', role: 'anonymous', ignoresQuery: true },
  { method: 'GET', path: '/readyz', role: 'anonymous', ignoresQuery: true },
  // Session.
  {
    method: 'POST',
    path: '/api/session',
    role: 'anonymous',
    body: {
      base: { email: 'nobody@example.com', password: 'not-the-password' },
      fields: { email: 'string', password: 'string' },
      strict: true,
    },
    expectedAudit: ['session.sign_in_failed'],
    countsFailedSignIns: { limiters: 2 },
  },
  { method: 'GET', path: '/api/session', role: 'finance', ignoresQuery: true },
  // Signing out ends the session it names: fuzzed without one (bad cookies instead).
  { method: 'DELETE', path: '/api/session', role: 'anonymous', ignoresQuery: true },
  // Sign-in options and single sign-on (issue 14), public; the fuzzed app runs AUTH_MODE=both
  // against the test provider. A start stores a sign-in under way (oidc_sign_ins, outside the
  // snapshot: any visitor may start one); a callback with a state nobody issued stores nothing.
  { method: 'GET', path: '/api/auth/options', role: 'anonymous', ignoresQuery: true },
  {
    method: 'GET',
    path: '/api/auth/oidc/start',
    role: 'anonymous',
    query: { keys: ['return_to'], strict: false },
  },
  {
    method: 'GET',
    path: '/api/auth/oidc/callback',
    role: 'anonymous',
    query: { keys: ['code', 'state', 'iss', 'error', 'error_description'], strict: false },
    expectedAudit: ['session.sign_in_refused'],
  },
  // Audit and users (admin).
  {
    method: 'GET',
    path: '/api/audit',
    role: 'admin',
    query: { keys: ['who', 'what', 'from', 'to', 'cursor', 'limit'], strict: true },
  },
  { method: 'GET', path: '/api/users', role: 'admin', ignoresQuery: true },
  {
    method: 'POST',
    path: '/api/users',
    role: 'admin',
    body: {
      base: { email: 'fuzz@example.com', name: 'Fuzz', role: 'finance' },
      fields: { email: 'string', name: 'string', role: 'string', password: 'string' },
      strict: true,
    },
    createsWhenComplete: true,
  },
  {
    method: 'PATCH',
    path: '/api/users/:id',
    role: 'admin',
    body: {
      base: { name: 'Fuzz' },
      fields: { name: 'string', role: 'string', disabled: 'boolean' },
      strict: true,
    },
  },
  {
    method: 'POST',
    path: '/api/users/:id/password',
    role: 'admin',
    body: {
      base: { password: 'a-long-enough-password' },
      fields: { password: 'string' },
      strict: true,
    },
  },
  // Privileged account changes (decision 042): the fuzzing ids name no change (404).
  {
    method: 'GET',
    path: '/api/user-changes',
    role: 'admin',
    query: { keys: ['status'], strict: true },
  },
  {
    method: 'POST',
    path: '/api/user-changes/:id/approve',
    role: 'admin',
    body: { base: {}, fields: {}, strict: true },
  },
  {
    method: 'POST',
    path: '/api/user-changes/:id/reject',
    role: 'admin',
    body: { base: { reason: 'No' }, fields: { reason: 'string' }, strict: true },
  },
  // Staff sessions (issue 14): one's own, and admins any user's. The fuzzing fetch holds one
  // session per role, so a valid end-others ends none (and audits nothing).
  { method: 'GET', path: '/api/me/sessions', role: 'finance', ignoresQuery: true },
  {
    method: 'POST',
    path: '/api/me/sessions/end-others',
    role: 'finance',
    body: { base: {}, fields: {}, strict: true },
  },
  { method: 'DELETE', path: '/api/me/sessions/:id', role: 'finance', ignoresQuery: true },
  { method: 'GET', path: '/api/users/:id/sessions', role: 'admin', ignoresQuery: true },
  {
    method: 'POST',
    path: '/api/users/:id/sessions/end-all',
    role: 'admin',
    body: { base: {}, fields: {}, strict: true },
  },
  {
    method: 'DELETE',
    path: '/api/users/:id/sessions/:sessionId',
    role: 'admin',
    ignoresQuery: true,
  },
  // Second factors (issue 14). The fuzzing sessions have no factor: verifying finds nothing to
  // verify (409) and counts no failure; a base that would start an enrolment carries an unknown
  // field, so no input can create a factor.
  { method: 'GET', path: '/api/me/factors', role: 'finance', ignoresQuery: true },
  {
    method: 'POST',
    path: '/api/me/factors/totp',
    role: 'finance',
    body: {
      base: { label: 'Fuzz', zz_never_valid: true },
      fields: { label: 'string' },
      strict: true,
    },
    createsWhenComplete: true,
  },
  {
    method: 'POST',
    path: '/api/me/factors/totp/:id/confirm',
    role: 'finance',
    body: { base: { code: '123456' }, fields: { code: 'string' }, strict: true },
  },
  {
    method: 'POST',
    path: '/api/me/factors/passkeys/options',
    role: 'finance',
    body: { base: {}, fields: {}, strict: true },
  },
  {
    method: 'POST',
    path: '/api/me/factors/passkeys',
    role: 'finance',
    body: {
      base: { response: {} },
      fields: { label: 'string', response: 'object' },
      strict: true,
    },
  },
  { method: 'DELETE', path: '/api/me/factors/:id', role: 'finance', ignoresQuery: true },
  {
    method: 'POST',
    path: '/api/me/recovery-codes',
    role: 'finance',
    body: { base: {}, fields: {}, strict: true },
  },
  {
    method: 'POST',
    path: '/api/session/verify/options',
    role: 'finance',
    body: { base: {}, fields: {}, strict: true },
  },
  {
    method: 'POST',
    path: '/api/session/verify',
    role: 'finance',
    body: {
      base: { method: 'totp', code: '123456' },
      fields: { method: 'string', code: 'string' },
      strict: true,
    },
  },
  {
    method: 'POST',
    path: '/api/users/:id/factors/reset',
    role: 'admin',
    body: { base: {}, fields: {}, strict: true },
  },
  // Corridors and providers.
  { method: 'GET', path: '/api/corridors', role: 'finance', ignoresQuery: true },
  {
    method: 'GET',
    path: '/api/providers/matrix',
    role: 'admin',
    query: { keys: ['refresh'], strict: true },
  },
  {
    method: 'GET',
    path: '/api/providers',
    role: 'finance',
    query: { keys: ['country', 'currency', 'refresh'], strict: true },
    orchestratorReads: ['getPayoutProviders'],
  },
  // Payouts.
  {
    method: 'POST',
    path: '/api/payouts',
    role: 'finance',
    idempotencyKey: true,
    body: { base: PAYOUT_BASE, fields: PAYOUT_FIELDS, strict: true },
    orchestratorReads: ['getPayoutProviders'],
  },
  {
    method: 'GET',
    path: '/api/payouts',
    role: 'finance',
    query: { keys: PAYOUT_LIST_KEYS, strict: true },
  },
  {
    method: 'GET',
    path: '/api/payouts/export.csv',
    role: 'finance',
    query: {
      keys: PAYOUT_LIST_KEYS.filter((k) => k !== 'cursor' && k !== 'limit'),
      strict: true,
    },
  },
  {
    method: 'GET',
    path: '/api/payouts/summary',
    role: 'finance',
    query: { keys: [], strict: true },
    issue6: true,
  },
  // The overview (issue 15): read-only, every role; `support` is the least privileged reader.
  ...(['summary', 'timeseries', 'providers', 'declines'] as const).map((name): FuzzRoute => ({
    method: 'GET',
    path: `/api/overview/${name}`,
    role: 'support',
    query: { keys: OVERVIEW_KEYS, strict: true },
  })),
  { method: 'GET', path: '/api/payouts/:id', role: 'finance', ignoresQuery: true },
  { method: 'POST', path: '/api/payouts/:id/check-status', role: 'finance' },
  {
    method: 'POST',
    path: '/api/payouts/:id/approve',
    role: 'admin',
    body: { base: {}, fields: {}, strict: false },
    issue6: true,
  },
  {
    method: 'POST',
    path: '/api/payouts/:id/reject',
    role: 'admin',
    body: { base: { reason: 'Fuzz' }, fields: { reason: 'string' }, strict: false },
    issue6: true,
  },
  {
    method: 'POST',
    path: '/api/payouts/:id/cancel',
    role: 'finance',
    body: { base: {}, fields: { reason: 'string' }, strict: false },
    issue6: true,
  },
  // The same three on a real payout awaiting approval (created by finance, over the threshold).
  {
    method: 'POST',
    path: '/api/payouts/:id/approve',
    role: 'admin',
    body: { base: {}, fields: {}, strict: true },
    awaitingPayout: true,
    issue6: true,
  },
  {
    method: 'POST',
    path: '/api/payouts/:id/reject',
    role: 'admin',
    body: { base: { reason: 'Fuzz' }, fields: { reason: 'string' }, strict: true },
    awaitingPayout: true,
    issue6: true,
  },
  {
    method: 'POST',
    path: '/api/payouts/:id/cancel',
    role: 'finance',
    body: { base: {}, fields: { reason: 'string' }, strict: true },
    awaitingPayout: true,
    issue6: true,
  },
  // Beneficiaries (issue 11): the payee book.
  {
    method: 'GET',
    path: '/api/approvals',
    role: 'finance',
    query: { keys: ['cursor', 'limit'], strict: true },
  },
  { method: 'GET', path: '/api/approvals/count', role: 'admin', query: { keys: [], strict: true } },
  {
    method: 'POST',
    path: '/api/approvals/decisions',
    role: 'admin',
    // A well-formed id of no payout: a valid body is answered `refused` (not_found), no write.
    body: {
      base: { decision: 'reject', payout_ids: ['00000000-0000-4000-8000-000000000000'] },
      fields: { decision: 'string', payout_ids: 'object', reason: 'string' },
      strict: true,
    },
  },
  {
    method: 'GET',
    path: '/api/beneficiaries',
    role: 'support',
    query: {
      keys: [
        'q',
        'country',
        'currency',
        'payout_method_type',
        'provider',
        'status',
        'cursor',
        'limit',
      ],
      strict: true,
    },
    // Usability of listed beneficiaries comes from the (cached) providers.
    orchestratorReads: ['getPayoutProviders'],
  },
  {
    method: 'POST',
    path: '/api/beneficiaries',
    role: 'finance',
    body: {
      base: { display_name: 'Fuzz', country: 'BE', currency: 'EUR', state: null },
      fields: {
        display_name: 'string',
        reference: 'string',
        email: 'string',
        country: 'string',
        currency: 'string',
        state: 'string',
        payout_method_type: 'string',
        provider: 'string',
        details: 'object',
        allow_duplicate: 'boolean',
      },
      strict: true,
    },
    createsWhenComplete: true,
    orchestratorReads: ['getPayoutProviders'],
  },
  { method: 'GET', path: '/api/beneficiaries/:id', role: 'support', ignoresQuery: true },
  {
    method: 'PATCH',
    path: '/api/beneficiaries/:id',
    role: 'finance',
    body: {
      base: { display_name: 'Fuzz' },
      fields: { display_name: 'string', reference: 'string', email: 'string', details: 'object' },
      strict: true,
    },
  },
  {
    method: 'POST',
    path: '/api/beneficiaries/:id/changes/:changeId/approve',
    role: 'finance',
    body: { base: {}, fields: {}, strict: true },
  },
  {
    method: 'POST',
    path: '/api/beneficiaries/:id/changes/:changeId/reject',
    role: 'finance',
    body: { base: { reason: 'Fuzz' }, fields: { reason: 'string' }, strict: true },
  },
  {
    method: 'POST',
    path: '/api/beneficiaries/:id/archive',
    role: 'finance',
    body: { base: {}, fields: {}, strict: true },
  },
  // Saved views of the payouts list (issue 15). Valid bodies: a create's hostile strings carry an
  // unknown field (`createsWhenComplete`), its wrong types are never valid, and the other routes
  // name no view (404), so no input stores, changes or deletes a view or a default.
  { method: 'GET', path: '/api/payout-views', role: 'finance', query: { keys: [], strict: true } },
  {
    method: 'POST',
    path: '/api/payout-views',
    role: 'finance',
    body: { base: { name: 'Fuzz view', state: VIEW_STATE }, fields: VIEW_FIELDS, strict: true },
    createsWhenComplete: true,
  },
  {
    method: 'PATCH',
    path: '/api/payout-views/:id',
    role: 'admin',
    body: {
      base: { name: 'Fuzz view', state: VIEW_STATE, shared: true },
      fields: { ...VIEW_FIELDS, 'state.range': 'object' },
      strict: true,
    },
  },
  { method: 'DELETE', path: '/api/payout-views/:id', role: 'finance', ignoresQuery: true },
  {
    method: 'PUT',
    path: '/api/payout-views/default',
    role: 'support',
    body: { base: { view_id: NO_SUCH_VIEW }, fields: { view_id: 'stringOrNull' }, strict: true },
  },
  // One's own bell and digest setting (issue 12): bases invalid by construction, so no input
  // marks anything read or changes the setting.
  {
    method: 'GET',
    path: '/api/me/notifications',
    role: 'support',
    query: { keys: [], strict: true },
  },
  {
    method: 'POST',
    path: '/api/me/notifications/read',
    role: 'support',
    body: { base: {}, fields: {}, strict: true },
  },
  { method: 'GET', path: '/api/me/notification-settings', role: 'support', ignoresQuery: true },
  {
    method: 'PATCH',
    path: '/api/me/notification-settings',
    role: 'support',
    body: { base: {}, fields: { digest: 'string' }, strict: true },
  },
  // Approval policies (issue 12): everyone reads; admins propose, decide and dry-run.
  {
    method: 'GET',
    path: '/api/approval-policies',
    role: 'support',
    query: { keys: [], strict: true },
  },
  {
    method: 'POST',
    path: '/api/approval-policies/proposals',
    role: 'admin',
    // A policy without rules: a valid one would be a proposal (a write), this never is.
    body: {
      base: { policy: { rules: [] }, note: 'Fuzz' },
      fields: { policy: 'object', 'policy.rules': 'object', note: 'string' },
      strict: true,
    },
  },
  {
    method: 'POST',
    path: '/api/approval-policies/proposals/:id/approve',
    role: 'admin',
    body: { base: {}, fields: {}, strict: true },
  },
  {
    method: 'POST',
    path: '/api/approval-policies/proposals/:id/reject',
    role: 'admin',
    body: { base: { reason: 'Fuzz' }, fields: { reason: 'string' }, strict: true },
  },
  {
    method: 'POST',
    path: '/api/approval-policies/dry-run',
    role: 'admin',
    body: {
      base: { payout: { amount: '10.00', currency: 'EUR', country: 'BE' } },
      fields: {
        policy: 'object',
        payout: 'object',
        'payout.amount': 'string',
        'payout.provider': 'string',
        'payout.payout_method_type': 'string',
        'payout.beneficiary_changed_days_ago': 'string',
        'payout.in_batch': 'boolean',
      },
      strict: true,
    },
  },
  // Batch payouts from a file (issue 13). The upload's body is the CSV file itself
  // (`Content-Type: text/csv`) and its input the query: the fuzz sends JSON or odd bodies and bad
  // queries, never a valid file, so nothing is stored. The ids are of no batch: a valid body is
  // answered 404, never a write.
  {
    method: 'GET',
    path: '/api/batches',
    role: 'support',
    query: { keys: ['status', 'cursor', 'limit'], strict: true },
  },
  {
    method: 'GET',
    path: '/api/batches/template',
    role: 'support',
    query: {
      keys: ['country', 'currency', 'payout_method_type', 'provider', 'delimiter'],
      strict: true,
    },
    // A shape-valid corridor reads that corridor's metadata to build the template.
    orchestratorReads: ['getPayoutProviders'],
  },
  {
    method: 'POST',
    path: '/api/batches',
    role: 'finance',
    query: {
      keys: ['country', 'currency', 'payout_method_type', 'provider', 'file_name'],
      strict: true,
    },
  },
  { method: 'GET', path: '/api/batches/:id', role: 'support', ignoresQuery: true },
  {
    method: 'GET',
    path: '/api/batches/:id/rows',
    role: 'support',
    query: { keys: ['filter', 'offset', 'limit'], strict: true },
  },
  {
    method: 'PATCH',
    path: '/api/batches/:id/rows/:row',
    role: 'finance',
    body: { base: { cells: { amount: '10.00' } }, fields: { cells: 'object' }, strict: true },
  },
  {
    method: 'POST',
    path: '/api/batches/:id/validate',
    role: 'finance',
    body: { base: { exclude_invalid: true }, fields: { exclude_invalid: 'boolean' }, strict: true },
  },
  {
    method: 'POST',
    path: '/api/batches/:id/submit',
    role: 'finance',
    body: { base: {}, fields: {}, strict: true },
  },
  {
    method: 'POST',
    path: '/api/batches/:id/approve',
    role: 'admin',
    body: { base: {}, fields: {}, strict: true },
  },
  {
    method: 'POST',
    path: '/api/batches/:id/reject',
    role: 'admin',
    body: { base: { reason: 'Fuzz' }, fields: { reason: 'string' }, strict: true },
  },
  {
    method: 'POST',
    path: '/api/batches/:id/cancel',
    role: 'finance',
    body: { base: {}, fields: { reason: 'string' }, strict: true },
  },
  {
    method: 'POST',
    path: '/api/batches/:id/retry',
    role: 'finance',
    body: {
      base: { provider: 'northwind_pay' },
      fields: { provider: 'string' },
      strict: true,
    },
  },
  { method: 'GET', path: '/api/batches/:id/results.csv', role: 'support', ignoresQuery: true },
  // Settling an unknown payout by hand (decision 040); the fake id makes any valid input a 404.
  {
    method: 'POST',
    path: '/api/payouts/:id/resolution',
    role: 'finance',
    body: {
      base: { action: 'propose_mark_failed', reason: 'Not at the PSP' },
      fields: { action: 'string', reason: 'string' },
      strict: true,
    },
  },
  {
    method: 'POST',
    path: '/api/payouts/resolutions',
    role: 'finance',
    body: {
      base: {
        action: 'propose_mark_failed',
        reason: 'Not at the PSP',
        payout_ids: ['00000000-0000-4000-8000-000000000000'],
      },
      fields: { action: 'string', reason: 'string' },
      strict: true,
    },
  },
  {
    method: 'POST',
    path: '/api/payouts/:id/send-again',
    role: 'finance',
    idempotencyKey: true,
    body: { base: { order_id: 'fuzz-again-1' }, fields: { order_id: 'string' }, strict: true },
  },
  // The orchestrator's webhook (no session; the path token is the credential).
  {
    method: 'POST',
    path: '/api/orchestrator/notifications/:token',
    role: 'anonymous',
    textBody: true,
    body: {
      base: NOTIFICATION_BASE,
      fields: {
        webhook: 'object',
        data: 'object',
        meta: 'object',
        'webhook.type': 'string',
        'data.order_id': 'string',
        'data.psp_name': 'string',
        'data.charge.id': 'string',
        'data.charge.operation_type': 'string',
        'data.charge.attributes.status': 'string',
        'data.charge.attributes.currency': 'string',
        'meta.api_version': 'string',
      },
      strict: false,
    },
  },
  // Lab and deposit console (admin).
  {
    method: 'GET',
    path: '/api/lab/test-data',
    role: 'admin',
    query: { keys: ['country', 'currency', 'payout_method_type', 'provider'], strict: true },
    orchestratorReads: ['getPayoutProviders'],
  },
  {
    method: 'POST',
    path: '/api/lab/payouts',
    role: 'admin',
    idempotencyKey: true,
    body: { base: PAYOUT_BASE, fields: PAYOUT_FIELDS, strict: true },
    orchestratorReads: ['getPayoutProviders'],
  },
  { method: 'GET', path: '/api/lab/deposits/options', role: 'admin', ignoresQuery: true },
  {
    method: 'GET',
    path: '/api/lab/fingerprint',
    role: 'admin',
    query: { keys: ['country', 'currency', 'card_bin'], strict: true },
    orchestratorReads: ['getFingerprint'],
  },
  {
    method: 'POST',
    path: '/api/lab/deposits',
    role: 'admin',
    body: {
      base: { mode: 'routed', deposit: {} },
      fields: {
        mode: 'string',
        psp_name: 'string',
        single_payment_mid_alias: 'string',
        deposit: 'object',
      },
      strict: true,
    },
  },
  {
    method: 'GET',
    path: '/api/lab/deposits/:id',
    role: 'admin',
    ignoresQuery: true,
    orchestratorReads: ['getDeposit'],
  },
  // Issue 16: metrics (off here: 404; a token when on, never a query) and the API described.
  { method: 'GET', path: '/metrics', role: 'anonymous', ignoresQuery: true },
  { method: 'GET', path: '/api/openapi.json', role: 'support', ignoresQuery: true },
  { method: 'GET', path: '/api/docs', role: 'admin', ignoresQuery: true },
  // Anything else under /api is a problem+json 404; anything else outside it is the SPA.
  { method: 'GET', path: '/api/*', role: 'finance' },
  { method: 'GET', path: '*', role: 'anonymous' },
];

interface ListedRoute {
  path: string | RegExp;
  methods: string[] | undefined;
  router: Router | undefined;
}

/** `router@2` (Express 5) lists its own routes; mounted routers are walked recursively. */
export function mountedRoutes(app: Express): { method: string; path: string }[] {
  const found: { method: string; path: string }[] = [];
  const walk = (router: Router, prefix: string) => {
    const list = (router as unknown as { listRoutes(): ListedRoute[] }).listRoutes();
    for (const entry of list) {
      const path = `${prefix}${String(entry.path) === '/' ? '' : String(entry.path)}`;
      if (entry.router) walk(entry.router, path);
      for (const method of entry.methods ?? []) {
        if (method !== 'HEAD' && method !== '_all') found.push({ method, path });
      }
    }
  };
  walk((app as unknown as { router: Router }).router, '');
  return found;
}
