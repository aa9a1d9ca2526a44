import { randomUUID } from 'node:crypto';
import type { ApprovalPolicy, ApprovalRule } from '@payouts/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardPayoutBody } from '../../testing/testCardMetadata.js';
import { readJson, startTestApp, type ApiFetch, type TestApp } from '../../testing/testApp.js';
import {
  appTestDatabaseKinds,
  openTestDatabase,
  type TestDatabase,
} from '../../testing/testDatabase.js';

const HOUR = 3_600_000;

const rule = (id: string, above: string | undefined, count: 0 | 1 | 2): ApprovalRule => ({
  id,
  name: id,
  conditions: above === undefined ? {} : { currency: 'EUR', amount_above: above },
  approvals: { count, roles: count === 0 ? [] : ['finance', 'admin'] },
});
/** What the suite starts with (APPROVAL_THRESHOLDS=EUR=1000): one approver above 1,000 EUR. */
const NO_APPROVALS: ApprovalPolicy = { rules: [rule('default', undefined, 0)] };
const TWO_ABOVE_500: ApprovalPolicy = {
  rules: [rule('two-above-500', '500', 2), rule('default', undefined, 0)],
};

/**
 * A change that lets some payout through with less approval is scheduled, not applied: it takes
 * effect POLICY_WEAKENING_DELAY_HOURS after its approval unless any admin cancels it, and every
 * admin but its approver hears of it at once (decision 042).
 */
