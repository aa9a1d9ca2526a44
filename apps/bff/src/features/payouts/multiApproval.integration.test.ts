import { randomUUID } from 'node:crypto';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payouts } from '../../db/schema.js';
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

  describe('the approval preview (the wizard’s review step)', () => {
    const preview = (as: ApiFetch, json: unknown) =>
      as('/api/payouts/approval-preview', { method: 'POST', json });
    const facts = (currency: string, amount: string) => ({
      amount,
      currency,
      country: currency === 'JPY' ? 'JP' : 'BE',
      payout_method_type: 'credit_card',
      provider: 'northwind_pay',
    });

    it('answers the rule creation would freeze, per currency, without writing anything', async () => {
      const [before] = await t.db.select({ n: count() }).from(payouts);
      const cases: [string, string, string, number][] = [
        ['EUR', '150000.00', 'above-100000', 2],
        ['EUR', '20000', 'above-10000', 1],
        ['EUR', '10', 'default', 0],
        // A threshold per demo currency: ¥20,000 is about €120.
        ['JPY', '20000', 'jpy-up-to-1500000', 0],
        ['JPY', '2000000', 'jpy-above-1500000', 1],
      ];
      for (const [currency, amount, id, count] of cases) {
        const res = await preview(finance, facts(currency, amount));
        expect(res.status, `${currency} ${amount}`).toBe(200);
        expect(await readJson(res), `${currency} ${amount}`).toMatchObject({
          id,
          approvals_required: count,
        });
      }
      // What a payout of the same facts then gets frozen on it.
      const made = await create('150000.00');
      expect(made.approval_rule).toMatchObject({ id: 'above-100000', approvals_required: 2 });
      const [after] = await t.db.select({ n: count() }).from(payouts);
      expect(after!.n - before!.n).toBe(1);
    });

    it('is for those who make payouts, and refuses bad facts with a pointer', async () => {
      expect((await preview(support, facts('EUR', '10'))).status).toBe(403);
      const bad = await preview(finance, { ...facts('EUR', '10'), amount: 'ten' });
      expect(bad.status).toBe(422);
      expect((await readJson(bad)).errors[0].pointer).toBe('/amount');
      expect((await preview(finance, { ...facts('EUR', '10'), extra: 1 })).status).toBe(422);
      const unknown = await preview(finance, {
        ...facts('EUR', '10'),
        beneficiary_id: randomUUID(),
      });
      expect(unknown.status).toBe(404);
    });
  });
});
