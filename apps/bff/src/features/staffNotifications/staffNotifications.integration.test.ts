import { randomUUID } from 'node:crypto';
import { count } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffNotificationMails, staffNotifications } from '../../db/schema.js';
import { startSmtpCatcher, type CaughtMail, type SmtpCatcher } from '../../testing/smtpCatcher.js';
import { TEST_CARD_METADATA } from '../../testing/testCardMetadata.js';
import { readJson, startTestApp, type ApiFetch, type TestApp } from '../../testing/testApp.js';
import {
  openTestDatabase,
  appTestDatabaseKinds,
  type TestDatabase,
} from '../../testing/testDatabase.js';

const MAIL_FROM = 'payouts-noreply@example.com';
const EXTRA_PASSWORD = 'another-password-123';
const CARD_DIGITS = TEST_CARD_METADATA.creditCardNumber.replace(/\s+/g, '');

/** Payout bodies for the BE/EUR corridor: a card, or a bank account. */
function payoutBody(amount: string, method: 'card' | 'bank' = 'card') {
  return {
    order_id: `notify-${randomUUID().slice(0, 8)}`,
    provider: 'northwind_pay',
    country: 'BE',
    currency: 'EUR',
    state: null,
    amount,
    ...(method === 'card'
      ? { payout_method_type: 'credit_card', metadata: { ...TEST_CARD_METADATA } }
      : {
          payout_method_type: 'bank_account',
          metadata: {
            bankName: 'Belfius',
            bankCode: 'GKCCBEBB',
            bankAccountNumber: 'BE68539007547034',
            bankAccountName: 'Acme Supplies BV',
            customerFirstName: 'Anna',
            customerLastName: 'Claes',
            email: 'anna@acme.example',
          },
        }),
  };
}

/** Nothing an e-mail may carry: a full card or account number, a CVV, a credential. */
function expectNothingSensitive(t: TestApp, mail: CaughtMail): void {
  for (const text of [mail.raw, mail.text, mail.subject]) {
    t.secretScanner.check(`an e-mail to ${mail.to.join(',')}`, text);
    const digits = text.replace(/(?<=\d)[ -](?=\d)/g, '');
    expect(digits).not.toContain(CARD_DIGITS);
    expect(digits).not.toContain(CARD_DIGITS.slice(0, 6) + CARD_DIGITS.slice(-4));
    expect(digits).not.toContain('BE68539007547034');
    expect(digits).not.toContain('539007547034');
    expect(text).not.toMatch(/cvv|smtp-secret-password|session/i);
  }
}

