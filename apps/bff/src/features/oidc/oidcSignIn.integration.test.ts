import { OIDC_STARTS_PER_ADDRESS } from './oidcRouter.js';
import { signInAtIdp, startTestIdp, type TestIdp, type TestIdpAccount } from '@payouts/test-idp';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, oidcSignIns, sessions, users } from '../../db/schema.js';
import {
  openTestDatabase,
  appTestDatabaseKinds,
  type TestDatabase,
} from '../../testing/testDatabase.js';
import {
  readJson,
  startTestApp,
  TEST_PASSWORD,
  testPasswordHasher,
  type TestApp,
} from '../../testing/testApp.js';
import { createTestClock } from '../../testing/testClock.js';

const CLIENT = { client_id: 'payouts-bff', client_secret: 'payouts-bff-secret-for-tests' };
const ROLE_MAP = 'payouts-admin=admin,payouts-finance=finance,payouts-support=support';

const account = (login: string, groups: string[], extra: Partial<TestIdpAccount> = {}) => ({
  login,
  password: `${login}-pw`,
  email: `${login}@idp.test`,
  name: `${login} at the IdP`,
  groups,
  ...extra,
});

const ACCOUNTS: TestIdpAccount[] = [
  account('fin', ['payouts-finance', 'other']),
  account('both', ['payouts-finance', 'payouts-admin']),
  account('mfa', ['payouts-admin'], { mfa: true }),
  account('nog', ['marketing']),
  account('chg', ['payouts-finance']),
  account('chg2', ['payouts-finance']),
  account('rem', ['payouts-support']),
  account('gone', ['payouts-support']),
  account('dis', ['payouts-support']),
  account('linker', ['payouts-finance'], { email: 'finance2@example.com' }),
  account('unverified', ['payouts-finance'], {
    email: 'support@example.com',
    emailVerified: false,
  }),
];

/** The SSO env for the app under test; the IdP is restarted on its port once the app's URL is known. */
async function startWithIdp(
  database: TestDatabase,
  env: Record<string, string>,
  logLines: string[] = [],
): Promise<{ t: TestApp; idp: TestIdp }> {
  const placeholder = await startTestIdp({ clients: [], accounts: [] });
  const port = placeholder.port;
  await placeholder.stop();
  const t = await startTestApp({
    database,
    // Real time: the provider's tokens carry the wall clock; tests move it forward from there.
    clock: createTestClock(new Date()),
    logDestination: { write: (line: string) => logLines.push(line) },
    env: {
      OIDC_ISSUER: `http://127.0.0.1:${port}`,
      OIDC_CLIENT_ID: CLIENT.client_id,
      OIDC_CLIENT_SECRET: CLIENT.client_secret,
      OIDC_PROVIDER_NAME: 'Test IdP',
      OIDC_ROLE_MAP: ROLE_MAP,
      OIDC_RECHECK_MINUTES: '5',
      ...env,
    },
  });
  const idp = await startTestIdp({
    port,
    clients: [{ ...CLIENT, redirect_uris: [t.config.auth.oidc!.redirectUri.href] }],
    accounts: ACCOUNTS,
  });
  return { t, idp };
}

interface Landing {
  status: number;
  location: string | null;
  cookie: string | undefined;
}

/**
 * The browser each sign-in was started in, by its state: the binding cookie the start set, sent
 * back with that state's callback (decision 042). `otherBrowser` sends none.
 */
const browsers = new Map<string, string>();

async function follow(url: URL | string, { otherBrowser = false } = {}): Promise<Landing> {
  const target = new URL(url);
  const state = target.searchParams.get('state');
  const binding = !otherBrowser && state !== null ? browsers.get(state) : undefined;
  const res = await fetch(url, {
    redirect: 'manual',
    ...(binding ? { headers: { cookie: binding } } : {}),
  });
  const set = res.headers
    .getSetCookie()
    .find((c) => c.startsWith('oidc-sign-in='))
    ?.split(';')[0];
  const location = res.headers.get('location');
  if (set && set !== 'oidc-sign-in=' && location) {
    const started = new URL(location).searchParams.get('state');
    if (started) browsers.set(started, set);
  }
  return {
    status: res.status,
    location: res.headers.get('location'),
    cookie: res.headers
      .getSetCookie()
      .find((c) => c.startsWith('session='))
      ?.split(';')[0],
  };
}

