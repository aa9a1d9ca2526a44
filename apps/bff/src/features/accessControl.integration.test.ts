import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffFactors, users } from '../db/schema.js';
import { TEST_CARD_METADATA } from '../testing/testCardMetadata.js';
import { pathOf, rolesFor } from '@payouts/contracts';
import { ENDPOINTS, type Endpoint } from '@payouts/contracts/endpoints';
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

/**
 * Who gets through an endpoint's access check: the roles its permission names in the product's
 * permission table (`PERMISSIONS`), anyone for a public route or one behind a path token.
 */
function allowedFor(endpoint: Endpoint): Who[] {
  switch (endpoint.access) {
    case 'public':
    case 'token':
      return ['anonymous', 'finance', 'support', 'admin'];
    case 'signed-in':
      return ['finance', 'support', 'admin'];
    default:
      return [...rolesFor(endpoint.access)];
  }
}

/**
 * A request that reaches the endpoint without doing anything: ids that name nothing, and a body
 * with an unknown field (refused after the access check by every body schema).
 */
function probeOf(endpoint: Endpoint): { path: string; init: ApiInit } {
  const path = pathOf(endpoint.path, {
    id: NO_PAYOUT,
    changeId: NO_PAYOUT,
    sessionId: NO_PAYOUT,
    row: '1',
    token: 'not-the-token',
  });
  const headers = endpoint.idempotencyKey ? { 'Idempotency-Key': 'access-matrix-key' } : undefined;
  const init: ApiInit = {
    method: endpoint.method.toUpperCase(),
    ...(endpoint.body !== undefined && endpoint.body !== 'csv'
      ? { json: { access_matrix_probe: true } }
      : {}),
    ...(headers ? { headers } : {}),
  };
  return { path, init };
}

// Every API route, from its one definition, and who may use it (product.md: every rule is
// enforced here). Signing out ends the caller's session, so it runs on sessions of its own.
const routes = Object.entries(ENDPOINTS).map(([name, endpoint]: [string, Endpoint]) => ({
  name: `${name} (${endpoint.method.toUpperCase()} ${endpoint.path})`,
  ...probeOf(endpoint),
  allowed: allowedFor(endpoint),
  ownSession: name === 'signOut',
}));

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

  it.each(cases)('$who: $name', async ({ path, init, allowed, who, ownSession }) => {
    const client = ownSession && who !== 'anonymous' ? await t.signIn(who) : clients[who];
    const res = await client(path, init);
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

// Step-up: for a user with a second factor, these answer 403 `step_up_required` until
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