describe.each(appTestDatabaseKinds)('staff notifications by e-mail (%s)', (kind) => {
  let database: TestDatabase;
  let smtp: SmtpCatcher;
  let t: TestApp;
  let finance: ApiFetch;
  let finance2: ApiFetch;
  let admin: ApiFetch;
  let support: ApiFetch;
  let hourly: ApiFetch;
  const logLines: string[] = [];

  const create = async (as: ApiFetch, amount: string, method: 'card' | 'bank' = 'card') => {
    const res = await as('/api/payouts', {
      method: 'POST',
      headers: { 'Idempotency-Key': randomUUID() },
      json: payoutBody(amount, method),
    });
    expect(res.status).toBe(201);
    const payout = await readJson(res);
    expect(payout.status).toBe('awaiting_approval');
    return payout;
  };
  const bell = async (as: ApiFetch) => {
    const res = await as('/api/me/notifications');
    expect(res.status).toBe(200);
    return readJson(res);
  };
  const newMails = (since: number) => smtp.mails.slice(since);
  const recipientsOf = (mails: CaughtMail[]) => mails.flatMap((m) => m.to).sort();
  const addUser = async (email: string, role: 'finance' | 'admin') =>
    (await t.makeAccount(role, { by: admin, email, password: EXTRA_PASSWORD })).id;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    smtp = await startSmtpCatcher();
    t = await startTestApp({
      database,
      // Unset (empty is unset): the demo policy, one approver (finance or admin) above 10,000.
      // Sessions outlive the hours the digest tests move the clock by.
      env: {
        APPROVAL_THRESHOLDS: '',
        SMTP_URL: smtp.url,
        MAIL_FROM,
        SESSION_IDLE_MINUTES: '1440',
        SESSION_ABSOLUTE_HOURS: '720',
      },
      logDestination: { write: (line: string) => void logLines.push(line) },
    });
    [finance, finance2, admin, support] = await Promise.all([
      t.signIn('finance'),
      t.signIn('finance2'),
      t.signIn('admin'),
      t.signIn('support'),
    ]);
    // Beside the demo's second admin: a disabled finance user, and one on the hourly digest.
    const disabled = await addUser('finance-gone@example.com', 'finance');
    expect(
      (await admin(`/api/users/${disabled}`, { method: 'PATCH', json: { disabled: true } })).status,
    ).toBe(200);
    await addUser('finance-hourly@example.com', 'finance');
    hourly = await t.signInAs('finance-hourly@example.com', EXTRA_PASSWORD);
    const set = await hourly('/api/me/notification-settings', {
      method: 'PATCH',
      json: { digest: 'hourly' },
    });
    expect(await readJson(set)).toEqual({ digest: 'hourly', email_enabled: true });
    // The account changes above told admin2 in the bell; their e-mails are not this suite's.
    await t.notificationMailer!.runOnce();
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
    await database?.close();
  });

  it('mails exactly the eligible approvers, outside the request, with a link and nothing sensitive', async () => {
    const before = smtp.mails.length;
    const payout = await create(finance, '15000.00');
    // The request wrote the bell's rows; no e-mail left inside it.
    expect(newMails(before)).toEqual([]);

    const round = await t.notificationMailer!.runOnce();
    expect(round.results).toEqual({ sent: 3 });
    const mails = newMails(before);
    // Not the creator, not support (not in the rule), not the disabled user, not the hourly one.
    expect(recipientsOf(mails)).toEqual([
      'admin2@example.com',
      'admin@example.com',
      'finance2@example.com',
    ]);
    for (const mail of mails) {
      expect(mail.to).toHaveLength(1);
      expect(mail.from).toBe(MAIL_FROM);
      expect(mail.subject).toContain('€15,000.00');
      expect(mail.text).toContain(`${t.config.publicUrl.origin}/payouts/${payout.id}`);
      expect(mail.text).toContain('created by Fin Ance');
      expect(mail.text).toContain(payout.approval_rule.name);
      expect(mail.text).toContain('“Jan Peeters” (card …1111)');
      expectNothingSensitive(t, mail);
    }
    // Sent once: the next round finds nothing due.
    expect((await t.notificationMailer!.runOnce()).claimed).toBe(0);

    // The bell: every recipient, hourly or not, has it unread; the others have nothing.
    for (const as of [admin, finance2, hourly]) {
      const { items, unread_count } = await bell(as);
      expect(unread_count).toBe(1);
      expect(items[0]).toMatchObject({
        kind: 'payout_awaiting_approval',
        target_id: payout.id,
        link_path: `/payouts/${payout.id}`,
        read_at: null,
      });
    }
    for (const as of [finance, support])
      expect(await bell(as)).toEqual({ items: [], unread_count: 0 });
  });

  it('masks a bank account to its last 4 in the e-mail', async () => {
    const before = smtp.mails.length;
    await create(finance, '12000.00', 'bank');
    await t.notificationMailer!.runOnce();
    const mails = newMails(before);
    expect(mails).toHaveLength(3);
    for (const mail of mails) {
      expect(mail.text).toContain('“Anna Claes” (account …7034)');
      expectNothingSensitive(t, mail);
    }
  });

  it('retries a transient SMTP refusal later and delivers each e-mail once', async () => {
    const before = smtp.mails.length;
    smtp.refuseNext(1);
    const payout = await create(finance2, '20000.00');
    // Created by finance2: finance, admin and admin2 may approve it.
    const first = await t.notificationMailer!.runOnce();
    expect(first.results).toEqual({ sent: 2, retry: 1 });
    expect(newMails(before)).toHaveLength(2);
    // Not due yet: the backoff is counted on the app's clock.
    expect((await t.notificationMailer!.runOnce()).claimed).toBe(0);
    t.clock.advance(31_000);
    expect((await t.notificationMailer!.runOnce()).results).toEqual({ sent: 1 });
    const mails = newMails(before);
    expect(recipientsOf(mails)).toEqual([
      'admin2@example.com',
      'admin@example.com',
      'finance@example.com',
    ]);
    for (const mail of mails) expect(mail.text).toContain(`/payouts/${payout.id}`);
    expect((await t.notificationMailer!.runOnce()).claimed).toBe(0);
  });

  it('sends an hourly user one digest per hour listing what arrived', async () => {
    // Nothing for the hourly user until the hour ends, then one digest of its three payouts.
    // (Its invitation, sent at once when the account was made, is not a notification.)
    const toHourly = (m: CaughtMail) =>
      m.to.includes('finance-hourly@example.com') && !m.text.includes('/invitation#');
    expect(smtp.mails.filter(toHourly)).toEqual([]);
    t.clock.set(new Date('2030-01-15T09:59:59.999Z'));
    expect((await t.notificationMailer!.runOnce()).claimed).toBe(0);
    t.clock.set(new Date('2030-01-15T10:00:00.000Z'));
    expect((await t.notificationMailer!.runOnce()).results).toEqual({ sent: 1 });
    const digests = smtp.mails.filter(toHourly);
    expect(digests).toHaveLength(1);
    expect(digests[0]!.subject).toBe('3 items awaiting your approval (hourly digest)');
    expect(digests[0]!.text.match(/\/payouts\//g)).toHaveLength(3);
    expectNothingSensitive(t, digests[0]!);

    // Two more in this hour: nothing before its end, one digest with both after it.
    const before = smtp.mails.length;
    const a = await create(finance, '11000.00');
    const b = await create(finance2, '13000.00');
    await t.notificationMailer!.runOnce();
    const hourlyMails = () => newMails(before).filter(toHourly);
    expect(hourlyMails()).toEqual([]);
    t.clock.advance(3_600_000);
    await t.notificationMailer!.runOnce();
    expect(hourlyMails()).toHaveLength(1);
    const [digest] = hourlyMails();
    expect(digest!.subject).toBe('2 items awaiting your approval (hourly digest)');
    expect(digest!.text).toContain(`${t.config.publicUrl.origin}/payouts/${a.id}`);
    expect(digest!.text).toContain(`${t.config.publicUrl.origin}/payouts/${b.id}`);
    expectNothingSensitive(t, digest!);
  });

  it('tells the other admins of a proposed policy change', async () => {
    const before = smtp.mails.length;
    // Proposed through the route: the policies service tells the notifier once it has committed.
    const { active } = await readJson(await admin('/api/approval-policies'));
    const rules = [...active.policy.rules];
    rules[rules.length - 1] = { ...rules.at(-1), name: 'Every other payout' };
    const proposed = await admin('/api/approval-policies/proposals', {
      method: 'POST',
      json: { policy: { rules }, note: 'Clearer name' },
    });
    expect(proposed.status).toBe(201);
    const proposalId = (await readJson(proposed)).id as string;
    await t.notificationMailer!.runOnce();
    const mails = newMails(before);
    expect(recipientsOf(mails)).toEqual(['admin2@example.com']);
    expect(mails[0]!.text).toContain(`${t.config.publicUrl.origin}/approval-policies`);
    expect(mails[0]!.text).toContain('Proposed by Ada Admin');
    expectNothingSensitive(t, mails[0]!);
    const admin2 = await t.signIn('admin2');
    expect((await bell(admin2)).items[0]).toMatchObject({
      kind: 'policy_change_proposed',
      target_id: proposalId,
      link_path: '/approval-policies',
    });
    expect((await bell(admin)).items[0].kind).toBe('payout_awaiting_approval');

    // Decided (here rejected by admin2): it no longer asks anyone.
    const rejected = await admin2(`/api/approval-policies/proposals/${proposalId}/reject`, {
      method: 'POST',
      json: { reason: 'Keep the name' },
    });
    expect(rejected.status).toBe(200);
    expect((await bell(admin2)).items[0]).toMatchObject({
      target_id: proposalId,
      read_at: expect.any(String),
    });
  });

  it('marks one’s own notifications read, by id or all, and refuses bad input without a change', async () => {
    const { items, unread_count } = await bell(finance2);
    expect(unread_count).toBeGreaterThanOrEqual(3);
    const read = await finance2('/api/me/notifications/read', {
      method: 'POST',
      json: { ids: [items[0].id] },
    });
    expect(read.status).toBe(200);
    expect(await readJson(read)).toEqual({ unread_count: unread_count - 1 });
    const after = await bell(finance2);
    expect(after.items[0].read_at).not.toBeNull();

    // Someone else's id changes nothing for them.
    const adminBell = await bell(admin);
    const other = await finance2('/api/me/notifications/read', {
      method: 'POST',
      json: { ids: [adminBell.items[0].id] },
    });
    expect(other.status).toBe(200);
    expect((await bell(admin)).unread_count).toBe(adminBell.unread_count);

    for (const json of [
      {},
      { ids: [] },
      { ids: ['not-a-uuid'] },
      { all: false },
      { all: 'true' },
      { ids: [items[1].id], all: true },
      { ids: Array.from({ length: 101 }, () => randomUUID()) },
    ]) {
      const res = await finance2('/api/me/notifications/read', { method: 'POST', json });
      expect(res.status, JSON.stringify(json).slice(0, 80)).toBe(422);
    }
    expect((await bell(finance2)).unread_count).toBe(unread_count - 1);
    // The bell has no pages: a cursor (or any query) is refused like a bad one elsewhere.
    for (const query of ['cursor=not-a-cursor', 'limit=5']) {
      const res = await finance2(`/api/me/notifications?${query}`);
      expect(res.status, query).toBe(422);
    }

    const all = await finance2('/api/me/notifications/read', {
      method: 'POST',
      json: { all: true },
    });
    expect(await readJson(all)).toEqual({ unread_count: 0 });
    expect((await bell(finance2)).items.every((i: { read_at: string | null }) => i.read_at)).toBe(
      true,
    );
    expect((await bell(admin)).unread_count).toBe(adminBell.unread_count);
  });

  it('keeps the digest setting per user and refuses a bad one without a change', async () => {
    const get = async (as: ApiFetch) => readJson(await as('/api/me/notification-settings'));
    expect(await get(support)).toEqual({ digest: 'immediate', email_enabled: true });
    for (const json of [
      { digest: 'weekly' },
      {},
      { digest: 'hourly', extra: 1 },
      { digest: null },
    ]) {
      const res = await support('/api/me/notification-settings', { method: 'PATCH', json });
      expect(res.status).toBe(422);
    }
    expect(await get(support)).toEqual({ digest: 'immediate', email_enabled: true });
    const res = await support('/api/me/notification-settings', {
      method: 'PATCH',
      json: { digest: 'hourly' },
    });
    expect(await readJson(res)).toEqual({ digest: 'hourly', email_enabled: true });
    expect(await get(support)).toEqual({ digest: 'hourly', email_enabled: true });
    expect(await get(finance)).toEqual({ digest: 'immediate', email_enabled: true });
    expect((await t.api('/api/me/notification-settings')).status).toBe(401);
    expect((await t.api('/api/me/notifications')).status).toBe(401);
  });

  it('settles what was decided: the bell stops asking, and no unsent e-mail mentions it', async () => {
    expect(
      (
        await hourly('/api/me/notification-settings', {
          method: 'PATCH',
          json: { digest: 'hourly' },
        })
      ).status,
    ).toBe(200);
    // Whatever earlier tests left queued goes out first.
    t.clock.advance(3_600_000);
    await t.notificationMailer!.runOnce();
    const before = smtp.mails.length;
    const decided = await create(finance, '14000.00');
    const waiting = await create(finance, '16000.00');
    const readAt = async (as: ApiFetch, id: string) =>
      ((await bell(as)).items as { target_id: string; read_at: string | null }[]).find(
        (item) => item.target_id === id,
      )?.read_at;
    expect(await readAt(hourly, decided.id)).toBeNull();

    // finance2 approves one before any e-mail about it left: it is sent, and settled for all.
    const approved = await finance2(`/api/payouts/${decided.id}/approve`, {
      method: 'POST',
      json: {},
    });
    expect(approved.status).toBe(200);
    for (const as of [hourly, admin]) {
      expect(await readAt(as, decided.id)).toEqual(expect.any(String));
      expect(await readAt(as, waiting.id)).toBeNull();
    }
    t.clock.advance(3_600_000);
    await t.notificationMailer!.runOnce();
    const mails = newMails(before);
    // The approvers' e-mails about the decided payout were dropped; its creator was told of the
    // approval (theirs is news, not a question); the waiting one still mailed.
    const aboutDecided = mails.filter((m) => m.text.includes(`/payouts/${decided.id}`));
    expect(recipientsOf(aboutDecided)).toEqual(['finance@example.com']);
    expect(aboutDecided[0]!.subject).toBe('Your payout of €14,000.00 was approved');
    expect(recipientsOf(mails.filter((m) => m.text.includes(`/payouts/${waiting.id}`)))).toEqual([
      'admin2@example.com',
      'admin@example.com',
      'finance-hourly@example.com',
      'finance2@example.com',
    ]);
    const digest = mails.filter((m) => m.to.includes('finance-hourly@example.com'));
    expect(digest.map((m) => m.subject)).toEqual(['1 item awaiting your approval (hourly digest)']);

    // A cancel by its creator settles it too.
    expect(
      (await finance(`/api/payouts/${waiting.id}/cancel`, { method: 'POST', json: {} })).status,
    ).toBe(200);
    for (const as of [hourly, admin]) {
      expect(await readAt(as, waiting.id)).toEqual(expect.any(String));
    }
  });

  it('tells a creator when others decide their payout, or it is declined, and not what they did themselves', async () => {
    const outcomes = async (as: ApiFetch, id: string) =>
      ((await bell(as)).items as { kind: string; target_id: string; title: string; body: string }[])
        .filter((item) => item.kind === 'payout_outcome' && item.target_id === id)
        .map((item) => `${item.title}. ${item.body}`);
    const before = smtp.mails.length;
    const approved = await create(finance, '17000.00', 'bank');
    const rejected = await create(finance, '18000.00');
    const cancelled = await create(finance, '19000.00');
    expect(
      (await admin(`/api/payouts/${approved.id}/approve`, { method: 'POST', json: {} })).status,
    ).toBe(200);
    expect(
      (
        await finance2(`/api/payouts/${rejected.id}/reject`, {
          method: 'POST',
          json: { reason: 'Wrong supplier' },
        })
      ).status,
    ).toBe(200);
    expect(
      (await finance(`/api/payouts/${cancelled.id}/cancel`, { method: 'POST', json: {} })).status,
    ).toBe(200);

    expect(await outcomes(finance, approved.id)).toEqual([
      'Your payout of €17,000.00 was approved. To “Anna Claes” (account …7034), order ' +
        `“${approved.order_id}”; approved by Ada Admin and sent to the PSP.`,
    ]);
    expect(await outcomes(finance, rejected.id)).toEqual([
      'Your payout of €18,000.00 was rejected. To “Jan Peeters” (card …1111), order ' +
        `“${rejected.order_id}”; rejected by Fiona Second: “Wrong supplier”. Nothing was sent.`,
    ]);
    // Their own cancel is no news to them; nobody else hears of another's outcome.
    expect(await outcomes(finance, cancelled.id)).toEqual([]);
    for (const as of [admin, finance2, support]) {
      expect(await outcomes(as, approved.id)).toEqual([]);
      expect(await outcomes(as, rejected.id)).toEqual([]);
    }
    // Deciding does not settle what told the creator: it stays unread until they read it.
    const unread = (await bell(finance)).items.filter(
      (item: { kind: string; read_at: string | null }) =>
        item.kind === 'payout_outcome' && item.read_at === null,
    );
    expect(unread.length).toBeGreaterThanOrEqual(2);

    // By their digest (immediate): one e-mail each, nothing sensitive.
    await t.notificationMailer!.runOnce();
    const told = newMails(before).filter((m) => m.to.includes('finance@example.com'));
    expect(told.map((m) => m.subject).sort()).toEqual([
      'Your payout of €17,000.00 was approved',
      'Your payout of €18,000.00 was rejected',
    ]);
    for (const mail of told) expectNothingSensitive(t, mail);
    // What the next tests notify is newer than this (the app's clock stands still otherwise).
    t.clock.advance(60_000);
  });

  it('tells a user at once, whatever their digest, of each factor and recovery codes added', async () => {
    const before = smtp.mails.length;
    const codeNow = (secret: string) =>
      generate({ secret, epoch: Math.floor(t.clock.now().getTime() / 1000) });
    const start = await hourly('/api/me/factors/totp', {
      method: 'POST',
      json: { label: 'Phone https://evil.example' },
    });
    const enrolment = (await readJson(start)) as { id: string; secret: string };
    const confirm = await hourly(`/api/me/factors/totp/${enrolment.id}/confirm`, {
      method: 'POST',
      json: { code: await codeNow(enrolment.secret) },
    });
    expect(confirm.status).toBe(200);
    // The hourly user's e-mail leaves now, not at the end of the hour.
    expect((await t.notificationMailer!.runOnce()).results).toEqual({ sent: 1 });
    const [mail] = newMails(before);
    expect(mail!.to).toEqual(['finance-hourly@example.com']);
    expect(mail!.subject).toBe('A second factor was added to your account');
    expect(mail!.text).toContain(
      'An authenticator app (“Phone https[:]//evil[.]example”) was added at',
    );
    expect(mail!.text).toContain(`Open it: ${t.config.publicUrl.origin}/security`);
    expectNothingSensitive(t, mail!);
    const { items } = await bell(hourly);
    expect(items[0]).toMatchObject({
      kind: 'factor_enrolled',
      target_id: (await readJson(confirm)).factor.id,
      link_path: '/security',
      read_at: null,
    });

    // New recovery codes, after a fresh step-up once the enrolment's own has passed.
    t.clock.advance(6 * 60_000);
    const stepUp = await hourly('/api/session/verify', {
      method: 'POST',
      json: { method: 'totp', code: await codeNow(enrolment.secret) },
    });
    expect(stepUp.status).toBe(200);
    const codes = await hourly('/api/me/recovery-codes', { method: 'POST', json: {} });
    expect(codes.status).toBe(200);
    await t.notificationMailer!.runOnce();
    expect(newMails(before).map((m) => m.subject)).toEqual([
      'A second factor was added to your account',
      'New recovery codes were made for your account',
    ]);
    expect(recipientsOf(newMails(before))).toEqual([
      'finance-hourly@example.com',
      'finance-hourly@example.com',
    ]);
  });

  it('never logs the SMTP URL or its password', () => {
    expect(logLines.length).toBeGreaterThan(0);
    for (const line of logLines) {
      expect(line).not.toContain('smtp-secret-password');
      expect(line).not.toContain(smtp.url);
    }
  });
});

