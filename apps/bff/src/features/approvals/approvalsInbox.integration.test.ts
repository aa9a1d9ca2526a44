import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payouts } from '../../db/schema.js';
import { readJson, startTestApp, type ApiFetch, type TestApp } from '../../testing/testApp.js';
import {
  openTestDatabase,
  appTestDatabaseKinds,
  type TestDatabase,
} from '../../testing/testDatabase.js';
import { cardPayoutBody } from '../../testing/testCardMetadata.js';

interface Item {
  id: string;
  order_id: string;
  actionable: boolean;
  not_actionable_reason: string | null;
  not_actionable_message: string | null;
  [key: string]: unknown;
}

/**
 * The approvals inbox. Demo policy (APPROVAL_THRESHOLDS unset): above 10,000 EUR one
 * approver, above 100,000 two. Bulk decisions go payout by payout through the single-payout
 * approvals, so a refusal of one never half-approves another.
 */
describe.each(appTestDatabaseKinds)('approvals inbox (%s)', (kind) => {
  let database: TestDatabase;
  let t: TestApp;
  let finance: ApiFetch;
  let finance2: ApiFetch;
  let admin: ApiFetch;

  const create = async (as: ApiFetch, amount: string) => {
    // A minute apart: "oldest first" is then an order the test can state.
    t.clock.advance(60_000);
    const res = await as('/api/payouts', {
      method: 'POST',
      headers: { 'Idempotency-Key': randomUUID() },
      json: cardPayoutBody('inbox', amount),
    });
    expect(res.status).toBe(201);
    const payout = await readJson(res);
    expect(payout.status).toBe('awaiting_approval');
    return payout as { id: string; order_id: string };
  };
  const inbox = async (as: ApiFetch): Promise<Item[]> => {
    const res = await as('/api/approvals');
    expect(res.status).toBe(200);
    return (await readJson(res)).items;
  };
  const count = async (as: ApiFetch): Promise<number> => {
    const res = await as('/api/approvals/count');
    expect(res.status).toBe(200);
    return (await readJson(res)).actionable;
  };
  const decide = (as: ApiFetch, json: unknown) =>
    as('/api/approvals/decisions', { method: 'POST', json });
  const detail = async (id: string) => (await readJson(await finance(`/api/payouts/${id}`))).payout;
  const sent = (orderId: string) =>
    t.sandbox.inspect.createCalls().filter((c) => c.order_id === orderId).length;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    t = await startTestApp({ database, env: { APPROVAL_THRESHOLDS: '' } });
    [finance, finance2, admin] = await Promise.all([
      t.signIn('finance'),
      t.signIn('finance2'),
      t.signIn('admin'),
    ]);
  });
  afterAll(async () => {
    await t?.close();
    await database?.close();
  });

  it('lists what waits, oldest first, with the rule, approvals so far and why not actionable', async () => {
    const one = await create(finance, '20000.00');
    const two = await create(finance, '150000.00');
    const own = await create(finance2, '30000.00');
    const approvedOnce = await create(finance, '160000.00');
    const adminOnly = await create(finance, '40000.00');
    await t.db
      .update(payouts)
      .set({
        approvalRule: sql`jsonb_set(${payouts.approvalRule}, '{roles}', '["admin"]'::jsonb)`,
      })
      .where(eq(payouts.id, adminOnly.id));
    expect(
      (await finance2(`/api/payouts/${approvedOnce.id}/approve`, { method: 'POST', json: {} }))
        .status,
    ).toBe(200);
    // Not awaiting approval: not in anyone's inbox.
    const settled = await create(finance, '25000.00');
    await admin(`/api/payouts/${settled.id}/approve`, { method: 'POST', json: {} });

    const ids = [one, two, own, approvedOnce, adminOnly].map((p) => p.id);
    const mine = (items: Item[]) => items.filter((i) => ids.includes(i.id));

    const forFinance2 = await inbox(finance2);
    expect(forFinance2.map((i) => i.id)).not.toContain(settled.id);
    expect(mine(forFinance2).map((i) => [i.order_id, i.not_actionable_reason])).toEqual([
      [one.order_id, null],
      [two.order_id, null],
      [own.order_id, 'created_by_you'],
      [approvedOnce.order_id, 'already_approved'],
      [adminOnly.order_id, 'role_not_allowed'],
    ]);
    const byId = new Map(forFinance2.map((i) => [i.id, i]));
    expect(byId.get(one.id)).toMatchObject({
      actionable: true,
      amount: '20000.00',
      currency: 'EUR',
      created_by: { email: 'finance@example.com' },
      rule: { count: 1, roles: ['finance', 'admin'] },
      approvals: [],
      waiting_for: 1,
      not_actionable_message: null,
      age_seconds: 300,
    });
    // The card number only ever masked.
    const account = (byId.get(one.id)!.recipient as { account: string }).account;
    expect(account).toMatch(/^\d{0,6}\D+\d{4}$/);
    expect(byId.get(approvedOnce.id)).toMatchObject({
      actionable: false,
      rule: { count: 2 },
      approvals: [{ by: { email: 'finance2@example.com' } }],
      waiting_for: 1,
      not_actionable_message: expect.stringMatching(/approved it already.*1 more approval /),
    });
    expect(byId.get(own.id)!.not_actionable_message).toMatch(/You created this payout/);
    expect(byId.get(adminOnly.id)!.not_actionable_message).toMatch(/admin only/);

    // The admin may act on the admin-only one; finance's own are not theirs to approve.
    expect(mine(await inbox(admin)).map((i) => i.actionable)).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(mine(await inbox(finance)).map((i) => i.not_actionable_reason)).toEqual([
      'created_by_you',
      'created_by_you',
      null,
      'created_by_you',
      'created_by_you',
    ]);

    // The badge counts exactly the actionable rows of the list, and so do the menu's counter and
    // the payouts list's "Needs my approval" filter (one definition: `decidableBy`).
    for (const as of [finance, finance2, admin]) {
      const actionable = (await inbox(as)).filter((i) => i.actionable).map((i) => i.id);
      expect(await count(as)).toBe(actionable.length);
      const summary = await readJson(await as('/api/payouts/summary'));
      expect(summary.awaiting_my_approval).toBe(actionable.length);
      const filtered = await readJson(await as('/api/payouts?needs_my_approval=1&limit=100'));
      expect(filtered.items.map((p: { id: string }) => p.id).sort()).toEqual(
        [...actionable].sort(),
      );
    }
    expect(await count(finance)).toBeGreaterThanOrEqual(1);
  });

  it('reads a payout from before policies (no frozen rule) as one approver, finance or admin', async () => {
    const p = await create(finance, '20000.00');
    await t.db
      .update(payouts)
      .set({
        approvalRule: sql`jsonb_set(${payouts.approvalRule}, '{roles}', '["admin"]'::jsonb)`,
      })
      .where(eq(payouts.id, p.id));
    const adminOnly = await count(finance2);
    await t.db.update(payouts).set({ approvalRule: null }).where(eq(payouts.id, p.id));
    expect(await count(finance2)).toBe(adminOnly + 1);
    const item = (await inbox(finance2)).find((i) => i.id === p.id);
    expect(item).toMatchObject({
      actionable: true,
      rule: { name: 'Above the threshold', count: 1, roles: ['finance', 'admin'] },
      waiting_for: 1,
    });
  });

  it('pages with a cursor, oldest first, without repeats', async () => {
    await create(finance, '11000.00');
    await create(finance, '12000.00');
    const all = await inbox(finance2);
    const first = await readJson(await finance2('/api/approvals?limit=2'));
    expect(first.items).toHaveLength(2);
    expect(first.next_cursor).toEqual(expect.any(String));
    const second = await readJson(
      await finance2(`/api/approvals?limit=100&cursor=${encodeURIComponent(first.next_cursor)}`),
    );
    expect([...first.items, ...second.items].map((i: Item) => i.id)).toEqual(all.map((i) => i.id));
    expect(second.next_cursor).toBeNull();
    expect((await finance2('/api/approvals?cursor=bm9wZQ')).status).toBe(422);
    expect((await finance2('/api/approvals?limit=101')).status).toBe(422);
  });

  it('approves in bulk: each payout answered on its own, none half-approved', async () => {
    const one = await create(finance, '20000.00');
    const two = await create(finance, '150000.00');
    const own = await create(finance2, '20000.00');
    const rejected = await create(finance, '20000.00');
    await admin(`/api/payouts/${rejected.id}/reject`, {
      method: 'POST',
      json: { reason: 'Wrong account' },
    });
    const unknown = randomUUID();
    const before = await count(finance2);

    const res = await decide(finance2, {
      decision: 'approve',
      payout_ids: [one.id, two.id, own.id, rejected.id, unknown],
    });
    expect(res.status).toBe(200);
    const { results } = await readJson(res);
    expect(results).toEqual([
      { payout_id: one.id, outcome: 'sent' },
      { payout_id: two.id, outcome: 'waiting', waiting_for: 1 },
      {
        payout_id: own.id,
        outcome: 'refused',
        problem: expect.objectContaining({
          code: 'self_approval',
          status: 403,
          type: 'urn:payouts:problem:self_approval',
          detail: expect.stringMatching(/You created this payout/),
        }),
      },
      {
        payout_id: rejected.id,
        outcome: 'refused',
        problem: expect.objectContaining({
          code: 'conflict',
          detail: expect.stringMatching(/rejected/),
        }),
      },
      {
        payout_id: unknown,
        outcome: 'refused',
        problem: expect.objectContaining({ code: 'not_found', status: 404 }),
      },
    ]);

    expect(sent(one.order_id)).toBe(1);
    expect((await detail(one.id)).status).not.toBe('awaiting_approval');
    const waiting = await detail(two.id);
    expect(waiting.status).toBe('awaiting_approval');
    expect(waiting.approvals.map((a: { by: { email: string } }) => a.by.email)).toEqual([
      'finance2@example.com',
    ]);
    expect(sent(two.order_id)).toBe(0);
    // Refused ones are exactly as they were.
    expect(await detail(own.id)).toMatchObject({ status: 'awaiting_approval', approvals: [] });
    expect(await detail(rejected.id)).toMatchObject({
      status: 'rejected',
      approvals: [],
      rejection_reason: 'Wrong account',
    });
    expect(await count(finance2)).toBe(before - 2);
    // The audit trail is the single-payout one: one entry per approval given.
    const audit = await readJson(await admin('/api/audit?what=payout.approve&limit=100'));
    const targets = audit.items
      .filter((e: { action: string }) => e.action === 'payout.approve')
      .map((e: { target: { id: string } }) => e.target.id);
    expect(targets).toEqual(expect.arrayContaining([one.id, two.id]));
    expect(targets).not.toContain(own.id);

    // A second approver completes the two-approver one; finance2 may not repeat theirs.
    const again = await readJson(
      await decide(finance2, { decision: 'approve', payout_ids: [two.id] }),
    );
    expect(again.results[0]).toMatchObject({ outcome: 'refused', problem: { code: 'conflict' } });
    const last = await readJson(await decide(admin, { decision: 'approve', payout_ids: [two.id] }));
    expect(last.results).toEqual([{ payout_id: two.id, outcome: 'sent' }]);
    expect(sent(two.order_id)).toBe(1);
  });

  it('two approvers deciding in bulk at once: both recorded, exactly one send', async () => {
    const payouts = [await create(finance, '200000.00'), await create(finance, '210000.00')];
    const ids = payouts.map((p) => p.id);
    const replies = await Promise.all([
      decide(finance2, { decision: 'approve', payout_ids: ids }),
      decide(admin, { decision: 'approve', payout_ids: [...ids].reverse() }),
    ]);
    expect(replies.map((r) => r.status)).toEqual([200, 200]);
    const outcomes = (await Promise.all(replies.map((r) => readJson(r)))).flatMap(
      (body: { results: { outcome: string }[] }) => body.results.map((r) => r.outcome),
    );
    expect(outcomes.sort()).toEqual(['sent', 'sent', 'waiting', 'waiting']);
    for (const p of payouts) {
      const after = await detail(p.id);
      expect(after.approvals).toHaveLength(2);
      expect(after.status).not.toBe('awaiting_approval');
      expect(sent(p.order_id)).toBe(1);
    }
  });

  it('rejects in bulk with one reason for all', async () => {
    const a = await create(finance, '20000.00');
    const b = await create(finance, '150000.00');
    const own = await create(admin, '20000.00');
    const res = await decide(admin, {
      decision: 'reject',
      payout_ids: [a.id, b.id, own.id],
      reason: '  Duplicate batch  ',
    });
    expect(res.status).toBe(200);
    expect((await readJson(res)).results).toEqual([
      { payout_id: a.id, outcome: 'rejected' },
      { payout_id: b.id, outcome: 'rejected' },
      expect.objectContaining({ payout_id: own.id, outcome: 'refused' }),
    ]);
    for (const p of [a, b]) {
      expect(await detail(p.id)).toMatchObject({
        status: 'rejected',
        rejection_reason: 'Duplicate batch',
        rejected_by: { email: 'admin@example.com' },
      });
      expect(sent(p.order_id)).toBe(0);
    }
    expect((await detail(own.id)).status).toBe('awaiting_approval');

    // Who may not approve a payout may not reject it: the frozen rule names who decides.
    const adminOnly = await create(finance, '20000.00');
    await t.db
      .update(payouts)
      .set({
        approvalRule: sql`jsonb_set(${payouts.approvalRule}, '{roles}', '["admin"]'::jsonb)`,
      })
      .where(eq(payouts.id, adminOnly.id));
    const refused = await decide(finance2, {
      decision: 'reject',
      payout_ids: [adminOnly.id],
      reason: 'Not mine to reject',
    });
    expect((await readJson(refused)).results).toEqual([
      expect.objectContaining({
        payout_id: adminOnly.id,
        outcome: 'refused',
        problem: expect.objectContaining({ code: 'forbidden' }),
      }),
    ]);
    expect((await detail(adminOnly.id)).status).toBe('awaiting_approval');
  });

  it('refuses bad bodies whole, changing nothing', async () => {
    const p = await create(finance, '20000.00');
    const before = await count(finance2);
    const bad: [unknown, number, string][] = [
      [{ decision: 'approve', payout_ids: [] }, 422, '/payout_ids'],
      [
        {
          decision: 'approve',
          payout_ids: [p.id, ...Array.from({ length: 100 }, () => randomUUID())],
        },
        422,
        '/payout_ids',
      ],
      [{ decision: 'approve', payout_ids: [p.id, p.id] }, 422, '/payout_ids'],
      [{ decision: 'approve', payout_ids: [p.id, 'not-a-uuid'] }, 422, '/payout_ids/1'],
      [{ decision: 'reject', payout_ids: [p.id] }, 422, '/reason'],
      [{ decision: 'reject', payout_ids: [p.id], reason: '   ' }, 422, '/reason'],
      [{ decision: 'approve', payout_ids: [p.id], reason: 'why' }, 422, '/reason'],
      [{ decision: 'maybe', payout_ids: [p.id] }, 422, '/decision'],
      [{ decision: 'approve', payout_ids: [p.id], extra: 1 }, 422, '/extra'],
      [{ decision: 'approve', payout_ids: p.id }, 422, '/payout_ids'],
    ];
    for (const [body, status, pointer] of bad) {
      const res = await decide(finance2, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(status);
      const problem = await readJson(res);
      expect(problem.errors.map((e: { pointer: string }) => e.pointer)).toContain(pointer);
    }
    const notJson = await finance2('/api/approvals/decisions', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"decision":',
    });
    expect(notJson.status).toBe(400);
    expect(await detail(p.id)).toMatchObject({ status: 'awaiting_approval', approvals: [] });
    expect(sent(p.order_id)).toBe(0);
    expect(await count(finance2)).toBe(before);
    expect((await finance2('/api/approvals/count?x=1')).status).toBe(422);
  });
});
