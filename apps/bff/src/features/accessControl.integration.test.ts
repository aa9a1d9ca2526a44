import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffFactors, users } from '../db/schema.js';
import { TEST_CARD_METADATA } from '../testing/testCardMetadata.js';
import {
  readJson,
  startTestApp,
  type ApiFetch,
  type ApiInit,
  type TestApp,
} from '../testing/testApp.js';
import {
  openTestDatabase,
  appTestDatabaseKinds,
  type TestDatabase,
} from '../testing/testDatabase.js';

type Who = 'anonymous' | 'finance' | 'support' | 'admin';

interface RouteCase {
  name: string;
  path: string;
  init?: ApiInit;
  /** Who gets through the role check (anyone else: 401 without a session, 403 with one). */
  allowed: Who[];
}

const NO_PAYOUT = '00000000-0000-4000-8000-000000000000';
const VIEW_STATE = {
  filters: {},
  range: null,
  sort: 'created_at',
  order: 'desc',
  columns: ['created_at', 'order_id', 'amount', 'status'],
  density: 'standard',
};

// Every API route that exists, and who may use it (product.md: every rule enforced here).
const routes: RouteCase[] = [
  { name: 'read own session', path: '/api/session', allowed: ['finance', 'support', 'admin'] },
  // Public (issue 14): the sign-in page reads them before anyone is signed in. Single sign-on
  // is off in this app (its routes answer 404 to all); the OIDC suite drives them signed out.
  {
    name: 'read the sign-in options',
    path: '/api/auth/options',
    allowed: ['anonymous', 'finance', 'support', 'admin'],
  },
  {
    name: 'start single sign-on',
    path: '/api/auth/oidc/start?return_to=%2F',
    allowed: ['anonymous', 'finance', 'support', 'admin'],
  },
  {
    name: 'come back from single sign-on',
    path: '/api/auth/oidc/callback?code=c&state=s',
    allowed: ['anonymous', 'finance', 'support', 'admin'],
  },
  { name: 'read the audit log', path: '/api/audit', allowed: ['admin'] },
  // The API described (issue 16): the document for everyone signed in, its rendering for admins.
  {
    name: 'read the OpenAPI document',
    path: '/api/openapi.json',
    allowed: ['finance', 'support', 'admin'],
  },
  { name: 'read the rendered API reference', path: '/api/docs', allowed: ['admin'] },
  { name: 'list corridors', path: '/api/corridors', allowed: ['finance', 'support', 'admin'] },
  {
    name: 'read providers',
    path: '/api/providers?country=BE&currency=EUR',
    allowed: ['finance', 'support', 'admin'],
  },
  { name: 'list payouts', path: '/api/payouts', allowed: ['finance', 'support', 'admin'] },
  ...(['summary', 'timeseries', 'providers', 'declines'] as const).map((name): RouteCase => ({
    name: `the overview's ${name}`,
    path: `/api/overview/${name}?from=2026-01-01T00:00:00Z&to=2026-01-31T00:00:00Z`,
    allowed: ['finance', 'support', 'admin'],
  })),
  {
    name: 'view a payout',
    path: `/api/payouts/${NO_PAYOUT}`,
    allowed: ['finance', 'support', 'admin'],
  },
  {
    name: 'check a status',
    path: `/api/payouts/${NO_PAYOUT}/check-status`,
    init: { method: 'POST' },
    allowed: ['finance', 'support', 'admin'],
  },
  {
    name: 'create a payout',
    path: '/api/payouts',
    init: { method: 'POST', json: {}, headers: { 'Idempotency-Key': 'access-matrix-key' } },
    allowed: ['finance', 'admin'],
  },
  {
    name: 'settle an unknown payout by hand',
    path: `/api/payouts/${NO_PAYOUT}/resolution`,
    init: { method: 'POST', json: { action: 'propose_mark_failed', reason: 'Not at the PSP' } },
    allowed: ['finance', 'admin'],
  },
  {
    name: 'settle unknown payouts by hand in bulk',
    path: '/api/payouts/resolutions',
    init: {
      method: 'POST',
      json: { action: 'propose_mark_failed', reason: 'Not at the PSP', payout_ids: [NO_PAYOUT] },
    },
    allowed: ['finance', 'admin'],
  },
  {
    name: 'send a payout marked failed again',
    path: `/api/payouts/${NO_PAYOUT}/send-again`,
    init: {
      method: 'POST',
      json: { order_id: 'access-matrix-again' },
      headers: { 'Idempotency-Key': 'access-matrix-again-key' },
    },
    allowed: ['finance', 'admin'],
  },
  { name: 'the approvals inbox', path: '/api/approvals', allowed: ['finance', 'admin'] },
  { name: 'the approvals badge', path: '/api/approvals/count', allowed: ['finance', 'admin'] },
  {
    name: 'decide on approvals in bulk',
    path: '/api/approvals/decisions',
    init: { method: 'POST', json: { decision: 'approve', payout_ids: [NO_PAYOUT] } },
    allowed: ['finance', 'admin'],
  },
  {
    name: 'read the providers matrix',
    path: '/api/providers/matrix',
    allowed: ['support', 'admin'],
  },
  {
    name: 'list beneficiaries',
    path: '/api/beneficiaries',
    allowed: ['finance', 'support', 'admin'],
  },
  {
    name: 'view a beneficiary',
    path: `/api/beneficiaries/${NO_PAYOUT}`,
    allowed: ['finance', 'support', 'admin'],
  },
  {
    name: 'create a beneficiary',
    path: '/api/beneficiaries',
    init: { method: 'POST', json: {} },
    allowed: ['finance', 'admin'],
  },
  {
    name: 'change a beneficiary',
    path: `/api/beneficiaries/${NO_PAYOUT}`,
    init: { method: 'PATCH', json: { display_name: 'Nobody' } },
    allowed: ['finance', 'admin'],
  },
  {
    name: "approve a beneficiary's change",
    path: `/api/beneficiaries/${NO_PAYOUT}/changes/${NO_PAYOUT}/approve`,
    init: { method: 'POST', json: {} },
    allowed: ['finance', 'admin'],
  },
  {
    name: "reject a beneficiary's change",
    path: `/api/beneficiaries/${NO_PAYOUT}/changes/${NO_PAYOUT}/reject`,
    init: { method: 'POST', json: { reason: 'No' } },
    allowed: ['finance', 'admin'],
  },
  {
    name: 'archive a beneficiary',
    path: `/api/beneficiaries/${NO_PAYOUT}/archive`,
    init: { method: 'POST', json: {} },
    allowed: ['finance', 'admin'],
  },
  {
    name: 'read the approval policy',
    path: '/api/approval-policies',
    allowed: ['finance', 'support', 'admin'],
  },
  {
    name: 'propose an approval-policy change',
    path: '/api/approval-policies/proposals',
    init: { method: 'POST', json: {} },
    allowed: ['admin'],
  },
  {
    name: 'approve an approval-policy change',
    path: `/api/approval-policies/proposals/${NO_PAYOUT}/approve`,
    init: { method: 'POST', json: {} },
    allowed: ['admin'],
  },
  {
    name: 'reject an approval-policy change',
    path: `/api/approval-policies/proposals/${NO_PAYOUT}/reject`,
    init: { method: 'POST', json: { reason: 'No' } },
    allowed: ['admin'],
  },
  {
    name: 'dry-run an approval policy',
    path: '/api/approval-policies/dry-run',
    init: { method: 'POST', json: {} },
    allowed: ['admin'],
  },
  { name: 'list users', path: '/api/users', allowed: ['admin'] },
  {
    name: 'create a user',
    path: '/api/users',
    init: { method: 'POST', json: {} },
    allowed: ['admin'],
  },
  {
    name: 'change a user',
    path: `/api/users/${NO_PAYOUT}`,
    init: { method: 'PATCH', json: { name: 'Nobody' } },
    allowed: ['admin'],
  },
  {
    name: "reset a user's password",
    path: `/api/users/${NO_PAYOUT}/password`,
    init: { method: 'POST', json: {} },
    allowed: ['admin'],
  },
  { name: 'list account changes', path: '/api/user-changes', allowed: ['admin'] },
  {
    name: 'approve an account change',
    path: `/api/user-changes/${NO_PAYOUT}/approve`,
    init: { method: 'POST', json: {} },
    allowed: ['admin'],
  },
  {
    name: 'reject an account change',
    path: `/api/user-changes/${NO_PAYOUT}/reject`,
    init: { method: 'POST', json: { reason: 'No' } },
    allowed: ['admin'],
  },
  { name: 'list own sessions', path: '/api/me/sessions', allowed: ['finance', 'support', 'admin'] },
  {
    name: 'end one of own sessions',
    path: `/api/me/sessions/${'0'.repeat(32)}`,
    init: { method: 'DELETE' },
    allowed: ['finance', 'support', 'admin'],
  },
  {
    name: 'end own other sessions',
    path: '/api/me/sessions/end-others',
    init: { method: 'POST', json: { invalid: true } },
    allowed: ['finance', 'support', 'admin'],
  },
  { name: "list a user's sessions", path: `/api/users/${NO_PAYOUT}/sessions`, allowed: ['admin'] },
  {
    name: "end a user's session",
    path: `/api/users/${NO_PAYOUT}/sessions/${'0'.repeat(32)}`,
    init: { method: 'DELETE' },
    allowed: ['admin'],
  },
  {
    name: "end all a user's sessions",
    path: `/api/users/${NO_PAYOUT}/sessions/end-all`,
    init: { method: 'POST', json: {} },
    allowed: ['admin'],
  },
  // Second factors (issue 14): one's own (every role), and an admin's reset of a user's.
  { name: 'list own factors', path: '/api/me/factors', allowed: ['finance', 'support', 'admin'] },
  {
    name: 'start a TOTP enrolment',
    path: '/api/me/factors/totp',
    init: { method: 'POST', json: { invalid: true } },
    allowed: ['finance', 'support', 'admin'],
  },
  {
    name: 'confirm a TOTP enrolment',
    path: `/api/me/factors/totp/${NO_PAYOUT}/confirm`,
    init: { method: 'POST', json: { code: '123456' } },
    allowed: ['finance', 'support', 'admin'],
  },
  {
    name: 'passkey registration options',
    path: '/api/me/factors/passkeys/options',
    init: { method: 'POST', json: {} },
    allowed: ['finance', 'support', 'admin'],
  },
  {
    name: 'register a passkey',
    path: '/api/me/factors/passkeys',
    init: { method: 'POST', json: { response: {} } },
    allowed: ['finance', 'support', 'admin'],
  },
  {
    name: 'remove one of own factors',
    path: `/api/me/factors/${NO_PAYOUT}`,
    init: { method: 'DELETE' },
    allowed: ['finance', 'support', 'admin'],
  },
  {
    name: 'new recovery codes',
    path: '/api/me/recovery-codes',
    init: { method: 'POST', json: {} },
    allowed: ['finance', 'support', 'admin'],
  },
  {
    name: 'passkey verification options',
    path: '/api/session/verify/options',
    init: { method: 'POST', json: {} },
    allowed: ['finance', 'support', 'admin'],
  },
  {
    name: 'verify a second factor',
    path: '/api/session/verify',
    init: { method: 'POST', json: { method: 'totp', code: '123456' } },
    allowed: ['finance', 'support', 'admin'],
  },
  {
    name: "reset a user's factors",
    path: `/api/users/${NO_PAYOUT}/factors/reset`,
    init: { method: 'POST', json: {} },
    allowed: ['admin'],
  },
  { name: 'lab test data', path: '/api/lab/test-data', allowed: ['admin'] },
  {
    name: 'send a lab test payout',
    path: '/api/lab/payouts',
    init: { method: 'POST', json: {}, headers: { 'Idempotency-Key': 'access-matrix-lab-key' } },
    allowed: ['admin'],
  },
  { name: 'deposit console options', path: '/api/lab/deposits/options', allowed: ['admin'] },
  { name: 'fingerprint content', path: '/api/lab/fingerprint', allowed: ['admin'] },
  {
    name: 'send a lab card deposit',
    path: '/api/lab/deposits',
    init: { method: 'POST', json: {} },
    allowed: ['admin'],
  },
  { name: 'follow a lab deposit', path: '/api/lab/deposits/no-such-deposit', allowed: ['admin'] },
  {
    name: 'read own notifications',
    path: '/api/me/notifications',
    allowed: ['finance', 'support', 'admin'],
  },
  {
    name: 'mark own notifications read',
    path: '/api/me/notifications/read',
    init: { method: 'POST', json: {} },
    allowed: ['finance', 'support', 'admin'],
  },
  {
    name: 'read own notification settings',
    path: '/api/me/notification-settings',
    allowed: ['finance', 'support', 'admin'],
  },
  {
    name: 'change own notification settings',
    path: '/api/me/notification-settings',
    init: { method: 'PATCH', json: {} },
    allowed: ['finance', 'support', 'admin'],
  },
  // Saved views of the payouts list (issue 15): everyone has views; only admins share them.
  // Ids are of no view: past the role check, a change or delete answers 404.
  { name: 'list saved views', path: '/api/payout-views', allowed: ['finance', 'support', 'admin'] },
  {
    name: 'save a view',
    path: '/api/payout-views',
    init: { method: 'POST', json: { name: 'Access matrix', state: VIEW_STATE } },
    allowed: ['finance', 'support', 'admin'],
  },
  {
    name: 'save a view shared with everyone',
    path: '/api/payout-views',
    init: {
      method: 'POST',
      json: { name: 'Access matrix shared', state: VIEW_STATE, shared: true },
    },
    allowed: ['admin'],
  },
  {
    name: 'change a saved view',
    path: `/api/payout-views/${NO_PAYOUT}`,
    init: { method: 'PATCH', json: { name: 'Renamed' } },
    allowed: ['finance', 'support', 'admin'],
  },
  {
    name: 'share a saved view',
    path: `/api/payout-views/${NO_PAYOUT}`,
    init: { method: 'PATCH', json: { shared: true } },
    allowed: ['admin'],
  },
  {
    name: 'delete a saved view',
    path: `/api/payout-views/${NO_PAYOUT}`,
    init: { method: 'DELETE' },
    allowed: ['finance', 'support', 'admin'],
  },
  {
    name: 'set the default view',
    path: '/api/payout-views/default',
    init: { method: 'PUT', json: { view_id: null } },
    allowed: ['finance', 'support', 'admin'],
  },
  // Batch payouts from a file (issue 13): support reads; finance and admin write; approve and
  // reject need payouts:approve.
  { name: 'list batches', path: '/api/batches', allowed: ['finance', 'support', 'admin'] },
  {
    name: 'a batch template',
    path: '/api/batches/template?country=BE&currency=EUR&payout_method_type=bank_account&provider=northwind_pay',
    allowed: ['finance', 'support', 'admin'],
  },
  {
    name: 'upload a batch file',
    path: '/api/batches?country=BE&currency=EUR&payout_method_type=bank_account&provider=northwind_pay&file_name=x.csv',
    init: { method: 'POST', body: '', headers: { 'Content-Type': 'text/csv' } },
    allowed: ['finance', 'admin'],
  },
  {
    name: 'view a batch',
    path: `/api/batches/${NO_PAYOUT}`,
    allowed: ['finance', 'support', 'admin'],
  },
  {
    name: "list a batch's rows",
    path: `/api/batches/${NO_PAYOUT}/rows`,
    allowed: ['finance', 'support', 'admin'],
  },
  {
    name: "fix a batch's row",
    path: `/api/batches/${NO_PAYOUT}/rows/1`,
    init: { method: 'PATCH', json: { cells: { amount: '1.00' } } },
    allowed: ['finance', 'admin'],
  },
  {
    name: 'validate a batch',
    path: `/api/batches/${NO_PAYOUT}/validate`,
    init: { method: 'POST', json: { exclude_invalid: true } },
    allowed: ['finance', 'admin'],
  },
  {
    name: 'submit a batch',
    path: `/api/batches/${NO_PAYOUT}/submit`,
    init: { method: 'POST', json: {} },
    allowed: ['finance', 'admin'],
  },
  {
    name: 'approve a batch',
    path: `/api/batches/${NO_PAYOUT}/approve`,
    init: { method: 'POST', json: {} },
    allowed: ['finance', 'admin'],
  },
  {
    name: 'reject a batch',
    path: `/api/batches/${NO_PAYOUT}/reject`,
    init: { method: 'POST', json: { reason: 'No' } },
    allowed: ['finance', 'admin'],
  },
  {
    name: 'cancel a batch',
    path: `/api/batches/${NO_PAYOUT}/cancel`,
    init: { method: 'POST', json: {} },
    allowed: ['finance', 'admin'],
  },
  {
    name: "retry a batch's failed rows",
    path: `/api/batches/${NO_PAYOUT}/retry`,
    init: { method: 'POST', json: { provider: 'northwind_pay' } },
    allowed: ['finance', 'admin'],
  },
  {
    name: "export a batch's results",
    path: `/api/batches/${NO_PAYOUT}/results.csv`,
    allowed: ['finance', 'support', 'admin'],
  },
];