describe.each(appTestDatabaseKinds)('staff notifications without SMTP_URL (%s)', (kind) => {
  let database: TestDatabase;
  let smtp: SmtpCatcher;
  let t: TestApp;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    smtp = await startSmtpCatcher();
    // No SMTP and no mailbox: e-mail off, as outside the demo.
    t = await startTestApp({ database, env: { APPROVAL_THRESHOLDS: '' }, mailTransport: null });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
    await database?.close();
  });

  it('sends no e-mail and says so, but the bell still rings', async () => {
    expect(t.config.mail).toBeUndefined();
    expect(t.config.defaultsUsed.filter((d) => d.includes('(SMTP_URL unset)'))).toHaveLength(1);
    expect(t.notificationMailer).toBeUndefined();
    const finance = await t.signIn('finance');
    const res = await finance('/api/payouts', {
      method: 'POST',
      headers: { 'Idempotency-Key': randomUUID() },
      json: payoutBody('15000.00'),
    });
    expect(res.status).toBe(201);
    const payout = await readJson(res);
    const admin = await t.signIn('admin');
    const { items, unread_count } = await readJson(await admin('/api/me/notifications'));
    expect(unread_count).toBe(1);
    expect(items[0]).toMatchObject({ target_id: payout.id, read_at: null });
    expect(await readJson(await admin('/api/me/notification-settings'))).toEqual({
      digest: 'immediate',
      email_enabled: false,
    });
    const [rows] = await t.db.select({ n: count() }).from(staffNotifications);
    // finance2, admin and admin2: everyone the rule lets approve, but the creator.
    expect(rows!.n).toBe(3);
    const [mails] = await t.db.select({ n: count() }).from(staffNotificationMails);
    expect(mails!.n).toBe(0);
    expect(smtp.mails).toEqual([]);
  });
});