describe.each(appTestDatabaseKinds)('single sign-on (%s)', (kind) => {
  let database: TestDatabase;
  let t: TestApp;
  let idp: TestIdp;
  const logLines: string[] = [];

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    ({ t, idp } = await startWithIdp(
      database,
      { AUTH_MODE: 'both', OIDC_TRUST_MFA: '1' },
      logLines,
    ));
  });
  afterAll(async () => {
    await t?.close();
    await idp?.stop();
    await database?.close();
  });

  /** Start at the BFF, sign in at the provider: the callback URL the browser would be sent to. */
  async function atProvider(login: string, returnTo = '/payouts?status=failed'): Promise<URL> {
    const start = await follow(
      `${t.baseUrl}/api/auth/oidc/start?return_to=${encodeURIComponent(returnTo)}`,
    );
    expect(start.status).toBe(302);
    expect(start.location).toMatch(new RegExp(`^${idp.issuer}/auth\\?`));
    const { callbackUrl } = await signInAtIdp(start.location!, {
      login,
      password: `${login}-pw`,
    });
    return callbackUrl;
  }

  const me = async (cookie: string | undefined) => {
    const res = await fetch(`${t.baseUrl}/api/session`, { headers: { cookie: cookie ?? '' } });
    const body = res.status === 200 ? await readJson(res) : null;
    return { status: res.status, user: body?.user, security: body?.security };
  };
  const userOf = async (login: string) =>
    (await t.db.select().from(users).where(eq(users.oidcSubject, login)))[0];
  const auditOf = (action: string) =>
    t.db.select().from(auditLog).where(eq(auditLog.action, action));
  const counts = async () => ({
    users: (await t.db.select().from(users)).length,
    sessions: (await t.db.select().from(sessions)).length,
  });

  it('signs in with the role the group claim maps to and lands on return_to with a session', async () => {
    const start = await follow(`${t.baseUrl}/api/auth/oidc/start?return_to=%2Fpayouts`);
    const authorization = new URL(start.location!);
    expect(Object.fromEntries(authorization.searchParams)).toMatchObject({
      client_id: CLIENT.client_id,
      response_type: 'code',
      code_challenge_method: 'S256',
      redirect_uri: `${t.baseUrl}/api/auth/oidc/callback`,
    });
    expect(authorization.searchParams.get('state')).toMatch(/^[\w-]{20,}$/);
    expect(authorization.searchParams.get('nonce')).toMatch(/^[\w-]{20,}$/);
    // Only the state's HMAC and the sealed verifier are stored.
    const [row] = await t.db.select().from(oidcSignIns);
    expect(row!.stateHash).not.toBe(authorization.searchParams.get('state'));
    expect(row!.codeVerifier).toMatch(/^v2\./);

    const landing = await follow(await atProvider('fin'));
    expect(landing.status).toBe(302);
    expect(landing.location).toBe('/payouts?status=failed');
    expect(landing.cookie).toMatch(/^session=[\w-]{43}$/);
    const { user } = await me(landing.cookie);
    expect(user).toMatchObject({ email: 'fin@idp.test', name: 'fin at the IdP', role: 'finance' });
    const stored = await userOf('fin');
    expect(stored).toMatchObject({ oidcIssuer: idp.issuer + '/', role: 'finance' });
    const [session] = await t.db.select().from(sessions).where(eq(sessions.userId, stored!.id));
    expect(session).toMatchObject({ authMethod: 'oidc', secondFactorMethod: null });
    // The refresh token is kept sealed, never in the clear.
    expect(session!.oidcRefreshToken).toMatch(/^v2\./);
    expect((await auditOf('user.created')).some((a) => a.targetId === stored!.id)).toBe(true);
    // Made by the provider: no password works for it.
    const password = await t.api('/api/session', {
      method: 'POST',
      json: { email: 'fin@idp.test', password: stored!.passwordHash },
    });
    expect(password.status).toBe(401);
  });

  it('takes the first OIDC_ROLE_MAP entry the user has a group of', async () => {
    const landing = await follow(await atProvider('both'));
    expect((await me(landing.cookie)).user.role).toBe('admin');
  });

  it('refuses a user without a mapped group, with no session and no account', async () => {
    const before = await counts();
    const landing = await follow(await atProvider('nog'));
    expect(landing).toEqual({ status: 302, location: '/sign-in?error=no_role', cookie: undefined });
    expect(await counts()).toEqual(before);
    const refused = await auditOf('session.sign_in_refused');
    expect(refused.at(-1)!.data).toMatchObject({
      refusal: 'no_role',
      email: 'nog@idp.test',
      groups: ['marketing'],
    });
  });

  it('takes the role from the claim at each sign-in', async () => {
    expect((await me((await follow(await atProvider('chg2'))).cookie)).user.role).toBe('finance');
    idp.setGroups('chg2', ['payouts-support']);
    expect((await me((await follow(await atProvider('chg2'))).cookie)).user.role).toBe('support');
    const changed = await auditOf('user.role_changed_by_provider');
    expect(changed.at(-1)!.data).toEqual({ from: 'finance', to: 'support' });
  });

  it('refuses a forged state and stores nothing; the real callback still works once, never twice', async () => {
    const callback = await atProvider('fin');
    const forged = new URL(callback);
    forged.searchParams.set('state', 'forged-state-value');
    const before = await counts();
    expect(await follow(forged)).toEqual({
      status: 302,
      location: '/sign-in?error=provider_error',
      cookie: undefined,
    });
    expect(await counts()).toEqual(before);
    // No browser started a sign-in with that state: refused before it is even looked up.
    expect((await auditOf('session.sign_in_refused')).at(-1)!.data).toMatchObject({
      reason: 'other_browser',
    });

    const first = await follow(callback);
    expect(first.cookie).toBeDefined();
    const replay = await follow(callback);
    expect(replay).toEqual({
      status: 302,
      location: '/sign-in?error=provider_error',
      cookie: undefined,
    });
  });

  it('refuses a callback link started in another browser: the attacker’s sign-in never lands in the victim’s', async () => {
    const start = await fetch(`${t.baseUrl}/api/auth/oidc/start`, { redirect: 'manual' });
    const cookie = start.headers.getSetCookie().find((c) => c.startsWith('oidc-sign-in='));
    expect(cookie).toMatch(/; Max-Age=600; Path=\/; .*HttpOnly; SameSite=Lax$/);
    // The attacker signs in at the provider as themselves, stops before the callback, and sends
    // the link to a colleague, whose browser holds no binding cookie for it.
    const link = await atProvider('fin');
    const before = await counts();
    expect(await follow(link, { otherBrowser: true })).toEqual({
      status: 302,
      location: '/sign-in?error=provider_error',
      cookie: undefined,
    });
    expect(await counts()).toEqual(before);
    expect((await auditOf('session.sign_in_refused')).at(-1)!.data).toMatchObject({
      reason: 'other_browser',
    });
  });

  it('refuses a used code presented with a new sign-in state (the provider and PKCE refuse it)', async () => {
    const callback = await atProvider('fin');
    expect((await follow(callback)).cookie).toBeDefined();
    const second = new URL(await atProvider('fin'));
    second.searchParams.set('code', callback.searchParams.get('code')!);
    expect((await follow(second)).location).toBe('/sign-in?error=provider_error');
    expect((await auditOf('session.sign_in_refused')).at(-1)!.data).toMatchObject({
      reason: 'invalid_grant',
    });
  });

  it('refuses an ID token for another audience, and an expired one', async () => {
    try {
      idp.tamperIdTokens((claims) => ({ ...claims, aud: 'another-client' }));
      expect((await follow(await atProvider('fin'))).location).toBe(
        '/sign-in?error=provider_error',
      );
      const now = Math.floor(Date.now() / 1000);
      idp.tamperIdTokens((claims) => ({ ...claims, iat: now - 7200, exp: now - 3600 }));
      expect((await follow(await atProvider('fin'))).location).toBe(
        '/sign-in?error=provider_error',
      );
    } finally {
      idp.tamperIdTokens(undefined);
    }
    // The audit says why, and no token is in it.
    const reasons = (await auditOf('session.sign_in_refused')).slice(-2).map((a) => a.data);
    expect(reasons).toEqual([
      expect.objectContaining({
        refusal: 'provider_error',
        reason: 'OAUTH_JWT_CLAIM_COMPARISON_FAILED:aud',
      }),
      expect.objectContaining({
        refusal: 'provider_error',
        reason: 'OAUTH_JWT_TIMESTAMP_CHECK_FAILED:exp',
      }),
    ]);
    expect(JSON.stringify(reasons)).not.toMatch(/eyJ/);
  });

  it('answers a sign-in cancelled at the provider with cancelled', async () => {
    const start = await follow(`${t.baseUrl}/api/auth/oidc/start`);
    const { callbackUrl } = await signInAtIdp(start.location!, {
      login: '',
      password: '',
      cancel: true,
    });
    expect((await follow(callbackUrl)).location).toBe('/sign-in?error=cancelled');
  });

  it('answers a callback older than 10 minutes with expired', async () => {
    const callback = await atProvider('fin');
    t.clock.advance(11 * 60_000);
    expect((await follow(callback)).location).toBe('/sign-in?error=expired');
  });

  it('refuses a disabled user', async () => {
    expect((await follow(await atProvider('dis'))).cookie).toBeDefined();
    await t.db.update(users).set({ disabledAt: t.clock.now() }).where(eq(users.oidcSubject, 'dis'));
    expect(await follow(await atProvider('dis'))).toEqual({
      status: 302,
      location: '/sign-in?error=disabled',
      cookie: undefined,
    });
  });

  it('links an existing account by verified email (its password goes), not by an unverified one', async () => {
    const linked = await follow(await atProvider('linker'));
    expect((await me(linked.cookie)).user).toMatchObject({
      email: 'finance2@example.com',
      role: 'finance',
    });
    expect((await auditOf('user.linked_to_provider')).length).toBe(1);
    const password = await t.api('/api/session', {
      method: 'POST',
      json: { email: 'finance2@example.com', password: TEST_PASSWORD },
    });
    expect(password.status).toBe(401);
    // Even a password set by other means does not open a linked account.
    await t.db
      .update(users)
      .set({ passwordHash: await testPasswordHasher.hash(TEST_PASSWORD) })
      .where(eq(users.email, 'finance2@example.com'));
    const again = await t.api('/api/session', {
      method: 'POST',
      json: { email: 'finance2@example.com', password: TEST_PASSWORD },
    });
    expect(again.status).toBe(401);

    expect((await follow(await atProvider('unverified'))).location).toBe(
      '/sign-in?error=provider_error',
    );
    const support = await t.api('/api/session', {
      method: 'POST',
      json: { email: 'support@example.com', password: TEST_PASSWORD },
    });
    expect(support.status).toBe(200);
  });

  it('trusts the provider’s MFA (amr) when OIDC_TRUST_MFA is on', async () => {
    const landing = await follow(await atProvider('mfa'));
    const user = await userOf('mfa');
    const [session] = await t.db.select().from(sessions).where(eq(sessions.userId, user!.id));
    expect(session).toMatchObject({ authMethod: 'oidc', secondFactorMethod: 'provider' });
    expect(session!.secondFactorAt).toBeInstanceOf(Date);
    expect((await me(landing.cookie)).security).toMatchObject({
      auth_method: 'oidc',
      second_factor: 'satisfied',
    });
    // A password-only sign-in at the provider satisfies nothing.
    const plain = await follow(await atProvider('fin'));
    expect((await me(plain.cookie)).security.second_factor).not.toBe('satisfied');
  });

  it('ends the session of a user removed at the provider at the next recheck', async () => {
    const landing = await follow(await atProvider('rem'));
    expect((await me(landing.cookie)).status).toBe(200);
    idp.removeAccount('rem');
    // Before the recheck is due the session lives on.
    t.clock.advance(4 * 60_000);
    expect((await me(landing.cookie)).status).toBe(200);
    t.clock.advance(2 * 60_000);
    expect((await me(landing.cookie)).status).toBe(401);
    const user = await userOf('rem');
    const ended = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'session.end'), eq(auditLog.targetId, user!.id)));
    expect(ended.map((a) => a.data)).toEqual([{ reason: 'provider' }]);
    // And cannot sign in again.
    const start = await follow(`${t.baseUrl}/api/auth/oidc/start`);
    await expect(
      signInAtIdp(start.location!, { login: 'rem', password: 'rem-pw' }),
    ).rejects.toThrow(/refused/);
  });

  it('changes the role at the recheck when the groups changed, and ends it when none maps', async () => {
    const landing = await follow(await atProvider('chg'));
    expect((await me(landing.cookie)).user.role).toBe('finance');
    idp.setGroups('chg', ['payouts-admin']);
    t.clock.advance(6 * 60_000);
    expect((await me(landing.cookie)).user.role).toBe('admin');
    expect((await me(landing.cookie)).user.role).toBe('admin');
    expect((await userOf('chg'))!.role).toBe('admin');

    idp.setGroups('chg', ['marketing']);
    t.clock.advance(6 * 60_000);
    expect((await me(landing.cookie)).status).toBe(401);
  });

  it('sends return_to elsewhere than a same-origin path to /', async () => {
    for (const attempt of ['//evil.example/x', 'https://evil.example', '/\\evil.example']) {
      const landing = await follow(await atProvider('fin', attempt));
      expect(landing.location).toBe('/');
    }
  });

  it('answers hostile callback and start queries with a refusal or /, never a 5xx', async () => {
    const callbacks = [
      '',
      '?state=',
      `?state=${'s'.repeat(5000)}&code=x`,
      '?state=a&state=b&code=c',
      '?state=%E0%A4%A&code=%ZZ',
      '?error=server_error&state=unknown',
    ];
    for (const query of callbacks) {
      const res = await follow(`${t.baseUrl}/api/auth/oidc/callback${query}`);
      expect([res.status, res.location, res.cookie]).toEqual([
        302,
        '/sign-in?error=provider_error',
        undefined,
      ]);
    }
    for (const query of ['?return_to=/a&return_to=/b', '?return_to=%ZZ', '?return_to[x]=1']) {
      const res = await follow(`${t.baseUrl}/api/auth/oidc/start${query}`);
      expect(res.status).toBe(302);
    }
  });

  // Last of the flows: the address is then limited for the rest of the window.
  it('limits the sign-ins one address starts', async () => {
    let last = 0;
    for (let i = 0; i < OIDC_STARTS_PER_ADDRESS + 1; i += 1) {
      last = (await fetch(`${t.baseUrl}/api/auth/oidc/start`, { redirect: 'manual' })).status;
    }
    expect(last).toBe(429);
  });

  it('never writes a token from the provider to a row or a log line (last: after every flow)', async () => {
    const tokens = idp.issuedTokens();
    expect(tokens.length).toBeGreaterThan(20);
    const rows: string[] = [];
    for (const table of ['sessions', 'audit_log', 'oidc_sign_ins', 'users']) {
      const result: unknown = await t.db.execute(
        sql.raw(`select t::text as row from "${table}" t`),
      );
      rows.push(...(result as { rows: { row: string }[] }).rows.map((r) => r.row));
    }
    expect(logLines.some((l) => l.includes('OIDC'))).toBe(true);
    for (const token of tokens) {
      for (const text of [...rows, ...logLines]) expect(text.includes(token)).toBe(false);
    }
  });

  it('offers passwords and the provider under AUTH_MODE=both', async () => {
    const res = await t.api('/api/auth/options');
    expect(res.status).toBe(200);
    expect(await readJson(res)).toEqual({
      password: 'on',
      oidc: { name: 'Test IdP' },
      demo_mailbox: true,
    });
  });
});

