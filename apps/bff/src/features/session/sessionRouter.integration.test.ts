import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { refuseAuditRows } from '../../testing/refuseAudit.js';
import {
  openTestDatabase,
  appTestDatabaseKinds,
  type TestDatabase,
} from '../../testing/testDatabase.js';
import { readJson, startTestApp, TEST_PASSWORD, type TestApp } from '../../testing/testApp.js';
import { createTestClock } from '../../testing/testClock.js';

describe.each(appTestDatabaseKinds)('sessions (%s)', (kind) => {
  let database: TestDatabase;
  let t: TestApp;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    t = await startTestApp({ database });
  });
  afterAll(async () => {
    await t?.close();
    await database?.close();
  });

  it('signs in with the right password and returns the user and a strict session cookie', async () => {
    const res = await t.api('/api/session', {
      method: 'POST',
      json: { email: 'Finance@Example.com', password: TEST_PASSWORD },
    });
    expect(res.status).toBe(200);
    expect(await readJson(res)).toEqual({
      user: {
        id: expect.any(String),
        email: 'finance@example.com',
        name: 'Fin Ance',
        role: 'finance',
      },
      // The demo requires no second factor and this user has none: nothing to verify or step up.
      security: {
        auth_method: 'password',
        second_factor: 'not_required',
        methods: [],
        step_up: false,
        step_up_until: null,
        step_up_minutes: 5,
      },
    });
    const cookie = res.headers.getSetCookie()[0]!;
    expect(cookie).toMatch(/^session=[A-Za-z0-9_-]{43};/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    expect(cookie).toContain('Path=/');
    // Plain http public URL: no Secure flag, no __Host- prefix (see the https test below).
    expect(cookie).not.toContain('Secure');
  });

  it('refuses a wrong password and an unknown account with the same 401 problem', async () => {
    const wrong = await t.api('/api/session', {
      method: 'POST',
      json: { email: 'support@example.com', password: 'not-the-password' },
    });
    const unknown = await t.api('/api/session', {
      method: 'POST',
      json: { email: 'nobody@example.com', password: 'whatever-password' },
    });
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
      expect(res.headers.getSetCookie()).toEqual([]);
    }
    const [a, b] = [await readJson(wrong), await readJson(unknown)];
    expect(a.code).toBe('unauthenticated');
    expect(a.detail).toBe(b.detail);
  });

  it('GET /api/session answers 401 without a session and the user with one', async () => {
    const anonymous = await t.api('/api/session');
    expect(anonymous.status).toBe(401);
    expect((await readJson(anonymous)).code).toBe('unauthenticated');

    const support = await t.signIn('support');
    const res = await support('/api/session');
    expect(res.status).toBe(200);
    expect((await readJson(res)).user).toMatchObject({
      email: 'support@example.com',
      role: 'support',
    });
  });

  it('sign-out destroys the session server-side: the old cookie no longer works', async () => {
    const admin = await t.signIn('admin');
    const out = await admin('/api/session', { method: 'DELETE' });
    expect(out.status).toBe(204);
    expect(out.headers.getSetCookie()[0]).toMatch(/^session=;/);
    const after = await admin('/api/session');
    expect(after.status).toBe(401);
  });

  it('ends a session idle for the idle timeout, and keeps one in use', async () => {
    const finance = await t.signIn('finance');
    t.clock.advance(29 * 60_000);
    expect((await finance('/api/session')).status).toBe(200);
    t.clock.advance(29 * 60_000);
    // Used 29 minutes ago: still alive, 58 minutes after sign-in.
    expect((await finance('/api/session')).status).toBe(200);
    t.clock.advance(30 * 60_000);
    const expired = await finance('/api/session');
    expect(expired.status).toBe(401);
    // The dead cookie is cleared so the browser stops sending it.
    expect(expired.headers.getSetCookie()[0]).toMatch(/^session=;/);
  });

  it('keeps a session in use alive under a one-minute idle timeout, and ends it a minute idle', async () => {
    const short = await startTestApp({ database, env: { SESSION_IDLE_MINUTES: '1' } });
    try {
      const finance = await short.signIn('finance');
      // Used every 40 s for ten minutes: each request is within the timeout of the previous.
      for (let elapsed = 0; elapsed < 600; elapsed += 40) {
        short.clock.advance(40_000);
        expect((await finance('/api/session')).status).toBe(200);
      }
      short.clock.advance(60_000);
      expect((await finance('/api/session')).status).toBe(401);
    } finally {
      await short.close();
    }
  });

  it('ends a session at the absolute timeout even when it is used all the time', async () => {
    const finance = await t.signIn('finance');
    for (let elapsed = 0; elapsed < 8 * 60; elapsed += 20) {
      expect((await finance('/api/session')).status).toBe(200);
      t.clock.advance(20 * 60_000);
    }
    expect((await finance('/api/session')).status).toBe(401);
  });

  it('signs in and out only together with the audit row: a refused row leaves the session as it was', async () => {
    const sessionCount = async () => {
      // Both drivers answer `{ rows }`; the union of their result types does not say so.
      const result: unknown = await t.db.execute(sql`select count(*)::int as n from sessions`);
      return Number((result as { rows: { n: number }[] }).rows[0]?.n);
    };
    const before = await sessionCount();
    let undo = await refuseAuditRows(t.db, 'session.sign_in');
    try {
      const refused = await t.api('/api/session', {
        method: 'POST',
        json: { email: 'support@example.com', password: TEST_PASSWORD },
      });
      expect(refused.status).toBe(500);
      expect(refused.headers.getSetCookie()).toEqual([]);
      expect(await sessionCount()).toBe(before);
    } finally {
      await undo();
    }
    const support = await t.signIn('support');
    undo = await refuseAuditRows(t.db, 'session.sign_out');
    try {
      expect((await support('/api/session', { method: 'DELETE' })).status).toBe(500);
    } finally {
      await undo();
    }
    expect((await support('/api/session')).status).toBe(200);
  });

  it('refuses unknown fields in the sign-in body with pointers', async () => {
    const res = await t.api('/api/session', {
      method: 'POST',
      json: { email: 'admin@example.com', password: TEST_PASSWORD, remember: true },
    });
    expect(res.status).toBe(422);
    const problem = await readJson(res);
    expect(problem.code).toBe('validation_failed');
    expect(problem.errors).toEqual([{ pointer: '/remember', message: 'Unknown field' }]);
  });
});

