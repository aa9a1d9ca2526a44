import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVITATION_TTL_HOURS } from '@payouts/contracts';
import type { MailTransport } from '../staffNotifications/index.js';
import { readJson, startTestApp, type TestApp } from '../../testing/testApp.js';
import {
  appTestDatabaseKinds,
  openTestDatabase,
  type TestDatabase,
} from '../../testing/testDatabase.js';

const PASSWORD = 'my-own-long-password';

describe.each(appTestDatabaseKinds)('invitations (%s)', (kind) => {
  let database: TestDatabase;
  let t: TestApp;
  /** The next this many e-mails fail, as an SMTP server that refuses them would. */
  let failNext = 0;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    const transport: MailTransport = {
      send: (mail) => {
        if (failNext > 0) {
          failNext -= 1;
          return Promise.reject(Object.assign(new Error('451 try later'), { responseCode: 451 }));
        }
        return t.mailbox.send(mail);
      },
      close: () => undefined,
    };
    t = await startTestApp({ database, mailTransport: transport });
  });
  afterAll(async () => {
    await t?.close();
    await database?.close();
  });

  const rows = async <T>(query: ReturnType<typeof sql>) => {
    // Both drivers answer `{ rows }`; the union of their result types does not say so.
    const result: unknown = await t.db.execute(query);
    return (result as { rows: T[] }).rows;
  };
  const post = (path: string, json: unknown) => t.api(path, { method: 'POST', json });
  const signInAs = (email: string, password: string) => post('/api/session', { email, password });
  const userOf = async (admin: Awaited<ReturnType<TestApp['signIn']>>, id: string) =>
    (await readJson(await admin('/api/users'))).items.find((u: { id: string }) => u.id === id);

  it('e-mails a new account a link with which its owner, and only they, choose the password', async () => {
    const admin = await t.signIn('admin');
    const email = 'invitee@example.com';
    const created = await admin('/api/users', {
      method: 'POST',
      json: { email, name: 'In Vitee', role: 'support' },
    });
    expect(created.status).toBe(201);
    const user = await readJson(created);
    expect(user.invitation).toEqual({
      state: 'sent',
      sent_at: t.clock.now().toISOString(),
      expires_at: new Date(
        t.clock.now().getTime() + INVITATION_TTL_HOURS * 3_600_000,
      ).toISOString(),
    });

    const [mail] = t.mailbox.list();
    expect(mail).toMatchObject({ to: email, subject: expect.stringMatching(/password/) });
    expect(mail!.text).toContain('Hello In Vitee,');
    expect(mail!.text).toContain('Ada Admin made you a support account');
    const token = t.invitationTokenOf(email);
    // The token travels in the fragment, which no server or Referer sees; only its hash is kept.
    expect(mail!.text).toContain(`${t.baseUrl}/invitation#${token}`);
    const stored = JSON.stringify(await rows(sql`select * from user_invitations`));
    expect(stored).not.toContain(token);

    // No password signs in until the owner chooses one.
    expect((await signInAs(email, '!invited')).status).toBe(401);
    expect((await signInAs(email, '')).status).toBe(422);

    expect(await readJson(await post('/api/invitations/lookup', { token }))).toEqual({
      purpose: 'invitation',
      email,
      name: 'In Vitee',
      role: 'support',
      expires_at: user.invitation.expires_at,
    });
    const short = await post('/api/invitations/accept', { token, password: 'short' });
    expect(short.status).toBe(422);
    expect((await readJson(short)).errors).toEqual([
      { pointer: '/password', message: expect.stringMatching(/12 characters/) },
    ]);

    const accepted = await post('/api/invitations/accept', { token, password: PASSWORD });
    expect(accepted.status).toBe(200);
    expect((await signInAs(email, PASSWORD)).status).toBe(200);
    expect((await userOf(admin, user.id)).invitation).toBeNull();

    const again = await post('/api/invitations/accept', { token, password: 'someone-elses-pass' });
    expect(again.status).toBe(410);
    expect(await readJson(again)).toMatchObject({
      code: 'invitation_invalid',
      detail: expect.stringMatching(/used already/),
    });
    expect((await signInAs(email, PASSWORD)).status).toBe(200);

    const audit = (await readJson(await admin('/api/audit?what=user.invited'))).items;
    expect(audit[0]).toMatchObject({
      actor: { email: 'admin@example.com' },
      target: { type: 'user', id: user.id },
    });
    const acceptance = (await readJson(await admin('/api/audit?what=user.invitation_accepted')))
      .items;
    expect(acceptance[0]).toMatchObject({ actor: { email }, target: { id: user.id } });
    expect(JSON.stringify([audit, acceptance])).not.toContain(token);
    expect(JSON.stringify(acceptance)).not.toContain(PASSWORD);

    // Once there is a password, an invitation would change nothing.
    const resent = await admin(`/api/users/${user.id}/invitation`, { method: 'POST', json: {} });
    expect(resent.status).toBe(409);
  });

  it('sends again: the earlier link stops working; an expired link says so and the list shows it', async () => {
    let admin = await t.signIn('admin');
    const email = 'slow.reader@example.com';
    const { id } = await readJson(
      await admin('/api/users', {
        method: 'POST',
        json: { email, name: 'Slow Reader', role: 'support' },
      }),
    );
    const first = t.invitationTokenOf(email);
    t.clock.advance(INVITATION_TTL_HOURS * 3_600_000);
    const expired = await post('/api/invitations/lookup', { token: first });
    expect(expired.status).toBe(410);
    expect((await readJson(expired)).detail).toMatch(/expired/);
    // Days later: the admin signs in again.
    admin = await t.signIn('admin');
    expect((await userOf(admin, id)).invitation).toMatchObject({ state: 'expired' });
    expect(
      (await post('/api/invitations/accept', { token: first, password: PASSWORD })).status,
    ).toBe(410);

    const resent = await admin(`/api/users/${id}/invitation`, { method: 'POST', json: {} });
    expect(resent.status).toBe(200);
    expect((await readJson(resent)).invitation).toMatchObject({ state: 'sent' });
    const second = t.invitationTokenOf(email);
    expect(second).not.toBe(first);
    t.clock.advance(60_000);
    // A third e-mail replaces the second: only the newest link works.
    await admin(`/api/users/${id}/invitation`, { method: 'POST', json: {} });
    const replaced = await post('/api/invitations/accept', { token: second, password: PASSWORD });
    expect(replaced.status).toBe(410);
    expect((await readJson(replaced)).detail).toMatch(/newer invitation/);
    const third = t.invitationTokenOf(email);
    expect(
      (await post('/api/invitations/accept', { token: third, password: PASSWORD })).status,
    ).toBe(200);
  });

  it('makes a finance account only once a second admin approves, then e-mails its owner', async () => {
    const admin = await t.signIn('admin');
    const email = 'new.finance@example.com';
    const asked = await admin('/api/users', {
      method: 'POST',
      json: { email, name: 'New Finance', role: 'finance' },
    });
    expect(asked.status).toBe(202);
    const change = await readJson(asked);
    expect(t.mailbox.list().filter((m) => m.to === email)).toEqual([]);
    const approved = await (
      await t.signIn('admin2')
    )(`/api/user-changes/${change.id}/approve`, { method: 'POST', json: {} });
    expect(approved.status).toBe(200);
    const { user_id: id } = await readJson(approved);
    expect(t.mailbox.list()[0]!.text).toContain('Ada Admin, approved by Alan Second, made you');
    expect((await userOf(admin, id)).invitation).toMatchObject({ state: 'sent' });
    await post('/api/invitations/accept', {
      token: t.invitationTokenOf(email),
      password: PASSWORD,
    });
    expect((await signInAs(email, PASSWORD)).status).toBe(200);
  });

  it('keeps an account whose e-mail failed as not sent, and a failed "send again" is 502', async () => {
    const admin = await t.signIn('admin');
    const email = 'bounced@example.com';
    failNext = 1;
    const created = await admin('/api/users', {
      method: 'POST',
      json: { email, name: 'Bounced', role: 'support' },
    });
    expect(created.status).toBe(201);
    const { id, invitation } = await readJson(created);
    expect(invitation).toEqual({ state: 'not_sent', sent_at: null, expires_at: null });

    failNext = 1;
    const failed = await admin(`/api/users/${id}/invitation`, { method: 'POST', json: {} });
    expect(failed.status).toBe(502);
    expect(await readJson(failed)).toMatchObject({ code: 'mail_failed' });
    expect((await userOf(admin, id)).invitation).toMatchObject({ state: 'not_sent' });

    const sent = await admin(`/api/users/${id}/invitation`, { method: 'POST', json: {} });
    expect((await readJson(sent)).invitation).toMatchObject({ state: 'sent' });
  });

  it("refuses a disabled account's link, bad and unknown tokens, and a second accept of one link", async () => {
    const admin = await t.signIn('admin');
    const email = 'left.early@example.com';
    const { id } = await readJson(
      await admin('/api/users', {
        method: 'POST',
        json: { email, name: 'Left Early', role: 'support' },
      }),
    );
    const token = t.invitationTokenOf(email);
    await admin(`/api/users/${id}`, { method: 'PATCH', json: { disabled: true } });
    const disabled = await post('/api/invitations/accept', { token, password: PASSWORD });
    expect(disabled.status).toBe(410);
    expect((await readJson(disabled)).detail).toMatch(/disabled/);
    const refusedResend = await admin(`/api/users/${id}/invitation`, { method: 'POST', json: {} });
    expect(refusedResend.status).toBe(409);

    const malformed = await post('/api/invitations/lookup', { token: 'hello' });
    expect(malformed.status).toBe(422);
    expect((await readJson(malformed)).errors).toEqual([
      { pointer: '/token', message: expect.stringMatching(/whole link/) },
    ]);
    const unknown = await post('/api/invitations/lookup', { token: 'A'.repeat(43) });
    expect(unknown.status).toBe(410);
    expect((await readJson(unknown)).detail).toMatch(/not an invitation/);

    const racer = 'racer.invitee@example.com';
    await admin('/api/users', {
      method: 'POST',
      json: { email: racer, name: 'Racer', role: 'support' },
    });
    const raceToken = t.invitationTokenOf(racer);
    const replies = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        post('/api/invitations/accept', { token: raceToken, password: `${PASSWORD}-${i}` }),
      ),
    );
    expect(replies.map((r) => r.status).sort()).toEqual([200, 410, 410, 410, 410]);
    const audited = await rows<{ n: number }>(
      sql`select count(*)::int as n from audit_log where action = 'user.invitation_accepted' and data->>'email' = ${racer}`,
    );
    expect(audited).toEqual([{ n: 1 }]);
  });
  it('resets a forgotten password from the sign-in page: same answer for anyone, one link per few minutes', async () => {
    const { id, email, password, client } = await t.makeAccount('support');
    const mailsTo = (to: string) => t.mailbox.list().filter((m) => m.to === to);
    const resetLinks = () => mailsTo(email).filter((m) => m.subject.includes('Reset'));
    const ask = (who: string) => post('/api/password-resets', { email: who });

    const asked = await ask(email.toUpperCase());
    expect(asked.status).toBe(202);
    expect(await readJson(asked)).toEqual({ email });
    await expect.poll(() => resetLinks().length).toBe(1);
    expect(resetLinks()[0]!.text).toContain('Someone asked on the sign-in page');
    // Another ask within the interval: the same answer, no second e-mail.
    expect((await ask(email)).status).toBe(202);
    // Nobody by that address, an account still invited: the same answer, no e-mail.
    const before = t.mailbox.list().length;
    expect(await readJson(await ask('nobody@example.com'))).toEqual({
      email: 'nobody@example.com',
    });
    const admin = await t.signIn('admin');
    await admin('/api/users', {
      method: 'POST',
      json: { email: 'still.invited@example.com', name: 'Still Invited', role: 'support' },
    });
    expect((await ask('still.invited@example.com')).status).toBe(202);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(t.mailbox.list().length).toBe(before + 1);
    expect(resetLinks()).toHaveLength(1);

    const token = t.invitationTokenOf(email);
    expect(await readJson(await post('/api/invitations/lookup', { token }))).toMatchObject({
      purpose: 'password_reset',
      email,
    });
    // Until the link is used, the old password works.
    expect((await signInAs(email, password)).status).toBe(200);
    const accepted = await post('/api/invitations/accept', { token, password: PASSWORD });
    expect(accepted.status).toBe(200);
    expect((await signInAs(email, password)).status).toBe(401);
    expect((await signInAs(email, PASSWORD)).status).toBe(200);
    // Every session of the account ended with the old password.
    expect((await client('/api/session')).status).toBe(401);
    const audit = (await readJson(await admin(`/api/audit?what=user`))).items;
    expect(
      audit
        .filter(
          (a: { action: string; target: { id: string } }) =>
            a.target.id === id && a.action.startsWith('user.password_reset_'),
        )
        .map((a: { action: string; actor: { email: string } | null }) => [
          a.action,
          a.actor?.email ?? null,
        ]),
    ).toEqual([
      ['user.password_reset_by_link', email],
      ['user.password_reset_sent', null],
    ]);

    // After the interval another may go; it expires within the hour.
    t.clock.advance(5 * 60_000);
    expect((await ask(email)).status).toBe(202);
    await expect.poll(() => resetLinks().length).toBe(2);
    const late = t.invitationTokenOf(email);
    t.clock.advance(60 * 60_000);
    const expired = await post('/api/invitations/accept', {
      token: late,
      password: `${PASSWORD}!`,
    });
    expect(expired.status).toBe(410);
    expect((await signInAs(email, PASSWORD)).status).toBe(200);
  });

  it('lets an admin e-mail a user a reset link, which names the admin; never for an invited account', async () => {
    const admin = await t.signIn('admin');
    const { id, email } = await t.makeAccount('support', { by: admin });
    const sent = await admin(`/api/users/${id}/password-reset`, { method: 'POST', json: {} });
    expect(sent.status).toBe(200);
    const [mail] = t.mailbox.list();
    expect(mail).toMatchObject({ to: email, subject: 'Reset your payouts back-office password' });
    expect(mail!.text).toContain('Ada Admin, an admin, sent you this link');

    const { id: invited } = await readJson(
      await admin('/api/users', {
        method: 'POST',
        json: { email: 'not.yet@example.com', name: 'Not Yet', role: 'support' },
      }),
    );
    const refused = await admin(`/api/users/${invited}/password-reset`, {
      method: 'POST',
      json: {},
    });
    expect(refused.status).toBe(409);
    expect((await readJson(refused)).detail).toMatch(/invitation again/);
    expect(
      (
        await admin('/api/users/00000000-0000-4000-8000-000000000000/password-reset', {
          method: 'POST',
          json: {},
        })
      ).status,
    ).toBe(404);
  });
});

describe('invitations without e-mail', () => {
  let database: TestDatabase;
  let t: TestApp;
  beforeAll(async () => {
    database = await openTestDatabase(appTestDatabaseKinds[0]!);
    t = await startTestApp({ database, mailTransport: null });
  });
  afterAll(async () => {
    await t?.close();
    await database?.close();
  });

  it('makes no account and proposes none: 409 mail_off, nothing written', async () => {
    const admin = await t.signIn('admin');
    for (const role of ['support', 'admin'] as const) {
      const refused = await admin('/api/users', {
        method: 'POST',
        json: { email: `nomail-${role}@example.com`, name: 'No Mail', role },
      });
      expect(refused.status).toBe(409);
      expect(await readJson(refused)).toMatchObject({
        code: 'mail_off',
        detail: expect.stringMatching(/SMTP_URL/),
      });
    }
    const result: unknown = await t.db.execute(
      sql`select (select count(*) from users where email like 'nomail-%')::int
        + (select count(*) from user_changes where email like 'nomail-%')::int as n`,
    );
    expect((result as { rows: { n: number }[] }).rows).toEqual([{ n: 0 }]);
  });
});