describe.each(appTestDatabaseKinds)('role x route matrix (%s)', (kind) => {
  let database: TestDatabase;
  let t: TestApp;
  const clients = {} as Record<Who, (path: string, init?: ApiInit) => Promise<Response>>;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    t = await startTestApp({ database });
    clients.anonymous = t.api;
    for (const role of ['finance', 'support', 'admin'] as const)
      clients[role] = await t.signIn(role);
  });
  afterAll(async () => {
    await t?.close();
    await database?.close();
  });

  const cases = routes.flatMap((route) =>
    (['anonymous', 'finance', 'support', 'admin'] as const).map((who) => ({ ...route, who })),
  );

  it.each(cases)('$who: $name', async ({ path, init, allowed, who }) => {
    const res = await clients[who](path, init);
    if (allowed.includes(who)) {
      // Past the role check: whatever the handler says, it is not an access refusal.
      expect([401, 403]).not.toContain(res.status);
    } else {
      const expected = who === 'anonymous' ? 401 : 403;
      expect(res.status).toBe(expected);
      expect(res.headers.get('content-type')).toMatch(/problem\+json/);
      expect((await readJson(res)).code).toBe(
        who === 'anonymous' ? 'unauthenticated' : 'forbidden',
      );
    }
  });
});

// Step-up (issue 14): for a user with a second factor, these answer 403 `step_up_required` until
// a factor was verified within STEP_UP_MINUTES, whatever the role allows; bodies are valid so
// that the step-up check, not validation, is what answers.
const stepUpRoutes: RouteCase[] = [
  {
    name: 'create a payout that needs approval',
    path: '/api/payouts',
    init: {
      method: 'POST',
      json: {
        order_id: 'step-up-matrix',
        provider: 'northwind_pay',
        country: 'BE',
        currency: 'EUR',
        state: null,
        amount: '900000.00',
        payout_method_type: 'credit_card',
        metadata: { ...TEST_CARD_METADATA },
      },
      headers: { 'Idempotency-Key': 'step-up-matrix-key' },
    },
    allowed: ['finance', 'admin'],
  },
  {
    name: 'approve a payout',
    path: `/api/payouts/${NO_PAYOUT}/approve`,
    init: { method: 'POST', json: {} },
    allowed: ['finance', 'admin'],
  },
  {
    name: 'approve payouts in bulk',
    path: '/api/approvals/decisions',
    init: { method: 'POST', json: { decision: 'approve', payout_ids: [NO_PAYOUT] } },
    allowed: ['finance', 'admin'],
  },
  {
    name: 'approve a batch',
    path: `/api/batches/${NO_PAYOUT}/approve`,
    init: { method: 'POST', json: {} },
    allowed: ['finance', 'admin'],
  },
  {
    name: 'approve a beneficiary change',
    path: `/api/beneficiaries/${NO_PAYOUT}/changes/${NO_PAYOUT}/approve`,
    init: { method: 'POST', json: {} },
    allowed: ['finance', 'admin'],
  },
  {
    name: 'approve a policy change',
    path: `/api/approval-policies/proposals/${NO_PAYOUT}/approve`,
    init: { method: 'POST', json: {} },
    allowed: ['admin'],
  },
  {
    name: 'create a user',
    path: '/api/users',
    init: {
      method: 'POST',
      json: {
        email: 'step-up@example.com',
        name: 'Step Up',
        role: 'support',
        password: 'a-long-password-1',
      },
    },
    allowed: ['admin'],
  },
  {
    name: 'change a user',
    path: `/api/users/${NO_PAYOUT}`,
    init: { method: 'PATCH', json: { role: 'support' } },
    allowed: ['admin'],
  },
  {
    name: "reset a user's password",
    path: `/api/users/${NO_PAYOUT}/password`,
    init: { method: 'POST', json: { password: 'a-long-password-1' } },
    allowed: ['admin'],
  },
  {
    name: 'remove one of own factors',
    path: `/api/me/factors/${NO_PAYOUT}`,
    init: { method: 'DELETE' },
    allowed: ['finance', 'admin'],
  },
  {
    name: 'new recovery codes',
    path: '/api/me/recovery-codes',
    init: { method: 'POST', json: {} },
    allowed: ['finance', 'admin'],
  },
  {
    name: "reset a user's factors",
    path: `/api/users/${NO_PAYOUT}/factors/reset`,
    init: { method: 'POST', json: {} },
    allowed: ['admin'],
  },
];

