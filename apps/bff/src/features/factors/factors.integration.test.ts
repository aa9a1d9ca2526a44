import { sql } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditsOf, newSignedInUser, selectRows } from '../../testing/factorTesting.js';
import { readJson, startTestApp, type ApiFetch, type TestApp } from '../../testing/testApp.js';
import {
  openTestDatabase,
  appTestDatabaseKinds,
  type TestDatabase,
} from '../../testing/testDatabase.js';

const PASSWORD = 'factor-test-password-1';

describe.each(appTestDatabaseKinds)('second factors: TOTP and recovery codes (%s)', (kind) => {
  let database: TestDatabase;
  let t: TestApp;
  let admin: ApiFetch;
  let serial = 0;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    t = await startTestApp({ database });
    admin = await t.signIn('admin');
  });
  afterAll(async () => {
    await t?.close();
    await database?.close();
  });

  const rows = <T>(query: ReturnType<typeof sql>) => selectRows<T>(t, query);
  const audits = (userId: string, action: string) => auditsOf(t, userId, action);
  /** Every factor table's rows for the user, to show that a refused request changed nothing. */
  const snapshot = async (userId: string) =>
    JSON.stringify(
      await rows(sql`select
        (select coalesce(json_agg(f order by f.id), '[]') from staff_factors f where f.user_id = ${userId}) as factors,
        (select coalesce(json_agg(c order by c.id), '[]') from staff_recovery_codes c where c.user_id = ${userId}) as codes,
        (select coalesce(json_agg(x order by x.method), '[]') from staff_factor_failures x where x.user_id = ${userId}) as failures,
        (select mfa_enrolment_required from users where id = ${userId}) as required`),
    );

  /** A fresh account (tests move the clock and lock methods: none shares a user). */
  async function newUser(role: 'finance' | 'support' | 'admin' = 'finance') {
    serial += 1;
    return newSignedInUser(t, admin, {
      email: `factors-${kind}-${serial}@example.com`,
      name: `Factor ${serial}`,
      role: role,
      password: PASSWORD,
    });
  }

  const codeFor = (secret: string, offsetMs = 0) =>
    generate({ secret, epoch: Math.floor((t.clock.now().getTime() + offsetMs) / 1000) });

  async function enrolTotp(fetch: ApiFetch) {
    const res = await fetch('/api/me/factors/totp', { method: 'POST', json: { label: 'Phone' } });
    expect(res.status).toBe(201);
    const enrolment = (await readJson(res)) as { id: string; secret: string; otpauth_url: string };
    const confirm = await fetch(`/api/me/factors/totp/${enrolment.id}/confirm`, {
      method: 'POST',
      json: { code: await codeFor(enrolment.secret) },
    });
    expect(confirm.status).toBe(200);
    const body = (await readJson(confirm)) as {
      factor: { id: string };
      recovery_codes?: string[];
    };
    // The next code belongs to the next step: the one just used works once.
    t.clock.advance(30_000);
    return { ...enrolment, recoveryCodes: body.recovery_codes };
  }

  const verify = (fetch: ApiFetch, json: unknown) =>
    fetch('/api/session/verify', { method: 'POST', json });

  it('enrols TOTP: secret and QR URL, confirmed by a first code, recovery codes shown once', async () => {
    const { id, email, fetch } = await newUser();
    const start = await fetch('/api/me/factors/totp', { method: 'POST', json: {} });
    expect(start.status).toBe(201);
    const enrolment = (await readJson(start)) as {
      id: string;
      secret: string;
      otpauth_url: string;
    };
    expect(enrolment.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(enrolment.otpauth_url).toContain(`secret=${enrolment.secret}`);
    expect(enrolment.otpauth_url).toContain(encodeURIComponent(email));
    // Unconfirmed: not listed, and its secret is stored sealed.
    expect((await readJson(await fetch('/api/me/factors'))).items).toEqual([]);
    const [stored] = await rows<{ totp_secret: string }>(
      sql`select totp_secret from staff_factors where id = ${enrolment.id}`,
    );
    expect(stored!.totp_secret).toMatch(/^v2\./);
    expect(stored!.totp_secret).not.toContain(enrolment.secret);

    const wrong = await fetch(`/api/me/factors/totp/${enrolment.id}/confirm`, {
      method: 'POST',
      json: { code: '000000' === (await codeFor(enrolment.secret)) ? '111111' : '000000' },
    });
    expect(wrong.status).toBe(422);
    expect((await readJson(wrong)).code).toBe('invalid_code');

    const confirm = await fetch(`/api/me/factors/totp/${enrolment.id}/confirm`, {
      method: 'POST',
      json: { code: await codeFor(enrolment.secret) },
    });
    expect(confirm.status).toBe(200);
    const body = await readJson(confirm);
    expect(body.factor).toMatchObject({
      id: enrolment.id,
      kind: 'totp',
      label: 'Authenticator app',
    });
    expect(body.recovery_codes).toHaveLength(10);
    for (const code of body.recovery_codes as string[]) {
      expect(code).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{2}$/);
    }
    // Stored as HMACs only.
    const hashes = await rows<{ code_hash: string }>(
      sql`select code_hash from staff_recovery_codes where user_id = ${id}`,
    );
    expect(hashes).toHaveLength(10);
    const storedText = JSON.stringify(hashes);
    for (const code of body.recovery_codes as string[]) {
      expect(storedText).not.toContain(code.replace(/-/g, ''));
    }

    const list = await readJson(await fetch('/api/me/factors'));
    expect(list).toMatchObject({ recovery_codes_left: 10, required: false, locks: [] });
    expect(list.items).toHaveLength(1);
    // Enrolling counts as a fresh second factor: the session is not asked at once.
    const session = await readJson(await fetch('/api/session'));
    expect(session.user.email).toBe(email);
    const [row] = await rows<{ second_factor_method: string }>(
      sql`select second_factor_method from sessions where user_id = ${id} and second_factor_at is not null`,
    );
    expect(row?.second_factor_method).toBe('totp');
    expect(await audits(id, 'factor.enrolled')).toEqual([
      { data: { factor_id: enrolment.id, kind: 'totp', first: true } },
    ]);
    expect(await audits(id, 'factor.recovery_codes_generated')).toHaveLength(1);

    // Neither the secret nor a recovery code is stored anywhere in plain text (the audit log
    // and logs included).
    const everything = JSON.stringify(
      await rows(sql`select
        (select json_agg(t::text) from staff_factors t) as factors,
        (select json_agg(t::text) from staff_recovery_codes t) as codes,
        (select json_agg(t::text) from audit_log t) as audit,
        (select json_agg(t::text) from sessions t) as sessions`),
    );
    for (const secret of [enrolment.secret, ...(body.recovery_codes as string[])]) {
      expect(everything).not.toContain(secret);
      expect(everything).not.toContain(secret.replace(/-/g, ''));
    }

    // A second factor gets no new codes; a confirmed factor cannot be confirmed again.
    const again = await enrolTotp(fetch);
    expect(again.recoveryCodes).toBeUndefined();
    const reconfirm = await fetch(`/api/me/factors/totp/${enrolment.id}/confirm`, {
      method: 'POST',
      json: { code: await codeFor(enrolment.secret) },
    });
    expect(reconfirm.status).toBe(404);

    // An enrolment left waiting past 15 minutes is gone.
    const late = (await readJson(
      await fetch('/api/me/factors/totp', { method: 'POST', json: {} }),
    )) as { id: string; secret: string };
    t.clock.advance(15 * 60_000 + 1);
    const tooLate = await fetch(`/api/me/factors/totp/${late.id}/confirm`, {
      method: 'POST',
      json: { code: await codeFor(late.secret) },
    });
    expect(tooLate.status).toBe(404);
  });

  it('verifies a TOTP code once; wrong codes say how many tries are left; 5 lock it for 5 minutes', async () => {
    const { id, fetch } = await newUser();
    const { secret } = await enrolTotp(fetch);
    // A new session of the same user must verify.
    const session = await t.signInAs(
      (await readJson(await fetch('/api/session'))).user.email,
      PASSWORD,
    );

    // Until it does, the gate lets it reach nothing else.
    expect((await readJson(await session('/api/session'))).security).toMatchObject({
      second_factor: 'verify',
      methods: ['totp', 'recovery_code'],
    });
    const gated = await session('/api/payouts');
    expect(gated.status).toBe(403);
    expect((await readJson(gated)).code).toBe('second_factor_required');

    const code = await codeFor(secret);
    const ok = await verify(session, { method: 'totp', code });
    expect(ok.status).toBe(200);
    const reply = await readJson(ok);
    expect(reply.user.id).toBe(id);
    expect(reply.security.second_factor).toBe('satisfied');
    expect((await session('/api/payouts')).status).toBe(200);
    // The same code again: refused (a code works once), and counted.
    const replay = await verify(session, { method: 'totp', code });
    expect(replay.status).toBe(422);
    expect(await readJson(replay)).toMatchObject({ code: 'invalid_code', attempts_left: 4 });

    const wrongCode = (await codeFor(secret)) === '123456' ? '654321' : '123456';
    const left: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const res = await verify(session, { method: 'totp', code: wrongCode });
      expect(res.status).toBe(422);
      left.push((await readJson(res)).attempts_left as number);
    }
    expect(left).toEqual([3, 2, 1]);
    const locking = await verify(session, { method: 'totp', code: wrongCode });
    expect(locking.status).toBe(429);
    const lockedUntil = (await readJson(locking)).locked_until as string;
    expect(new Date(lockedUntil).getTime()).toBe(t.clock.now().getTime() + 5 * 60_000);
    expect(Number(locking.headers.get('retry-after'))).toBe(300);

    // Locked: even the right code is refused, and that is audited too.
    t.clock.advance(30_000);
    const locked = await verify(session, { method: 'totp', code: await codeFor(secret) });
    expect(locked.status).toBe(429);
    expect((await readJson(locked)).locked_until).toBe(lockedUntil);
    expect((await readJson(await session('/api/me/factors'))).locks).toEqual([
      { method: 'totp', locked_until: lockedUntil },
    ]);

    const failures = await audits(id, 'factor.verify_failed');
    expect(failures.map((f) => f.data.reason)).toEqual([
      'wrong_code',
      'wrong_code',
      'wrong_code',
      'wrong_code',
      'wrong_code',
      'locked',
    ]);
    expect(await audits(id, 'factor.locked')).toEqual([
      { data: { method: 'totp', locked_until: lockedUntil } },
    ]);

    // Five minutes after the lock, a good code works and the count starts again.
    t.clock.set(new Date(lockedUntil));
    const after = await verify(session, { method: 'totp', code: await codeFor(secret) });
    expect(after.status).toBe(200);
    expect((await readJson(await session('/api/me/factors'))).locks).toEqual([]);
    t.clock.advance(30_000);
    const fresh = await verify(session, { method: 'totp', code: wrongCode });
    expect((await readJson(fresh)).attempts_left).toBe(4);
    expect(await audits(id, 'session.second_factor_verified')).toHaveLength(2);
  });

  it('counts a burst of parallel wrong codes one by one: five, then locked', async () => {
    const { id, email, fetch } = await newUser();
    const { secret } = await enrolTotp(fetch);
    const session = await t.signInAs(email, PASSWORD);
    const wrongCode = (await codeFor(secret)) === '123456' ? '654321' : '123456';
    const replies = await Promise.all(
      Array.from({ length: 20 }, () => verify(session, { method: 'totp', code: wrongCode })),
    );
    const statuses = replies.map((r) => r.status).sort();
    expect(statuses).toEqual([...Array(4).fill(422), ...Array(16).fill(429)]);
    const reasons = (await audits(id, 'factor.verify_failed')).map((a) => a.data.reason);
    expect(reasons.filter((r) => r === 'wrong_code')).toHaveLength(5);
    expect(reasons.filter((r) => r === 'locked')).toHaveLength(15);
    expect(await audits(id, 'factor.locked')).toHaveLength(1);
  });

  it('holds back the guessing session only; the account slows down, never locks, past an allowance', async () => {
    const { id, email, fetch } = await newUser();
    const { secret } = await enrolTotp(fetch);
    const wrongCode = (await codeFor(secret)) === '123456' ? '654321' : '123456';
    const guessFive = async (session: ApiFetch) => {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i += 1) {
        statuses.push((await verify(session, { method: 'totp', code: wrongCode })).status);
      }
      return statuses;
    };

    // A guesser with the password locks its own session.
    const guesser = await t.signInAs(email, PASSWORD);
    expect(await guessFive(guesser)).toEqual([422, 422, 422, 422, 429]);
    expect((await verify(guesser, { method: 'totp', code: await codeFor(secret) })).status).toBe(
      429,
    );
    // The real user, in another session, is not held back: the code works, and no lock shows.
    const real = await t.signInAs(email, PASSWORD);
    expect((await verify(real, { method: 'totp', code: await codeFor(secret) })).status).toBe(200);
    expect((await readJson(await real('/api/me/factors'))).locks).toEqual([]);
    t.clock.advance(30_000);

    // Many sessions guessing together: past four sessions' worth, each guess waits its turn.
    for (let i = 0; i < 4; i += 1) {
      expect(await guessFive(await t.signInAs(email, PASSWORD))).toEqual([422, 422, 422, 422, 429]);
    }
    const another = await t.signInAs(email, PASSWORD);
    const slowed = await verify(another, { method: 'totp', code: wrongCode });
    expect(slowed.status).toBe(429);
    expect(await readJson(slowed)).toMatchObject({ code: 'rate_limited' });
    expect(Number(slowed.headers.get('retry-after'))).toBe(1);
    // The wait is short and grows: after it, one guess; the next waits twice as long.
    t.clock.advance(1_000);
    expect((await verify(another, { method: 'totp', code: wrongCode })).status).toBe(422);
    const longer = await verify(another, { method: 'totp', code: wrongCode });
    expect(Number(longer.headers.get('retry-after'))).toBe(2);
    // The real user waits at most the delay, never a lock; a right code clears the account's count.
    t.clock.advance(2_000);
    const realAgain = await t.signInAs(email, PASSWORD);
    expect((await verify(realAgain, { method: 'totp', code: await codeFor(secret) })).status).toBe(
      200,
    );
    t.clock.advance(30_000);
    expect((await verify(another, { method: 'totp', code: wrongCode })).status).toBe(422);
    const reasons = (await audits(id, 'factor.verify_failed')).map((a) => a.data.reason);
    expect(reasons.filter((r) => r === 'account_delay')).toHaveLength(2);
  });

  it('accepts the previous and next step, not two away', async () => {
    const { fetch } = await newUser();
    const { secret } = await enrolTotp(fetch);
    t.clock.advance(90_000);
    expect(
      (await verify(fetch, { method: 'totp', code: await codeFor(secret, -60_000) })).status,
    ).toBe(422);
    expect(
      (await verify(fetch, { method: 'totp', code: await codeFor(secret, -30_000) })).status,
    ).toBe(200);
    expect(
      (await verify(fetch, { method: 'totp', code: await codeFor(secret, 30_000) })).status,
    ).toBe(200);
    // Now the current step is older than the last one used: refused.
    expect((await verify(fetch, { method: 'totp', code: await codeFor(secret) })).status).toBe(422);
  });

  it('takes each recovery code once; 5 wrong lock recovery codes for 15 minutes', async () => {
    const { id, email, fetch } = await newUser();
    const { recoveryCodes } = await enrolTotp(fetch);
    const codes = recoveryCodes!;
    const session = await t.signInAs(email, PASSWORD);

    const ok = await verify(session, { method: 'recovery_code', code: codes[0]!.toUpperCase() });
    expect(ok.status).toBe(200);
    expect((await readJson(ok)).security.second_factor).toBe('satisfied');
    const reuse = await verify(session, { method: 'recovery_code', code: codes[0] });
    expect(reuse.status).toBe(422);
    expect(await readJson(reuse)).toMatchObject({ code: 'invalid_code', attempts_left: 4 });
    expect((await readJson(await session('/api/me/factors'))).recovery_codes_left).toBe(9);

    for (let i = 0; i < 3; i += 1) {
      expect(
        (await verify(session, { method: 'recovery_code', code: 'aaaa-bbbb-cc' })).status,
      ).toBe(422);
    }
    const locking = await verify(session, { method: 'recovery_code', code: 'not a code' });
    expect(locking.status).toBe(429);
    const { locked_until: until } = await readJson(locking);
    expect(new Date(until as string).getTime()).toBe(t.clock.now().getTime() + 15 * 60_000);
    // TOTP is a separate count: not locked.
    expect((await readJson(await session('/api/me/factors'))).locks).toEqual([
      { method: 'recovery_code', locked_until: until },
    ]);
    t.clock.advance(14 * 60_000);
    expect((await verify(session, { method: 'recovery_code', code: codes[1] })).status).toBe(429);
    t.clock.advance(60_000);
    expect((await verify(session, { method: 'recovery_code', code: codes[1] })).status).toBe(200);
    expect(await audits(id, 'factor.locked')).toHaveLength(1);
  });

  it('regenerates recovery codes (old ones die) and removes a factor only after a fresh step-up', async () => {
    const { id, fetch } = await newUser();
    const first = await enrolTotp(fetch);
    // A second factor needs a fresh check of the first: enrolling it was one.
    const second = await enrolTotp(fetch);
    // A factor enrolled in this session confirms nothing for STEP_UP_MINUTES (5): a stolen
    // session that adds its own authenticator cannot use it at once (decision 042).
    const tooSoon = await fetch('/api/me/recovery-codes', { method: 'POST', json: {} });
    expect(tooSoon.status).toBe(403);
    expect(await readJson(tooSoon)).toMatchObject({ code: 'step_up_too_soon' });

    t.clock.advance(6 * 60_000);
    const stale = await fetch(`/api/me/factors/${second.id}`, { method: 'DELETE' });
    expect(stale.status).toBe(403);
    expect((await readJson(stale)).code).toBe('step_up_required');
    const staleCodes = await fetch('/api/me/recovery-codes', { method: 'POST', json: {} });
    expect((await readJson(staleCodes)).code).toBe('step_up_required');
    // Nor may a session whose check lapsed add a factor of its own.
    const staleEnrol = await fetch('/api/me/factors/totp', { method: 'POST', json: {} });
    expect(staleEnrol.status).toBe(403);
    expect((await readJson(staleEnrol)).code).toBe('step_up_required');
    // A bad body gets its field errors first (step-up is checked after validation).
    const badBody = await fetch('/api/me/recovery-codes', { method: 'POST', json: { x: 1 } });
    expect((await readJson(badBody)).code).toBe('validation_failed');

    expect(
      (await verify(fetch, { method: 'totp', code: await codeFor(first.secret) })).status,
    ).toBe(200);
    const regen = await fetch('/api/me/recovery-codes', { method: 'POST', json: {} });
    expect(regen.status).toBe(200);
    const { codes } = (await readJson(regen)) as { codes: string[] };
    expect(codes).toHaveLength(10);
    expect(codes).not.toContain(first.recoveryCodes![0]);
    expect(
      (await verify(fetch, { method: 'recovery_code', code: first.recoveryCodes![0] })).status,
    ).toBe(422);
    expect((await fetch(`/api/me/factors/${second.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await fetch(`/api/me/factors/${second.id}`, { method: 'DELETE' })).status).toBe(404);
    // The last factor goes: its recovery codes go with it.
    expect((await fetch(`/api/me/factors/${first.id}`, { method: 'DELETE' })).status).toBe(204);
    const list = await readJson(await fetch('/api/me/factors'));
    expect(list).toMatchObject({ items: [], recovery_codes_left: 0 });
    expect((await audits(id, 'factor.removed')).map((a) => a.data.factor_id)).toEqual([
      second.id,
      first.id,
    ]);
  });

  it("answers 404 for another user's factor ids and changes nothing", async () => {
    const owner = await newUser();
    const other = await newUser();
    const { id: factorId, secret } = await enrolTotp(owner.fetch);
    const before = await snapshot(owner.id);
    expect((await other.fetch(`/api/me/factors/${factorId}`, { method: 'DELETE' })).status).toBe(
      404,
    );
    const confirm = await other.fetch(`/api/me/factors/totp/${factorId}/confirm`, {
      method: 'POST',
      json: { code: await codeFor(secret) },
    });
    expect(confirm.status).toBe(404);
    expect((await other.fetch('/api/me/factors/not-a-uuid', { method: 'DELETE' })).status).toBe(
      404,
    );
    expect(await snapshot(owner.id)).toBe(before);
    // Nothing to verify with: a conflict, nothing counted.
    const none = await verify(other.fetch, { method: 'totp', code: '123456' });
    expect(none.status).toBe(409);
    expect(await snapshot(other.id)).toBe(
      JSON.stringify([{ factors: [], codes: [], failures: [], required: false }]),
    );
  });

  it('refuses a new factor from a session that has not verified the existing one', async () => {
    const { email, fetch } = await newUser();
    await enrolTotp(fetch);
    const fresh = await t.signInAs(email, PASSWORD);
    const res = await fresh('/api/me/factors/totp', { method: 'POST', json: {} });
    expect(res.status).toBe(403);
    expect(await readJson(res)).toMatchObject({
      code: 'second_factor_required',
      second_factor: 'verify',
    });
    const passkey = await fresh('/api/me/factors/passkeys/options', { method: 'POST', json: {} });
    expect(passkey.status).toBe(403);
  });

  it("lets an admin reset a user's factors: sessions end, enrolment required, audited", async () => {
    const { id, email, fetch } = await newUser('support');
    await enrolTotp(fetch);
    const other = await t.signInAs(email, PASSWORD);
    const res = await admin(`/api/users/${id}/factors/reset`, { method: 'POST', json: {} });
    // Another user's factors: a second admin approves the reset (decision 042).
    expect(res.status).toBe(202);
    const change = await readJson(res);
    expect(change).toMatchObject({ kind: 'factor_reset', status: 'pending', user_id: id });
    expect((await fetch('/api/session')).status).toBe(200);
    const approved = await (
      await t.signIn('admin2')
    )(`/api/user-changes/${change.id}/approve`, { method: 'POST', json: {} });
    expect(approved.status).toBe(200);
    expect((await fetch('/api/session')).status).toBe(401);
    expect((await other('/api/session')).status).toBe(401);
    expect(await snapshot(id)).toBe(
      JSON.stringify([{ factors: [], codes: [], failures: [], required: true }]),
    );
    expect(await audits(id, 'factor.reset')).toEqual([{ data: { factors: 1, sessions_ended: 2 } }]);

    const again = await t.signInAs(email, PASSWORD);
    expect((await readJson(await again('/api/me/factors'))).required).toBe(true);
    await enrolTotp(again);
    expect(await snapshot(id)).toContain('"required":false');

    expect(
      (
        await admin(`/api/users/00000000-0000-4000-8000-000000000000/factors/reset`, {
          method: 'POST',
          json: {},
        })
      ).status,
    ).toBe(404);
    const support = await t.signIn('support');
    expect(
      (await support(`/api/users/${id}/factors/reset`, { method: 'POST', json: {} })).status,
    ).toBe(403);
  });

  it('changes nothing for bad bodies', async () => {
    const { id, fetch } = await newUser();
    const { id: factorId } = await enrolTotp(fetch);
    const before = await snapshot(id);
    const bad: [string, string, unknown][] = [
      ['POST', '/api/me/factors/totp', { label: 7 }],
      ['POST', '/api/me/factors/totp', { label: '' }],
      ['POST', '/api/me/factors/totp', { label: 'x'.repeat(61) }],
      ['POST', '/api/me/factors/totp', { other: 1 }],
      ['POST', `/api/me/factors/totp/${factorId}/confirm`, {}],
      ['POST', `/api/me/factors/totp/${factorId}/confirm`, { code: 123456 }],
      ['POST', '/api/me/factors/passkeys', { response: 'x' }],
      ['POST', '/api/me/factors/passkeys/options', { x: 1 }],
      ['POST', '/api/me/recovery-codes', { x: 1 }],
      ['POST', '/api/session/verify', { method: 'sms', code: '123456' }],
      ['POST', '/api/session/verify', { method: 'totp' }],
      ['POST', '/api/session/verify', { method: 'totp', code: '123456', extra: 1 }],
      ['POST', '/api/session/verify', { method: 'passkey', code: '123456' }],
      ['POST', '/api/session/verify/options', { x: 1 }],
      ['POST', `/api/users/${id}/factors/reset`, { x: 1 }],
    ];
    for (const [method, path, json] of bad) {
      const res = await (path.startsWith('/api/users') ? admin : fetch)(path, { method, json });
      expect(res.status, `${method} ${path} ${JSON.stringify(json)}`).toBe(422);
      expect((await readJson(res)).code).toBe('validation_failed');
    }
    expect(await snapshot(id)).toBe(before);
    expect(await audits(id, 'factor.verify_failed')).toEqual([]);
  });
});
