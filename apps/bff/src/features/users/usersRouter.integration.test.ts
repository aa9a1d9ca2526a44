import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refuseAuditRows } from '../../testing/refuseAudit.js';
import { readJson, startTestApp, TEST_PASSWORD, type TestApp } from '../../testing/testApp.js';
import {
  openTestDatabase,
  appTestDatabaseKinds,
  type TestDatabase,
} from '../../testing/testDatabase.js';

const NEW_PASSWORD = 'a-long-enough-password';

describe.each(appTestDatabaseKinds)('users (%s)', (kind) => {
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

  const signInAs = (email: string, password: string) =>
    t.api('/api/session', { method: 'POST', json: { email, password } });
  /** The new account's owner sets their password with the e-mailed link. */
  const accept = async (email: string, password: string) => {
    const res = await t.api('/api/invitations/accept', {
      method: 'POST',
      json: { token: t.invitationTokenOf(email), password },
    });
    expect(res.status).toBe(200);
  };

  const count = async (query: ReturnType<typeof sql>) => {
    // Both drivers answer `{ rows }`; the union of their result types does not say so.
    const result: unknown = await t.db.execute(query);
    return Number((result as { rows: { n: number }[] }).rows[0]?.n);
  };
  const usersWithEmail = (email: string) =>
    count(sql`select count(*)::int as n from users where email = ${email}`);
  const auditRowsAbout = (action: string, email: string) =>
    count(
      sql`select count(*)::int as n from audit_log where action = ${action} and data->>'email' = ${email}`,
    );

  it('is admin only', async () => {
    expect((await t.api('/api/users')).status).toBe(401);
    for (const role of ['finance', 'support'] as const) {
      const other = await t.signIn(role);
      expect((await other('/api/users')).status).toBe(403);
      const create = await other('/api/users', {
        method: 'POST',
        json: { email: 'x@example.com', name: 'X', role: 'admin', password: NEW_PASSWORD },
      });
      expect(create.status).toBe(403);
    }
  });

  it('lists users with role, disabled flag and last sign-in, never a password hash', async () => {
    const admin = await t.signIn('admin');
    const res = await admin('/api/users');
    expect(res.status).toBe(200);
    const { items } = await readJson(res);
    const emails = items.map((u: { email: string }) => u.email);
    expect(emails).toEqual(
      expect.arrayContaining([
        'admin@example.com',
        'finance@example.com',
        'finance2@example.com',
        'support@example.com',
      ]),
    );
    const adminRow = items.find((u: { email: string }) => u.email === 'admin@example.com');
    expect(adminRow).toEqual({
      id: expect.any(String),
      email: 'admin@example.com',
      name: 'Ada Admin',
      role: 'admin',
      disabled: false,
      created_at: expect.any(String),
      last_sign_in_at: t.clock.now().toISOString(),
      invitation: null,
      pending_changes: [],
    });
    expect(JSON.stringify(items)).not.toMatch(/scrypt|password/i);
  });

  it('creates a user who signs in once they set a password; a taken email is 409 on /email', async () => {
    const admin = await t.signIn('admin');
    const res = await admin('/api/users', {
      method: 'POST',
      json: { email: 'New.Person@Example.com', name: 'New Person', role: 'support' },
    });
    expect(res.status).toBe(201);
    const user = await readJson(res);
    expect(user).toMatchObject({
      email: 'new.person@example.com',
      name: 'New Person',
      role: 'support',
      disabled: false,
      last_sign_in_at: null,
      invitation: { state: 'sent' },
    });
    await accept('new.person@example.com', NEW_PASSWORD);
    expect((await signInAs('new.person@example.com', NEW_PASSWORD)).status).toBe(200);

    const taken = await admin('/api/users', {
      method: 'POST',
      json: { email: 'new.person@example.com', name: 'Again', role: 'finance' },
    });
    expect(taken.status).toBe(409);
    expect(taken.headers.get('content-type')).toMatch(/application\/problem\+json/);
    expect((await readJson(taken)).errors).toEqual([
      { pointer: '/email', message: expect.any(String) },
    ]);

    const bad = await admin('/api/users', {
      method: 'POST',
      json: { email: 'not-an-email', name: '', role: 'root' },
    });
    expect(bad.status).toBe(422);
    const pointers = (await readJson(bad)).errors.map((e: { pointer: string }) => e.pointer);
    expect(pointers.sort()).toEqual(['/email', '/name', '/role']);

    const audit = await readJson(await admin('/api/audit?what=user.created'));
    expect(audit.items[0]).toMatchObject({
      action: 'user.created',
      actor: { email: 'admin@example.com' },
      target: { type: 'user', id: user.id },
    });
    expect(JSON.stringify(audit)).not.toContain(NEW_PASSWORD);
  });

  it('answers concurrent creates of one email with one 201 and 409s, never a 500', async () => {
    const admin = await t.signIn('admin');
    const email = 'race@example.com';
    const replies = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        admin('/api/users', {
          method: 'POST',
          json: { email, name: `Racer ${i}`, role: 'support' },
        }),
      ),
    );
    const statuses = replies.map((r) => r.status).sort();
    expect(statuses).toEqual([201, ...Array.from({ length: 9 }, () => 409)]);
    for (const res of replies.filter((r) => r.status === 409)) {
      expect(res.headers.get('content-type')).toMatch(/application\/problem\+json/);
      expect(await readJson(res)).toMatchObject({
        code: 'conflict',
        errors: [{ pointer: '/email', message: expect.any(String) }],
      });
    }
    expect(await usersWithEmail(email)).toBe(1);
    expect(await auditRowsAbout('user.created', email)).toBe(1);
  });

  it('changes nothing when its audit row cannot be written: create, update, password reset', async () => {
    const admin = await t.signIn('admin');
    const email = 'unaudited@example.com';
    const create = () =>
      admin('/api/users', {
        method: 'POST',
        json: { email, name: 'Unaudited', role: 'support' },
      });
    let undo = await refuseAuditRows(t.db, 'user.created');
    try {
      const refused = await create();
      expect(refused.status).toBe(500);
      expect(refused.headers.get('content-type')).toMatch(/application\/problem\+json/);
      expect(await usersWithEmail(email)).toBe(0);
    } finally {
      await undo();
    }
    const created = await create();
    expect(created.status).toBe(201);
    const { id } = await readJson(created);
    await accept(email, NEW_PASSWORD);
    const cookie = (await signInAs(email, NEW_PASSWORD)).headers.getSetCookie()[0]!.split(';')[0]!;

    undo = await refuseAuditRows(t.db, 'user.updated');
    try {
      const refused = await admin(`/api/users/${id}`, {
        method: 'PATCH',
        json: { disabled: true },
      });
      expect(refused.status).toBe(500);
    } finally {
      await undo();
    }
    const { items } = await readJson(await admin('/api/users'));
    expect(items.find((u: { id: string }) => u.id === id)).toMatchObject({ disabled: false });
    expect((await t.api('/api/session', { headers: { cookie } })).status).toBe(200);

    // Another user's password waits for a second admin; its approval is all or nothing.
    const proposed = await admin(`/api/users/${id}/password`, {
      method: 'POST',
      json: { password: 'another-long-password' },
    });
    expect(proposed.status).toBe(202);
    const change = await readJson(proposed);
    undo = await refuseAuditRows(t.db, 'user.password_reset');
    try {
      const refused = await (
        await t.signIn('admin2')
      )(`/api/user-changes/${change.id}/approve`, { method: 'POST', json: {} });
      expect(refused.status).toBe(500);
    } finally {
      await undo();
    }
    const failed = (await readJson(await admin('/api/user-changes'))).items.find(
      (c: { id: string }) => c.id === change.id,
    );
    expect(failed).toMatchObject({ status: 'failed' });
    expect((await t.api('/api/session', { headers: { cookie } })).status).toBe(200);
    expect((await signInAs(email, NEW_PASSWORD)).status).toBe(200);
    expect(await auditRowsAbout('user.updated', email)).toBe(0);
    expect(await auditRowsAbout('user.password_reset', email)).toBe(0);
  });

  it('changes role and name; disabling ends the sessions and refuses sign-in; enabling restores it', async () => {
    const admin = await t.signIn('admin');
    const created = await t.makeAccount('finance', {
      by: admin,
      email: 'temp@example.com',
      password: NEW_PASSWORD,
    });
    const signedIn = await signInAs('temp@example.com', NEW_PASSWORD);
    const cookie = signedIn.headers.getSetCookie()[0]!.split(';')[0]!;
    expect((await t.api('/api/session', { headers: { cookie } })).status).toBe(200);

    const renamed = await admin(`/api/users/${created.id}`, {
      method: 'PATCH',
      json: { role: 'support', name: 'Temp Orary' },
    });
    expect(renamed.status).toBe(200);
    expect(await readJson(renamed)).toMatchObject({ role: 'support', name: 'Temp Orary' });

    const disabled = await admin(`/api/users/${created.id}`, {
      method: 'PATCH',
      json: { disabled: true },
    });
    expect(await readJson(disabled)).toMatchObject({ disabled: true });
    expect((await t.api('/api/session', { headers: { cookie } })).status).toBe(401);
    expect((await signInAs('temp@example.com', NEW_PASSWORD)).status).toBe(401);

    // Enabling again, or raising the role, waits for a second admin.
    const enabling = await readJson(
      await admin(`/api/users/${created.id}`, {
        method: 'PATCH',
        json: { disabled: false, role: 'admin' },
      }),
    );
    expect(enabling).toMatchObject({ disabled: true, role: 'support' });
    expect(enabling.pending_changes.map((c: { kind: string }) => c.kind).sort()).toEqual([
      'enable',
      'role',
    ]);
    const enable = enabling.pending_changes.find((c: { kind: string }) => c.kind === 'enable');
    expect((await signInAs('temp@example.com', NEW_PASSWORD)).status).toBe(401);
    const admin2 = await t.signIn('admin2');
    const approved = await admin2(`/api/user-changes/${enable.id}/approve`, {
      method: 'POST',
      json: {},
    });
    expect(approved.status).toBe(200);
    expect((await signInAs('temp@example.com', NEW_PASSWORD)).status).toBe(200);

    const audit = await readJson(await admin('/api/audit?what=user.updated'));
    expect(audit.items[0]).toMatchObject({
      target: { id: created.id },
      data: { changes: { disabled: { from: true, to: false } } },
    });
  });

  it('refuses a card number in a name (422 on /name, nothing written); a card-like password is fine', async () => {
    const admin = await t.signIn('admin');
    const message = 'Looks like a card number: card numbers go only in the card number field.';
    const before = await count(sql`select count(*)::int as n from audit_log`);
    const created = await admin('/api/users', {
      method: 'POST',
      json: {
        email: 'card@example.com',
        name: '4111 1111 1111 1111',
        role: 'finance',
      },
    });
    expect(created.status).toBe(422);
    const problem = await readJson(created);
    expect(problem.errors).toEqual([{ pointer: '/name', message }]);
    // The request id is random hex, which may hold the digits: it is left out of the check.
    expect(JSON.stringify({ ...problem, requestId: null })).not.toContain('1111');
    expect(await usersWithEmail('card@example.com')).toBe(0);

    // Passwords are only ever hashed: one that passes the Luhn check is still a password.
    const cardLikePassword = '4012888888881881';
    const user = await readJson(
      await admin('/api/users', {
        method: 'POST',
        json: { email: 'card@example.com', name: 'Card Holder', role: 'support' },
      }),
    );
    await accept('card@example.com', cardLikePassword);
    expect((await signInAs('card@example.com', cardLikePassword)).status).toBe(200);
    const afterCreate = await count(sql`select count(*)::int as n from audit_log`);
    expect(afterCreate).toBeGreaterThan(before);

    const renamed = await admin(`/api/users/${user.id}`, {
      method: 'PATCH',
      json: { name: 'Card 4111-1111-1111-1111' },
    });
    expect(renamed.status).toBe(422);
    expect((await readJson(renamed)).errors).toEqual([{ pointer: '/name', message }]);
    const names: unknown = await t.db.execute(sql`select name from users where id = ${user.id}`);
    expect((names as { rows: { name: string }[] }).rows).toEqual([{ name: 'Card Holder' }]);
    expect(await count(sql`select count(*)::int as n from audit_log`)).toBe(afterCreate);
  });

  it('resets a password once a second admin approves: old password and sessions gone, audited without the password', async () => {
    const admin = await t.signIn('admin');
    const support = await t.signIn('support');
    const { items } = await readJson(await admin('/api/users'));
    const target = items.find((u: { email: string }) => u.email === 'support@example.com');
    const short = await admin(`/api/users/${target.id}/password`, {
      method: 'POST',
      json: { password: 'too-short' },
    });
    expect(short.status).toBe(422);
    expect((await readJson(short)).errors[0].pointer).toBe('/password');

    const res = await admin(`/api/users/${target.id}/password`, {
      method: 'POST',
      json: { password: NEW_PASSWORD },
    });
    // Another user's password: a second admin approves it first (decision 042).
    expect(res.status).toBe(202);
    const change = await readJson(res);
    expect(change).toMatchObject({ kind: 'password_reset', status: 'pending', can_approve: false });
    expect(JSON.stringify(change)).not.toMatch(/scrypt|password_hash/);
    expect((await support('/api/session')).status).toBe(200);
    const approved = await (
      await t.signIn('admin2')
    )(`/api/user-changes/${change.id}/approve`, { method: 'POST', json: {} });
    expect(approved.status).toBe(200);
    expect(await readJson(approved)).toMatchObject({ status: 'approved' });
    expect((await support('/api/session')).status).toBe(401);
    expect((await signInAs('support@example.com', TEST_PASSWORD)).status).toBe(401);
    expect((await signInAs('support@example.com', NEW_PASSWORD)).status).toBe(200);
    const audit = await readJson(await admin('/api/audit?what=user.password_reset'));
    expect(audit.items[0]).toMatchObject({ target: { id: target.id } });
    expect(JSON.stringify(audit)).not.toContain(NEW_PASSWORD);
  });

  it('refuses to disable or demote the last enabled admin (409 last_admin)', async () => {
    let admin = await t.signIn('admin');
    const { items } = await readJson(await admin('/api/users'));
    const me = items.find((u: { email: string }) => u.email === 'admin@example.com');
    const demoSecond = items.find((u: { email: string }) => u.email === 'admin2@example.com');
    // With another admin, Ada may step down; the other raises her back, which admin2 approves.
    const third = await t.makeAccount('admin', {
      by: admin,
      email: 'admin3@example.com',
      password: NEW_PASSWORD,
    });
    const demoted = await admin(`/api/users/${me.id}`, {
      method: 'PATCH',
      json: { role: 'finance' },
    });
    expect(demoted.status).toBe(200);
    // A role change drops the user's cached sessions: the demoted admin is no longer one.
    expect((await admin('/api/users')).status).toBe(403);
    // A day on, admin2 (who approved admin3's account) counts as a second person to admin3.
    t.clock.advance(25 * 3_600_000);
    third.client = await t.signInAs(third.email, third.password);
    const raised = await readJson(
      await third.client(`/api/users/${me.id}`, { method: 'PATCH', json: { role: 'admin' } }),
    );
    expect(raised.role).toBe('finance');
    expect(raised.pending_changes).toMatchObject([
      { kind: 'role', role: 'admin', from_role: 'finance' },
    ]);
    expect(
      (
        await (
          await t.signIn('admin2')
        )(`/api/user-changes/${raised.pending_changes[0].id}/approve`, { method: 'POST', json: {} })
      ).status,
    ).toBe(200);
    const selfDisable = await third.client(`/api/users/${third.id}`, {
      method: 'PATCH',
      json: { disabled: true },
    });
    expect(selfDisable.status).toBe(200);
    // The demo's second admin steps aside too: then Ada is the last enabled admin.
    admin = await t.signIn('admin');
    expect(
      (await admin(`/api/users/${demoSecond.id}`, { method: 'PATCH', json: { disabled: true } }))
        .status,
    ).toBe(200);
    for (const patch of [{ disabled: true }, { role: 'finance' }]) {
      const res = await admin(`/api/users/${me.id}`, { method: 'PATCH', json: patch });
      expect(res.status).toBe(409);
      expect(await readJson(res)).toMatchObject({ code: 'last_admin' });
    }
    // Alone, she cannot make another admin either: nobody else approves it (the CLI can).
    const asked = await readJson(
      await admin('/api/users', {
        method: 'POST',
        json: {
          email: 'admin4@example.com',
          name: 'Fourth',
          role: 'admin',
        },
      }),
    );
    const own = await admin(`/api/user-changes/${asked.id}/approve`, { method: 'POST', json: {} });
    expect(own.status).toBe(403);
    expect(await readJson(own)).toMatchObject({ code: 'self_approval' });
  });

  it('answers 404 for unknown users and 422 for unknown fields', async () => {
    const admin = await t.signIn('admin');
    const missing = await admin('/api/users/00000000-0000-4000-8000-000000000000', {
      method: 'PATCH',
      json: { name: 'X' },
    });
    expect(missing.status).toBe(404);
    expect(
      (
        await admin('/api/users/not-a-uuid/password', {
          method: 'POST',
          json: { password: NEW_PASSWORD },
        })
      ).status,
    ).toBe(404);
    const unknown = await admin('/api/users/00000000-0000-4000-8000-000000000000', {
      method: 'PATCH',
      json: { is_admin: true },
    });
    expect(unknown.status).toBe(422);
  });
});