describe.each(appTestDatabaseKinds)('AUTH_MODE=oidc and local (%s)', (kind) => {
  let database: TestDatabase;
  let local: TestDatabase;
  let t: TestApp;
  let l: TestApp;
  let idp: TestIdp;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    local = await openTestDatabase(kind);
    ({ t, idp } = await startWithIdp(database, {
      AUTH_MODE: 'oidc',
      BREAK_GLASS_EMAIL: 'admin@example.com',
    }));
    l = await startTestApp({ database: local });
  });
  afterAll(async () => {
    await t?.close();
    await l?.close();
    await idp?.stop();
    await database?.close();
    await local?.close();
  });

  it('refuses password sign-in with 403 password_sign_in_disabled', async () => {
    const res = await t.api('/api/session', {
      method: 'POST',
      json: { email: 'finance@example.com', password: TEST_PASSWORD },
    });
    expect(res.status).toBe(403);
    expect((await readJson(res)).code).toBe('password_sign_in_disabled');
    expect(res.headers.getSetCookie()).toEqual([]);
  });

  it('lets the break-glass admin in with a password, loudly audited', async () => {
    const res = await t.api('/api/session', {
      method: 'POST',
      json: { email: 'Admin@Example.com', password: TEST_PASSWORD },
    });
    expect(res.status).toBe(200);
    const [admin] = await t.db.select().from(users).where(eq(users.email, 'admin@example.com'));
    const [session] = await t.db.select().from(sessions).where(eq(sessions.userId, admin!.id));
    expect(session!.authMethod).toBe('break_glass');
    const audited = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'session.break_glass_sign_in'));
    expect(audited.map((a) => a.targetId)).toEqual([admin!.id]);
    const wrong = await t.api('/api/session', {
      method: 'POST',
      json: { email: 'admin@example.com', password: 'not-the-password' },
    });
    expect(wrong.status).toBe(401);
  });

  it('still signs in with the provider', async () => {
    const start = await follow(`${t.baseUrl}/api/auth/oidc/start`);
    const { callbackUrl } = await signInAtIdp(start.location!, {
      login: 'fin',
      password: 'fin-pw',
    });
    const landing = await follow(callbackUrl);
    expect(landing.location).toBe('/');
    expect(landing.cookie).toBeDefined();
  });

  it('ends a session at the recheck when the provider cannot be reached (fail closed)', async () => {
    const start = await follow(`${t.baseUrl}/api/auth/oidc/start`);
    const { callbackUrl } = await signInAtIdp(start.location!, {
      login: 'fin',
      password: 'fin-pw',
    });
    const { cookie } = await follow(callbackUrl);
    const get = () => fetch(`${t.baseUrl}/api/session`, { headers: { cookie: cookie! } });
    expect((await get()).status).toBe(200);
    await idp.stop();
    t.clock.advance(6 * 60_000);
    expect((await get()).status).toBe(401);
    const ended = await t.db.select().from(auditLog).where(eq(auditLog.action, 'session.end'));
    expect(ended.map((a) => a.data)).toEqual([{ reason: 'provider_unreachable' }]);
  });

  it('says what the sign-in page offers per mode', async () => {
    expect(await readJson(await t.api('/api/auth/options'))).toEqual({
      password: 'break_glass',
      oidc: { name: 'Test IdP' },
      demo_mailbox: true,
    });
    expect(await readJson(await l.api('/api/auth/options'))).toEqual({
      password: 'on',
      oidc: null,
      demo_mailbox: true,
    });
    // No provider configured: its routes do not exist.
    expect((await l.api('/api/auth/oidc/start')).status).toBe(404);
    expect((await l.api('/api/auth/oidc/callback?code=x&state=y')).status).toBe(404);
  });
});