describe.each(appTestDatabaseKinds)('sign-in throttling (%s)', (kind) => {
  // The counts live in the database: each test starts from an empty one.
  let database: TestDatabase;
  beforeEach(async () => {
    database = await openTestDatabase(kind);
  });
  afterEach(async () => {
    await database?.close();
  });

  const attempt = (t: TestApp, email: string, password: string) =>
    t.api('/api/session', { method: 'POST', json: { email, password } });
  /** An app with these limits of failures per account and per address, closed after `run`. */
  const withLimits = async (
    [perAccount, perAddress]: [number, number],
    run: (t: TestApp) => Promise<void>,
  ) => {
    const t = await startTestApp({
      database,
      env: {
        SIGN_IN_MAX_FAILURES_PER_ACCOUNT: String(perAccount),
        SIGN_IN_MAX_FAILURES_PER_ADDRESS: String(perAddress),
      },
    });
    try {
      await run(t);
    } finally {
      await t.close();
    }
  };

  it('delays one account after repeated failures, even for the right password, with Retry-After', async () => {
    await withLimits([3, 100], async (t) => {
      for (let i = 0; i < 3; i += 1) {
        expect((await attempt(t, 'finance2@example.com', 'wrong-password')).status).toBe(401);
      }
      // The fourth attempt must wait 1 s: the right password too, so guessing learns nothing.
      const limited = await attempt(t, 'FINANCE2@example.com', TEST_PASSWORD);
      expect(limited.status).toBe(429);
      expect(limited.headers.get('retry-after')).toBe('1');
      const problem = await readJson(limited);
      expect(problem).toMatchObject({ code: 'rate_limited', status: 429 });
      // Other accounts are not affected.
      expect((await attempt(t, 'support@example.com', TEST_PASSWORD)).status).toBe(200);
      // After the delay the owner signs in, and that clears the account's failures.
      t.clock.advance(1000);
      expect((await attempt(t, 'finance2@example.com', TEST_PASSWORD)).status).toBe(200);
      for (let i = 0; i < 3; i += 1) {
        expect((await attempt(t, 'finance2@example.com', 'wrong-password')).status).toBe(401);
      }
    });
  });

  it('doubles the delay per failure up to SIGN_IN_MAX_DELAY_SECONDS: no lockout, the last admin included', async () => {
    const t = await startTestApp({
      database,
      env: {
        SIGN_IN_MAX_FAILURES_PER_ACCOUNT: '2',
        SIGN_IN_MAX_FAILURES_PER_ADDRESS: '1000',
        SIGN_IN_MAX_DELAY_SECONDS: '8',
      },
    });
    try {
      const waits: string[] = [];
      for (let failure = 0; failure < 8; failure += 1) {
        const res = await attempt(t, 'admin@example.com', 'wrong-password');
        if (res.status === 429) {
          const wait = res.headers.get('retry-after')!;
          waits.push(wait);
          t.clock.advance(Number(wait) * 1000);
          expect((await attempt(t, 'admin@example.com', 'wrong-password')).status).toBe(401);
        } else {
          expect(res.status).toBe(401);
        }
      }
      expect(waits).toEqual(['1', '2', '4', '8', '8', '8']);
      // A flood inside one delay tests no password at all: one passes per delay.
      const flood = await Promise.all(
        Array.from({ length: 10 }, () => attempt(t, 'admin@example.com', 'wrong-password')),
      );
      expect(flood.every((res) => res.status === 429)).toBe(true);
      // The only admin is never locked out for longer than the longest delay.
      t.clock.advance(8000);
      expect((await attempt(t, 'admin@example.com', TEST_PASSWORD)).status).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('limits one address guessing across accounts, and never counts successful sign-ins', async () => {
    await withLimits([100, 4], async (t) => {
      for (let i = 0; i < 6; i += 1) {
        expect((await attempt(t, 'admin@example.com', TEST_PASSWORD)).status).toBe(200);
      }
      for (let i = 0; i < 4; i += 1) {
        expect((await attempt(t, `guess${i}@example.com`, 'password-guess')).status).toBe(401);
      }
      const limited = await attempt(t, 'admin@example.com', TEST_PASSWORD);
      expect(limited.status).toBe(429);
      expect(limited.headers.get('content-type')).toMatch(/problem\+json/);
    });
  });

  it('counts failures made through every BFF process on the database, until the delay ends', async () => {
    const env = { SIGN_IN_MAX_FAILURES_PER_ACCOUNT: '4', SIGN_IN_MAX_FAILURES_PER_ADDRESS: '100' };
    const clock = createTestClock();
    const a = await startTestApp({ database, env, clock });
    const b = await startTestApp({ database, env, clock });
    try {
      for (const t of [a, b, a, b]) {
        expect((await attempt(t, 'finance2@example.com', 'wrong-password')).status).toBe(401);
      }
      for (const t of [a, b]) {
        const limited = await attempt(t, 'finance2@example.com', TEST_PASSWORD);
        expect(limited.status).toBe(429);
        expect(await readJson(limited)).toMatchObject({ code: 'rate_limited', status: 429 });
        expect(limited.headers.get('retry-after')).toBe('1');
      }
      clock.advance(1000);
      expect((await attempt(b, 'finance2@example.com', TEST_PASSWORD)).status).toBe(200);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('does not count a body that is no sign-in attempt (422), nor store the email it names', async () => {
    await withLimits([2, 2], async (t) => {
      for (let i = 0; i < 4; i += 1) {
        const res = await t.api('/api/session', {
          method: 'POST',
          json: { email: 'support@example.com', password: TEST_PASSWORD, remember: true },
        });
        expect(res.status).toBe(422);
      }
      expect((await attempt(t, 'support@example.com', 'wrong-password')).status).toBe(401);
      expect((await attempt(t, 'support@example.com', TEST_PASSWORD)).status).toBe(200);
      const rows: unknown = await t.db.execute(sql`select key::text from rate_limit_hits`);
      expect(JSON.stringify(rows)).not.toContain('support@example.com');
    });
  });
});

describe.each(appTestDatabaseKinds)('session cookie over https (%s)', (kind) => {
  it('is __Host- prefixed and Secure when the public URL is https', async () => {
    const database = await openTestDatabase(kind);
    // The test talks plain http to the server; the cookie attributes are what is checked.
    const t = await startTestApp({ database, env: { PUBLIC_URL: 'https://payouts.example.com' } });
    try {
      const res = await t.api('/api/session', {
        method: 'POST',
        json: { email: 'admin@example.com', password: TEST_PASSWORD },
        headers: { Origin: 'https://payouts.example.com' },
      });
      expect(res.status).toBe(200);
      const cookie = res.headers.getSetCookie()[0]!;
      expect(cookie).toMatch(/^__Host-session=/);
      expect(cookie).toContain('Secure');
      expect(cookie).toContain('Path=/');
      expect(cookie).not.toContain('Domain');
      expect(res.headers.get('strict-transport-security')).toContain('max-age=');
    } finally {
      await t.close();
      await database.close();
    }
  });
});