describe.each(appTestDatabaseKinds)('a policy change that weakens approvals waits (%s)', (kind) => {
  let database: TestDatabase;
  let t: TestApp;
  let finance: ApiFetch;
  let admin: ApiFetch;
  let admin2: ApiFetch;
  let admin3: ApiFetch;

  const signInAll = async () => {
    [finance, admin, admin2] = await Promise.all([
      t.signIn('finance'),
      t.signIn('admin'),
      t.signIn('admin2'),
    ]);
    admin3 = await t.signInAs('admin3-weakening@example.com', 'admin3-password-123');
  };
  const propose = async (policy: ApprovalPolicy) => {
    const res = await admin('/api/approval-policies/proposals', {
      method: 'POST',
      json: { policy },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    return (await readJson(res)).id as string;
  };
  const decide = (as: ApiFetch, id: string, what: 'approve' | 'reject', reason?: string) =>
    as(`/api/approval-policies/proposals/${id}/${what}`, {
      method: 'POST',
      json: reason === undefined ? {} : { reason },
    });
  const policies = async () => readJson(await finance('/api/approval-policies'));
  /** The status a new 2,000 EUR payout gets: does it still need an approval? */
  const newPayoutStatus = async () => {
    const res = await finance('/api/payouts', {
      method: 'POST',
      headers: { 'Idempotency-Key': randomUUID() },
      json: cardPayoutBody('weakening', '2000.20'),
    });
    expect(res.status).toBe(201);
    return (await readJson(res)).status as string;
  };
  const bellKinds = async (as: ApiFetch) =>
    (await readJson(await as('/api/me/notifications'))).items
      .filter((n: { read_at: string | null }) => n.read_at === null)
      .map((n: { kind: string }) => n.kind);
  const audit = async (action: string) => {
    const result: unknown = await t.db.execute(
      sql`select actor_email, data from audit_log where action = ${action} order by id`,
    );
    return (result as { rows: { actor_email: string | null; data: Record<string, unknown> }[] })
      .rows;
  };

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    t = await startTestApp({
      database,
      env: { APPROVAL_THRESHOLDS: 'EUR=1000', SESSION_IDLE_MINUTES: '1440' },
    });
    admin = await t.signIn('admin');
    await t.makeAccount('admin', {
      by: admin,
      email: 'admin3-weakening@example.com',
      password: 'admin3-password-123',
    });
    // Accounts made today do not decide on what came before them: start a day later.
    t.clock.advance(25 * HOUR);
    await signInAll();
  });
  afterAll(async () => {
    await t?.close();
    await database?.close();
  });

  it('schedules a weakening change, tells the other admins at once, and any admin cancels it', async () => {
    const id = await propose(NO_APPROVALS);
    const approvedAt = t.clock.now().getTime();
    const res = await decide(admin2, id, 'approve');
    expect(res.status).toBe(200);
    const scheduled = await readJson(res);
    expect(scheduled).toMatchObject({
      status: 'scheduled',
      decided_by: { email: 'admin2@example.com' },
      effective_at: new Date(approvedAt + 24 * HOUR).toISOString(),
      cancelled_by: null,
    });
    expect(scheduled.weakening).toMatch(
      /^a card payout of 1000\.000000000000000001 EUR would need no approval .* instead of 1 approver/,
    );
    const state = await policies();
    expect(state.active.version).toBe(1);
    expect(state.scheduled).toMatchObject({ id, status: 'scheduled' });
    expect(state.pending).toBeNull();
    // Nothing changed yet: a 2,000 EUR payout still waits for an approver.
    expect(await newPayoutStatus()).toBe('awaiting_approval');

    // Every admin but the approver hears of it; the proposal's own item stays unread for them.
    expect(await bellKinds(admin3)).toEqual(
      expect.arrayContaining(['policy_change_scheduled', 'policy_change_proposed']),
    );
    expect(await bellKinds(admin)).toContain('policy_change_scheduled');
    expect(await bellKinds(admin2)).not.toContain('policy_change_scheduled');

    // A second weakening change cannot be scheduled beside it.
    const second = await propose(NO_APPROVALS);
    expect((await decide(admin3, second, 'approve')).status).toBe(409);
    expect((await decide(admin3, second, 'reject', 'One at a time')).status).toBe(200);

    // Cancelling needs a reason; any admin may, the proposer too.
    expect((await decide(admin, id, 'reject')).status).toBe(422);
    const cancelled = await decide(admin, id, 'reject', 'Not while the auditors are here');
    expect(cancelled.status).toBe(200);
    expect(await readJson(cancelled)).toMatchObject({
      status: 'rejected',
      reason: 'Not while the auditors are here',
      decided_by: { email: 'admin2@example.com' },
      cancelled_by: { email: 'admin@example.com' },
    });
    t.clock.advance(25 * HOUR);
    await signInAll();
    const after = await policies();
    expect(after.active.version).toBe(1);
    expect(after.scheduled).toBeNull();
    expect(await newPayoutStatus()).toBe('awaiting_approval');
    expect((await audit('approval_policy.cancel')).map((a) => a.actor_email)).toEqual([
      'admin@example.com',
    ]);
  });

  it('puts a scheduled change in force at its time, from that time, audited without an actor', async () => {
    const id = await propose(NO_APPROVALS);
    expect((await readJson(await decide(admin3, id, 'approve'))).status).toBe('scheduled');
    const effectiveAt = (await policies()).scheduled.effective_at as string;

    t.clock.set(new Date(new Date(effectiveAt).getTime() - 60_000));
    await signInAll();
    expect(await newPayoutStatus()).toBe('awaiting_approval');
    t.clock.advance(60_000);
    // The first payout after the time reads the new policy.
    expect(await newPayoutStatus()).not.toBe('awaiting_approval');
    const state = await policies();
    expect(state.active).toMatchObject({
      version: 2,
      policy: NO_APPROVALS,
      active_since: effectiveAt,
      approved_by: { email: 'admin3-weakening@example.com' },
    });
    expect(state.scheduled).toBeNull();
    expect(state.history[0]).toMatchObject({ id, status: 'approved', effective_at: effectiveAt });
    expect(await audit('approval_policy.in_force')).toEqual([
      { actor_email: null, data: expect.objectContaining({ version: 2 }) },
    ]);
  });

  it('applies a change that asks for more at once', async () => {
    const id = await propose(TWO_ABOVE_500);
    const res = await readJson(await decide(admin2, id, 'approve'));
    expect(res).toMatchObject({ status: 'approved', effective_at: null, weakening: null });
    expect((await policies()).active.policy).toEqual(TWO_ABOVE_500);
    expect(await newPayoutStatus()).toBe('awaiting_approval');
  });
});
