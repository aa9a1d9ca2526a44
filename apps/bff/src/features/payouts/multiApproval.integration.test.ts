/* eslint-disable @typescript-eslint/no-unsafe-call, @typescript-eslint/no-unsafe-return -- replies are untyped JSON, checked field by field */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readJson, startTestApp, type ApiFetch, type TestApp } from '../../testing/testApp.js';
import {
  openTestDatabase,
  appTestDatabaseKinds,
  type TestDatabase,
} from '../../testing/testDatabase.js';
import { cardPayoutBody } from '../../testing/testCardMetadata.js';

/**
 * The demo policy (APPROVAL_THRESHOLDS unset) asks two approvers above 100,000; the
 * rule is frozen on the payout, approvals are recorded one by one, and only the last one sends.
 */
describe.each(appTestDatabaseKinds)('approval rules with several approvers (%s)', (kind) => {
  let database: TestDatabase;
  let t: TestApp;
  let finance: ApiFetch;
  let finance2: ApiFetch;
  let admin: ApiFetch;
  let support: ApiFetch;

  const create = async (amount: string) => {
    const res = await finance('/api/payouts', {
      method: 'POST',
      headers: { 'Idempotency-Key': randomUUID() },
      json: cardPayoutBody('multi', amount),
    });
    expect(res.status).toBe(201);
    return readJson(res);
  };
  const approve = (as: ApiFetch, id: string) =>
    as(`/api/payouts/${id}/approve`, { method: 'POST', json: {} });
  const sent = (orderId: string) =>
    t.sandbox.inspect.createCalls().filter((c) => c.order_id === orderId).length;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    // Unset (empty is unset): the demo policy.
    t = await startTestApp({ database, env: { APPROVAL_THRESHOLDS: '' } });
    [finance, finance2, admin, support] = await Promise.all([
      t.signIn('finance'),
      t.signIn('finance2'),
      t.signIn('admin'),
      t.signIn('support'),
    ]);
  });
  afterAll(async () => {
    await t?.close();
    await database?.close();
  });

  it('freezes the matching rule and sends only with its second approval, each by another person', async () => {
    const payout = await create('150000.00');
    expect(payout.status).toBe('awaiting_approval');
    expect(payout.approval_rule).toMatchObject({ id: 'above-100000', approvals_required: 2 });
    expect(payout.approvals).toEqual([]);

    expect((await approve(finance, payout.id)).status).toBe(403);
    expect((await approve(support, payout.id)).status).toBe(403);
    const first = await approve(finance2, payout.id);
    expect(first.status).toBe(200);
    const waiting = await readJson(first);
    expect(waiting.status).toBe('awaiting_approval');
    expect(waiting.approvals.map((a: { by: { email: string } }) => a.by.email)).toEqual([
      'finance2@example.com',
    ]);
    expect(sent(payout.order_id)).toBe(0);
    // The same person does not count twice.
    const again = await approve(finance2, payout.id);
    expect(again.status).toBe(409);
    expect((await readJson(again)).detail).toMatch(/already approved/);

    const second = await readJson(await approve(admin, payout.id));
    expect(second.status).not.toBe('awaiting_approval');
    expect(second.approvals.map((a: { step: number }) => a.step)).toEqual([1, 2]);
    expect(second.approved_by.email).toBe('admin@example.com');
    expect(sent(payout.order_id)).toBe(1);
    const detail = await readJson(await finance(`/api/payouts/${payout.id}`));
    expect(detail.events.map((e: { type: string }) => e.type)).toEqual(
      expect.arrayContaining(['approval_requested', 'approval_recorded', 'approved']),
    );
  });

  it('one approver is enough under the one-approver rule', async () => {
    const payout = await create('20000.00');
    expect(payout.approval_rule).toMatchObject({ approvals_required: 1 });
    const approved = await readJson(await approve(finance2, payout.id));
    expect(approved.status).not.toBe('awaiting_approval');
    expect(sent(payout.order_id)).toBe(1);
  });

  it('two approvers at once on a two-approver rule: both recorded, exactly one send', async () => {
    for (let round = 0; round < 3; round++) {
      const payout = await create('200000.00');
      const replies = await Promise.all([approve(finance2, payout.id), approve(admin, payout.id)]);
      expect(replies.map((r) => r.status)).toEqual([200, 200]);
      const after = await readJson(await finance(`/api/payouts/${payout.id}`));
      expect(after.payout.approvals).toHaveLength(2);
      expect(after.payout.status).not.toBe('awaiting_approval');
      expect(sent(payout.order_id)).toBe(1);
    }
  });
});