describe.each(appTestDatabaseKinds)('step-up x route matrix (%s)', (kind) => {
  let database: TestDatabase;
  let t: TestApp;
  const clients = {} as Record<'finance' | 'admin', ApiFetch>;
  const verify = (client: ApiFetch) =>
    t.sessionService.recordSecondFactor(client.cookie!.split('=')[1]!, 'passkey');

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    t = await startTestApp({ database, env: { APPROVAL_THRESHOLDS: '*=1000' } });
    for (const role of ['finance', 'admin'] as const) {
      const [user] = await t.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, `${role}@example.com`));
      await t.db.insert(staffFactors).values({
        id: randomUUID(),
        userId: user!.id,
        kind: 'passkey',
        label: 'Matrix key',
        credentialId: `matrix-${role}`,
        publicKey: 'not-used',
        signCount: 0,
        confirmedAt: t.clock.now(),
        createdAt: t.clock.now(),
      });
      clients[role] = await t.signIn(role);
      await verify(clients[role]);
    }
    // Verified more than STEP_UP_MINUTES ago.
    t.clock.advance(t.config.mfa.stepUpMs);
  });
  afterAll(async () => {
    await t?.close();
    await database?.close();
  });

  const cases = stepUpRoutes.flatMap((route) =>
    (route.allowed as ('finance' | 'admin')[]).map((who) => ({ ...route, who })),
  );

  it.each(cases)('$who: $name asks for a fresh factor', async ({ path, init, who }) => {
    const res = await clients[who](path, init);
    expect(res.status).toBe(403);
    expect(res.headers.get('content-type')).toMatch(/problem\+json/);
    expect((await readJson(res)).code).toBe('step_up_required');
  });

  it.each(cases)('$who: $name passes with a fresh factor', async ({ path, init, who }) => {
    await verify(clients[who]);
    const res = await clients[who](path, init);
    expect([401, 403]).not.toContain(res.status);
  });
});
