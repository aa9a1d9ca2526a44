import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readJson, startTestApp, type ApiFetch, type TestApp } from '../../testing/testApp.js';
import {
  openTestDatabase,
  appTestDatabaseKinds,
  type TestDatabase,
} from '../../testing/testDatabase.js';
import { cardPayoutBody } from '../../testing/testCardMetadata.js';

const HOUR = 3_600_000;

/**
 * An admin created a finance account and approved their own 99,999 EUR payout with
 * it. An approval by an account the payout's creator created, re-roled or reset within
 * APPROVAL_COOLDOWN_HOURS does not count: it is refused and audited.
 */
describe.each(appTestDatabaseKinds)('approval cooldown (%s)', (kind) => {
  let database: TestDatabase;
  let t: TestApp;
  let admin: ApiFetch;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    t = await startTestApp({
      database,
      env: {
        APPROVAL_THRESHOLDS: 'EUR=100',
        APPROVAL_COOLDOWN_HOURS: '24',
      },
    });
    admin = await t.signIn('admin');
  });
  afterAll(async () => {
    await t?.close();
    await database?.close();
  });

  const createPayout = async (as: ApiFetch) => {
    const res = await as('/api/payouts', {
      method: 'POST',
      headers: { 'Idempotency-Key': randomUUID() },
      json: cardPayoutBody('cooldown', '99999.00'),
    });
    expect(res.status).toBe(201);
    const payout = await readJson(res);
    expect(payout.status).toBe('awaiting_approval');
    return payout.id as string;
  };
  const approve = (as: ApiFetch, id: string) =>
    as(`/api/payouts/${id}/approve`, { method: 'POST', json: {} });
  const refusals = async (id: string) => {
    const page = await readJson(await admin('/api/audit?what=payout.approve_refused&limit=100'));
    return (page.items as { target: { id: string }; data: Record<string, unknown> }[]).filter(
      (item) => item.target.id === id,
    );
  };

  it('refuses and audits an approval by an account the creator just made, and counts it a day later', async () => {
    const email = `sock-${randomUUID()}@example.com`;
    const password = 'a-sock-puppet-password';
    // Asked for by the admin, approved by admin2 (decision 042): the admin made it all the same.
    let sock = (await t.makeAccount('finance', { by: admin, email, password })).client;
    const id = await createPayout(admin);
    const sentBefore = t.sandbox.inspect.createCalls().length;

    const refused = await approve(sock, id);
    expect(refused.status).toBe(403);
    const problem = await readJson(refused);
    expect(problem.code).toBe('approval_cooldown');
    expect(Date.parse(problem.approvals_count_from)).toBeGreaterThan(t.clock.now().getTime());
    expect((await readJson(await admin(`/api/payouts/${id}`))).payout.status).toBe(
      'awaiting_approval',
    );
    expect(t.sandbox.inspect.createCalls().length).toBe(sentBefore);
    const [entry] = await refusals(id);
    expect(entry?.data).toMatchObject({
      reason: 'approval_cooldown',
      account_change: 'user.created',
    });

    // A payout by someone else is theirs to approve at once: the cooldown is about the creator.
    const byFinance = await createPayout(await t.signIn('finance'));
    expect((await approve(sock, byFinance)).status).toBe(200);

    t.clock.advance(24 * HOUR + 1000);
    sock = await t.signInAs(email, password);
    const later = await approve(sock, id);
    expect(later.status).toBe(200);
    expect((await readJson(later)).status).not.toBe('awaiting_approval');
  });

  it('counts a password reset and a role change by the creator, not a rename', async () => {
    admin = await t.signIn('admin');
    const users: { id: string; email: string }[] = (await readJson(await admin('/api/users')))
      .items;
    const finance2 = users.find((u) => u.email === 'finance2@example.com')!;
    const id = await createPayout(admin);

    const rename = await admin(`/api/users/${finance2.id}`, {
      method: 'PATCH',
      json: { name: 'Fiona Renamed' },
    });
    expect(rename.status).toBe(200);
    const reset = await admin(`/api/users/${finance2.id}/password`, {
      method: 'POST',
      json: { password: 'finance2-new-password' },
    });
    expect(reset.status).toBe(202);
    const approve2 = async (changeId: string) =>
      expect(
        (
          await (
            await t.signIn('admin2')
          )(`/api/user-changes/${changeId}/approve`, { method: 'POST', json: {} })
        ).status,
      ).toBe(200);
    await approve2((await readJson(reset)).id);
    let fiona = await t.signInAs('finance2@example.com', 'finance2-new-password');
    const refused = await approve(fiona, id);
    expect(refused.status).toBe(403);
    expect((await refusals(id))[0]?.data).toMatchObject({ account_change: 'user.password_reset' });

    t.clock.advance(25 * HOUR);
    admin = await t.signIn('admin');
    fiona = await t.signInAs('finance2@example.com', 'finance2-new-password');
    const support = users.find((u) => u.email === 'support@example.com')!;
    const promoted = await admin(`/api/users/${support.id}`, {
      method: 'PATCH',
      json: { role: 'finance' },
    });
    expect(promoted.status).toBe(200);
    await approve2((await readJson(promoted)).pending_changes[0].id);
    const sam = await t.signIn('support');
    const second = await approve(sam, id);
    expect(second.status).toBe(403);
    expect((await refusals(id))[0]?.data).toMatchObject({ account_change: 'user.updated' });
    // Fiona's reset is 25 hours old now: her approval counts.
    expect((await approve(fiona, id)).status).toBe(200);
  });
});
