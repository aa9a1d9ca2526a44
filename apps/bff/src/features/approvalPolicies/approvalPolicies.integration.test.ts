import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import {
  DAY_MS,
  type ApprovalPolicy,
  type ApprovalRule,
  type PayoutMethodType,
} from '@payouts/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvalPolicyVersions } from '../../db/schema.js';
import { bankBeneficiary } from '../../testing/bankBeneficiary.js';
import { TEST_CARD_METADATA } from '../../testing/testCardMetadata.js';
import { readJson, startTestApp, type ApiFetch, type TestApp } from '../../testing/testApp.js';
import {
  openTestDatabase,
  appTestDatabaseKinds,
  type TestDatabase,
} from '../../testing/testDatabase.js';
import { createApprovalPoliciesRepository } from './approvalPoliciesRepository.js';

const rule = (
  id: string,
  conditions: ApprovalRule['conditions'],
  count: 0 | 1 | 2 | 3,
  roles: ApprovalRule['approvals']['roles'] = ['finance', 'admin'],
): ApprovalRule => ({ id, name: `Rule ${id}`, conditions, approvals: { count, roles } });

/** One rule per condition kind, in an order where first-match matters. */
const EVERY_KIND: ApprovalPolicy = {
  rules: [
    rule('new-beneficiary', { beneficiary_new_or_changed_within_days: 7 }, 2),
    rule('eur-above-100k', { currency: 'EUR', amount_above: '100000' }, 3),
    rule('any-5k-to-100k', { currency: '*', amount_above: '5000', amount_up_to: '100000' }, 2),
    rule('harbor', { providers: ['harbor_payments'] }, 1, ['admin']),
    rule('bank', { payout_method_types: ['bank_account'] }, 1, ['finance']),
    rule('corridor-be', { corridors: [{ country: 'BE', currency: 'EUR' }] }, 1, ['admin']),
    rule('batch-rows', { in_batch: true }, 2, ['admin']),
    rule('default', {}, 0, []),
  ],
};

/** Every payout waits for one approver (finance or admin). */
const ONE_FOR_ALL: ApprovalPolicy = { rules: [rule('default', {}, 1)] };
/** Nothing waits. */
const NONE: ApprovalPolicy = { rules: [rule('default', {}, 0, [])] };

const HARBOR_METADATA = {
  bankCode: 'CHASUS33',
  bankName: 'Chase',
  bankBranch: 'Manhattan',
  bankAddress: '270 Park Ave, New York',
  bankZipcode: '10017',
  bankRoutingNumber: '021000021',
  bankAccountNumber: '000123456789',
  bankAccountName: 'Ada Lovelace',
  phone: '+12125551234',
  customerFirstName: 'Ada',
  customerLastName: 'Lovelace',
  email: 'ada@example.com',
};

type Kind = 'card-be' | 'bank-be' | 'card-gb' | 'harbor-us';

function payoutBody(kind: Kind, amount: string) {
  const orderId = `pol-${randomUUID().slice(0, 12)}`;
  const base = { order_id: orderId, state: null, amount };
  const card = { payout_method_type: 'credit_card' as PayoutMethodType };
  switch (kind) {
    case 'card-be':
      return {
        ...base,
        ...card,
        provider: 'northwind_pay',
        country: 'BE',
        currency: 'EUR',
        metadata: TEST_CARD_METADATA,
      };
    case 'card-gb':
      return {
        ...base,
        ...card,
        provider: 'northwind_pay',
        country: 'GB',
        currency: 'GBP',
        metadata: TEST_CARD_METADATA,
      };
    case 'bank-be':
      return {
        ...base,
        payout_method_type: 'bank_account',
        provider: 'northwind_pay',
        country: 'BE',
        currency: 'EUR',
        metadata: bankBeneficiary().details,
      };
    case 'harbor-us':
      return {
        ...base,
        payout_method_type: 'bank_account',
        provider: 'harbor_payments',
        country: 'US',
        currency: 'USD',
        state: 'NY',
        metadata: HARBOR_METADATA,
      };
  }
}

/** The stored approval policy, changed under four eyes, read by every new payout. */
describe.each(appTestDatabaseKinds)('stored approval policies (%s)', (kind) => {
  let database: TestDatabase;
  let t: TestApp;
  let finance: ApiFetch;
  let finance2: ApiFetch;
  let admin: ApiFetch;
  let admin2: ApiFetch;
  let support: ApiFetch;

  const count = async (query: ReturnType<typeof sql>) => {
    const result: unknown = await t.db.execute(query);
    return Number((result as { rows: { n: number }[] }).rows[0]!.n);
  };
  const policyRows = () =>
    count(sql`select (select count(*) from approval_policy_versions)
      + (select count(*) from approval_policy_proposals) as n`);
  const policyAudit = () =>
    count(sql`select count(*)::int as n from audit_log where action like 'approval_policy.%'`);

  const propose = (as: ApiFetch, policy: unknown, note?: string) =>
    as('/api/approval-policies/proposals', {
      method: 'POST',
      json: note === undefined ? { policy } : { policy, note },
    });
  const decide = (as: ApiFetch, id: string, what: 'approve' | 'reject', reason?: string) => {
    // Decisions a second apart: the history's order is the order they were made in.
    t.clock.advance(1_000);
    return as(`/api/approval-policies/proposals/${id}/${what}`, {
      method: 'POST',
      json: reason === undefined ? {} : { reason },
    });
  };
  /** Admin proposes, the second admin approves: the policy is in force. */
  const adopt = async (policy: ApprovalPolicy) => {
    const current = await readJson(await admin('/api/approval-policies'));
    if (isDeepStrictEqual(current.active.policy, policy)) return current.active;
    const proposed = await propose(admin, policy);
    expect(proposed.status).toBe(201);
    const { id } = await readJson(proposed);
    const approved = await decide(admin2, id, 'approve');
    expect(approved.status).toBe(200);
    return readJson(approved);
  };
  const state = async () => readJson(await finance('/api/approval-policies'));

  const create = async (as: ApiFetch, kind: Kind, amount: string) => {
    const res = await as('/api/payouts', {
      method: 'POST',
      headers: { 'Idempotency-Key': randomUUID() },
      json: payoutBody(kind, amount),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    return readJson(res);
  };
  const approve = (as: ApiFetch, id: string) =>
    as(`/api/payouts/${id}/approve`, { method: 'POST', json: {} });
  const sent = (orderId: string) =>
    t.sandbox.inspect.createCalls().filter((c) => c.order_id === orderId).length;
  const ruleOf = (payout: { approval_rule: { id: string } | null }) =>
    payout.approval_rule?.id ?? 'none';

  const signInAll = async () => {
    [finance, finance2, admin, admin2, support] = await Promise.all([
      t.signIn('finance'),
      t.signIn('finance2'),
      t.signIn('admin'),
      t.signIn('admin2'),
      t.signIn('support'),
    ]);
  };
  /** Days pass: sessions idle out, so everyone signs in again. */
  const jump = async (ms: number) => {
    t.clock.advance(ms);
    await signInAll();
  };

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    t = await startTestApp({
      database,
      // The policy engine's suite: changes apply at once (the weakening delay has its own suite).
      env: { APPROVAL_THRESHOLDS: 'EUR=1000', POLICY_WEAKENING_DELAY_HOURS: '0' },
      corridors: [
        { country: 'BE', currency: 'EUR' },
        { country: 'US', currency: 'USD' },
        { country: 'GB', currency: 'GBP' },
      ],
    });
    await signInAll();
  });
  afterAll(async () => {
    await t?.close();
    await database?.close();
  });

  it('starts at version 1 from APPROVAL_THRESHOLDS, stored once however often it is ensured', async () => {
    const first = await state();
    expect(first).toMatchObject({
      active: { version: 1, proposed_by: null, approved_by: null },
      pending: null,
      history: [],
    });
    expect(first.active.policy).toEqual(t.config.approvalPolicy);
    const created = await create(finance, 'card-be', '1500.00');
    expect(created.status).toBe('awaiting_approval');

    // Two processes starting at once on a new database: one version 1, the first one kept.
    const fresh = await openTestDatabase(kind);
    try {
      const repos = [0, 1, 2].map(() => createApprovalPoliciesRepository(fresh.handle.db));
      await Promise.all(
        [NONE, ONE_FOR_ALL, NONE].map((p, i) => repos[i]!.ensureInitial(p, new Date())),
      );
      const versions = await fresh.handle.db.select().from(approvalPolicyVersions);
      expect(versions.map((v) => v.version)).toEqual([1]);
      // Already there: nothing changes, whatever the configuration says now.
      await repos[0]!.ensureInitial(ONE_FOR_ALL, new Date());
      const again = await fresh.handle.db.select().from(approvalPolicyVersions);
      expect(again).toEqual(versions);
    } finally {
      await fresh.close();
    }
    expect((await state()).active.policy).toEqual(t.config.approvalPolicy);
  });

  it('every condition kind, first match first, through payouts created after an approved change', async () => {
    const approved = await adopt(EVERY_KIND);
    expect(approved.status).toBe('approved');
    const now = await state();
    expect(now.active).toMatchObject({
      policy: EVERY_KIND,
      proposed_by: { email: 'admin@example.com', name: 'Ada Admin' },
      approved_by: { email: 'admin2@example.com', name: 'Alan Second' },
    });

    const cases: [Kind, string, string][] = [
      // currency + amount above (exclusive), and first match over the bank and corridor rules.
      ['card-be', '150000.00', 'eur-above-100k'],
      ['bank-be', '100000.01', 'eur-above-100k'],
      // `*` currency with a range: EUR and USD alike; "up to" is inclusive, "above" is not.
      ['card-be', '100000.00', 'any-5k-to-100k'],
      ['harbor-us', '6000.00', 'any-5k-to-100k'],
      ['card-be', '5000.00', 'corridor-be'],
      // PSP, payout type, corridor.
      ['harbor-us', '10.00', 'harbor'],
      ['bank-be', '10.00', 'bank'],
      ['card-be', '10.00', 'corridor-be'],
      // None of them: the default (no approver). A payout created on its own is not part of a
      // batch, so the batch rule (2 admins) before the default never applies to it.
      ['card-gb', '10.00', 'none'],
    ];
    for (const [what, amount, expected] of cases) {
      const payout = await create(finance, what, amount);
      expect([what, amount, ruleOf(payout)]).toEqual([what, amount, expected]);
    }
  });

  it('new or changed beneficiary: matches for 7 days after creation and after an approved change of details', async () => {
    await adopt(EVERY_KIND);
    const res = await finance('/api/beneficiaries', { method: 'POST', json: bankBeneficiary() });
    expect(res.status).toBe(201);
    const beneficiary = await readJson(res);
    const pay = async (amount: string) => {
      const reply = await finance('/api/payouts', {
        method: 'POST',
        headers: { 'Idempotency-Key': randomUUID() },
        json: { beneficiary_id: beneficiary.id, amount },
      });
      expect(reply.status).toBe(201);
      return ruleOf(await readJson(reply));
    };
    // New: before the amount rules (first match), whatever the amount.
    expect(await pay('10.00')).toBe('new-beneficiary');
    expect(await pay('150000.00')).toBe('new-beneficiary');
    await jump(7 * DAY_MS);
    expect(await pay('10.00')).toBe('new-beneficiary');
    await jump(1_000);
    expect(await pay('10.00')).toBe('bank');
    // A rename (approved by a second person) is no change of payment details.
    const renamed = await finance(`/api/beneficiaries/${beneficiary.id}`, {
      method: 'PATCH',
      json: { display_name: 'Acme Renamed' },
    });
    expect(renamed.status).toBe(200);
    const renameId = (await readJson(renamed)).pending_change.id as string;
    const renameApproved = await finance2(
      `/api/beneficiaries/${beneficiary.id}/changes/${renameId}/approve`,
      { method: 'POST', json: {} },
    );
    expect(renameApproved.status).toBe(200);
    expect(await pay('10.00')).toBe('bank');
    // A change of details counts from its approval, not its proposal.
    const proposed = await finance(`/api/beneficiaries/${beneficiary.id}`, {
      method: 'PATCH',
      json: { details: bankBeneficiary({}, { bankAccountNumber: 'BE71096123456769' }).details },
    });
    expect(proposed.status).toBe(200);
    const changeId = (await readJson(proposed)).pending_change.id as string;
    expect(await pay('10.00')).toBe('bank');
    await jump(DAY_MS);
    const approvedChange = await finance2(
      `/api/beneficiaries/${beneficiary.id}/changes/${changeId}/approve`,
      { method: 'POST', json: {} },
    );
    expect(approvedChange.status).toBe(200);
    expect(await pay('10.00')).toBe('new-beneficiary');
    await jump(8 * DAY_MS);
    expect(await pay('10.00')).toBe('bank');
  });

  it('0, 1, 2 and 3 approvers: never the creator, never twice the same person, sent by the last', async () => {
    await adopt(EVERY_KIND);
    // 0: sent at once.
    const none = await create(finance, 'card-gb', '20.00');
    expect(none.status).not.toBe('awaiting_approval');
    expect(sent(none.order_id)).toBe(1);

    // 1, admins only: finance is refused, an admin sends it.
    const one = await create(finance, 'card-be', '20.00');
    expect(one).toMatchObject({
      status: 'awaiting_approval',
      approval_rule: { id: 'corridor-be', approvals_required: 1, roles: ['admin'] },
    });
    expect((await approve(finance2, one.id)).status).toBe(403);
    expect((await readJson(await approve(admin, one.id))).status).not.toBe('awaiting_approval');
    expect(sent(one.order_id)).toBe(1);

    // 2.
    const two = await create(finance, 'card-be', '6000.00');
    expect(two.approval_rule).toMatchObject({ approvals_required: 2 });
    expect((await readJson(await approve(finance2, two.id))).status).toBe('awaiting_approval');
    expect(sent(two.order_id)).toBe(0);
    expect((await readJson(await approve(admin2, two.id))).status).not.toBe('awaiting_approval');
    expect(sent(two.order_id)).toBe(1);

    // 3: needs finance2, admin and admin2 (finance created it).
    const three = await create(finance, 'card-be', '150000.00');
    expect(three.approval_rule).toMatchObject({ id: 'eur-above-100k', approvals_required: 3 });
    const own = await approve(finance, three.id);
    expect(own.status).toBe(403);
    expect((await readJson(own)).code).toBe('self_approval');
    expect((await approve(support, three.id)).status).toBe(403);
    expect((await readJson(await approve(finance2, three.id))).status).toBe('awaiting_approval');
    const twice = await approve(finance2, three.id);
    expect(twice.status).toBe(409);
    expect((await readJson(await approve(admin, three.id))).status).toBe('awaiting_approval');
    expect(sent(three.order_id)).toBe(0);
    const last = await readJson(await approve(admin2, three.id));
    expect(last.status).not.toBe('awaiting_approval');
    expect(last.approvals.map((a: { by: { email: string } }) => a.by.email)).toEqual([
      'finance2@example.com',
      'admin@example.com',
      'admin2@example.com',
    ]);
    expect(sent(three.order_id)).toBe(1);
  });

  it('two approvers at once on a two-approver rule: both recorded, exactly one send', async () => {
    await adopt(EVERY_KIND);
    for (let round = 0; round < 3; round++) {
      const payout = await create(finance, 'card-be', '7000.00');
      const replies = await Promise.all([approve(finance2, payout.id), approve(admin, payout.id)]);
      expect(replies.map((r) => r.status)).toEqual([200, 200]);
      const after = await readJson(await finance(`/api/payouts/${payout.id}`));
      expect(after.payout.approvals).toHaveLength(2);
      expect(after.payout.status).not.toBe('awaiting_approval');
      expect(sent(payout.order_id)).toBe(1);
    }
  });

  it('a pending change applies only once approved; payouts already waiting keep their frozen rule', async () => {
    await adopt(EVERY_KIND);
    const waiting = await create(finance, 'card-be', '8000.00');
    expect(waiting.approval_rule).toMatchObject({ id: 'any-5k-to-100k', approvals_required: 2 });

    const proposed = await readJson(await propose(admin, NONE, 'Holiday: no approvals'));
    expect(proposed).toMatchObject({ status: 'pending', note: 'Holiday: no approvals' });
    const duringPending = await create(finance, 'card-be', '8000.00');
    expect(ruleOf(duringPending)).toBe('any-5k-to-100k');

    expect((await decide(admin2, proposed.id, 'approve')).status).toBe(200);
    const after = await create(finance, 'card-be', '8000.00');
    expect(ruleOf(after)).toBe('none');
    expect(sent(after.order_id)).toBe(1);

    // The waiting ones still need their two approvers.
    for (const payout of [waiting, duringPending]) {
      expect((await readJson(await approve(finance2, payout.id))).status).toBe('awaiting_approval');
      expect(sent(payout.order_id)).toBe(0);
      expect((await readJson(await approve(admin, payout.id))).status).not.toBe(
        'awaiting_approval',
      );
      expect(sent(payout.order_id)).toBe(1);
    }
  });

  it('refuses invalid policies with pointers under /policy, and changes nothing', async () => {
    const rowsBefore = await policyRows();
    const auditBefore = await policyAudit();
    const catchAllFirst = await propose(admin, {
      rules: [rule('default', {}, 0, []), rule('eur', { currency: 'EUR' }, 1)],
    });
    expect(catchAllFirst.status).toBe(422);
    const problem = await readJson(catchAllFirst);
    expect(problem.code).toBe('validation_failed');
    expect(problem.errors.map((e: { pointer: string }) => e.pointer)).toEqual([
      '/policy/rules/1',
      '/policy/rules/1/conditions',
    ]);

    const emptyRange = await readJson(
      await propose(admin, {
        rules: [
          rule('eur', { currency: 'EUR', amount_above: '100', amount_up_to: '50' }, 1),
          rule('default', {}, 0, []),
        ],
      }),
    );
    expect(emptyRange.errors).toEqual([
      { pointer: '/policy/rules/0/conditions/amount_up_to', message: expect.any(String) },
    ]);

    const defaultNotLast = await readJson(
      await propose(admin, {
        rules: [
          rule('eur', { currency: 'EUR' }, 1),
          rule('default', {}, 0, []),
          rule('usd', { currency: 'USD' }, 1),
        ],
      }),
    );
    expect(defaultNotLast.errors.map((e: { pointer: string }) => e.pointer)).toEqual([
      '/policy/rules/2',
      '/policy/rules/2/conditions',
    ]);

    // Shapes: the schema's pointers, under /policy too.
    const shapes = await readJson(
      await propose(admin, { rules: [{ ...rule('default', {}, 4 as 0, []), extra: 1 }] }),
    );
    expect(shapes.errors.map((e: { pointer: string }) => e.pointer)).toEqual(
      expect.arrayContaining(['/policy/rules/0/approvals/count', '/policy/rules/0/extra']),
    );
    for (const body of [{}, { policy: NONE, note: 'x'.repeat(501) }, { policy: NONE, x: 1 }]) {
      expect(
        (await admin('/api/approval-policies/proposals', { method: 'POST', json: body })).status,
      ).toBe(422);
    }
    // The policy in force, proposed again: nothing to decide.
    const active = (await state()).active.policy;
    const same = await propose(admin, active);
    expect(same.status).toBe(422);
    expect((await readJson(same)).errors).toEqual([
      { pointer: '/policy', message: expect.any(String) },
    ]);

    expect(await policyRows()).toBe(rowsBefore);
    expect(await policyAudit()).toBe(auditBefore);
  });

  it('one pending proposal at a time, approved by another admin only, rejected or withdrawn with a reason', async () => {
    await adopt(EVERY_KIND);
    const first = await readJson(await propose(admin, ONE_FOR_ALL));
    expect(first).toMatchObject({
      status: 'pending',
      base_version: (await state()).active.version,
      proposed_by: { email: 'admin@example.com' },
      decided_by: null,
    });
    expect(first.changes.length).toBeGreaterThan(0);

    const rowsBefore = await policyRows();
    const second = await propose(admin2, NONE);
    expect(second.status).toBe(409);
    expect((await readJson(second)).code).toBe('conflict');
    const self = await decide(admin, first.id, 'approve');
    expect(self.status).toBe(403);
    expect((await readJson(self)).code).toBe('self_approval');
    expect((await decide(admin2, first.id, 'reject')).status).toBe(422);
    expect((await decide(admin2, first.id, 'reject', ' ')).status).toBe(422);
    expect((await decide(admin2, randomUUID(), 'approve')).status).toBe(404);
    expect((await decide(admin2, 'not-a-uuid', 'reject', 'No')).status).toBe(404);
    // Not admins: finance and support read, never decide.
    expect((await decide(finance, first.id, 'approve')).status).toBe(403);
    expect((await propose(finance, NONE)).status).toBe(403);
    expect((await support('/api/approval-policies')).status).toBe(200);
    expect(await policyRows()).toBe(rowsBefore);
    expect((await state()).pending.id).toBe(first.id);

    // The proposer withdraws it (a rejection by themself).
    const withdrawn = await readJson(await decide(admin, first.id, 'reject', 'Wrong draft'));
    expect(withdrawn).toMatchObject({
      status: 'rejected',
      reason: 'Wrong draft',
      decided_by: { email: 'admin@example.com' },
    });
    expect((await decide(admin2, first.id, 'approve')).status).toBe(409);

    const other = await readJson(await propose(admin2, ONE_FOR_ALL));
    const rejected = await readJson(await decide(admin, other.id, 'reject', 'Too strict'));
    expect(rejected.decided_by.email).toBe('admin@example.com');

    const { pending, history } = await state();
    expect(pending).toBeNull();
    expect(history.slice(0, 2).map((p: { id: string }) => p.id)).toEqual([other.id, first.id]);
  });

  it('refuses to approve a proposal whose base version is no longer in force (409), changing nothing', async () => {
    await adopt(EVERY_KIND);
    const proposal = await readJson(await propose(admin, ONE_FOR_ALL));
    // Another process made a version meanwhile (as a race of propose and approve can).
    const active = (await state()).active;
    await t.db.insert(approvalPolicyVersions).values({
      version: active.version + 1,
      policy: EVERY_KIND,
      activeSince: t.clock.now(),
    });
    const rowsBefore = await policyRows();
    const auditBefore = await policyAudit();
    const stale = await decide(admin2, proposal.id, 'approve');
    expect(stale.status).toBe(409);
    expect((await readJson(stale)).detail).toMatch(/version/);
    expect(await policyRows()).toBe(rowsBefore);
    expect(await policyAudit()).toBe(auditBefore);
    const now = await state();
    expect(now.active.version).toBe(active.version + 1);
    expect(now.pending.id).toBe(proposal.id);
    expect((await decide(admin, proposal.id, 'reject', 'Stale')).status).toBe(200);
  });

  it('audits each proposal, approval and rejection with its changes', async () => {
    await adopt(NONE);
    const before = await count(sql`select coalesce(max(id), 0)::int as n from audit_log`);
    const proposal = await readJson(await propose(admin, ONE_FOR_ALL, 'Stricter'));
    await decide(admin2, proposal.id, 'approve');
    const rejected = await readJson(await propose(admin2, NONE));
    await decide(admin, rejected.id, 'reject', 'Keep it');
    const raw: unknown = await t.db.execute(
      sql`select action, actor_email, target_id, data from audit_log
          where id > ${before} and action like 'approval_policy.%' order by id`,
    );
    const result = raw as {
      rows: {
        action: string;
        actor_email: string;
        target_id: string;
        data: { note?: string; changes: string[]; reason?: string; withdrawn?: boolean };
      }[];
    };
    expect(result.rows.map((r) => [r.action, r.actor_email, r.target_id])).toEqual([
      ['approval_policy.propose', 'admin@example.com', proposal.id],
      ['approval_policy.approve', 'admin2@example.com', proposal.id],
      ['approval_policy.propose', 'admin2@example.com', rejected.id],
      ['approval_policy.reject', 'admin@example.com', rejected.id],
    ]);
    expect(result.rows[0]!.data).toMatchObject({
      note: 'Stricter',
      changes: expect.arrayContaining([expect.stringMatching(/approvers changed from 0 to 1/)]),
    });
    expect(result.rows[1]!.data.changes).toEqual(result.rows[0]!.data.changes);
    expect(result.rows[3]!.data).toMatchObject({ reason: 'Keep it', withdrawn: false });
    // The audit log's own filter finds them.
    const page = await readJson(await admin('/api/audit?what=approval_policy.approve'));
    expect(page.items[0]).toMatchObject({ target: { type: 'approval_policy_proposal' } });
  });

  it('dry run: which rule a sample payout hits under the active policy or a draft, and why not the others', async () => {
    await adopt(EVERY_KIND);
    const dry = (body: unknown) =>
      admin('/api/approval-policies/dry-run', { method: 'POST', json: body });
    const sample = {
      amount: '10.00',
      currency: 'EUR',
      payout_method_type: 'bank_account',
      provider: 'northwind_pay',
      country: 'BE',
    };
    const active = await readJson(await dry({ payout: sample }));
    expect(active).toMatchObject({ index: 4, rule: { id: 'bank' } });
    expect(active.skipped.map((s: { rule_id: string }) => s.rule_id)).toEqual([
      'new-beneficiary',
      'eur-above-100k',
      'any-5k-to-100k',
      'harbor',
    ]);
    expect(active.skipped[0].failed[0].message).toMatch(/not to a saved beneficiary/);
    const fresh = await readJson(
      await dry({ payout: { ...sample, beneficiary_changed_days_ago: 3 } }),
    );
    expect(fresh.rule.id).toBe('new-beneficiary');
    const old = await readJson(
      await dry({ payout: { ...sample, beneficiary_changed_days_ago: 8 } }),
    );
    expect(old.rule.id).toBe('bank');
    // "Part of a batch": absent is false; true reaches the batch rule.
    const single = await readJson(await dry({ payout: { ...sample, in_batch: false } }));
    expect(single.rule.id).toBe('bank');
    const batchPolicy = {
      rules: [rule('batch-rows', { in_batch: true }, 2, ['admin']), rule('default', {}, 0, [])],
    };
    const notBatch = await readJson(await dry({ policy: batchPolicy, payout: sample }));
    expect(notBatch).toMatchObject({ index: 1, rule: { id: 'default' } });
    expect(notBatch.skipped[0].failed).toEqual([
      { condition: 'in_batch', message: 'The payout is not part of a batch.' },
    ]);
    const inBatch = await readJson(
      await dry({ policy: batchPolicy, payout: { ...sample, in_batch: true } }),
    );
    expect(inBatch).toMatchObject({ index: 0, rule: { id: 'batch-rows' }, skipped: [] });
    const draft = await readJson(await dry({ policy: ONE_FOR_ALL, payout: sample }));
    expect(draft).toMatchObject({ index: 0, rule: { id: 'default' }, skipped: [] });

    const rowsBefore = await policyRows();
    for (const body of [
      { payout: { ...sample, amount: 'ten' } },
      { payout: { ...sample, currency: 'euro' } },
      { payout: { ...sample, beneficiary_changed_days_ago: -1 } },
      { payout: { ...sample, extra: true } },
      { payout: { ...sample, in_batch: 'true' } },
      { payout: { ...sample, in_batch: 1 } },
      { payout: sample, policy: { rules: [rule('default', { in_batch: 'yes' } as never, 0, [])] } },
      { payout: sample, policy: { rules: [] } },
      { payout: sample, policy: { rules: [rule('eur', { currency: 'EUR' }, 1)] } },
      {},
    ]) {
      const res = await dry(body);
      expect([JSON.stringify(body), res.status]).toEqual([JSON.stringify(body), 422]);
    }
    expect(
      (
        await finance('/api/approval-policies/dry-run', {
          method: 'POST',
          json: { payout: sample },
        })
      ).status,
    ).toBe(403);
    expect(await policyRows()).toBe(rowsBefore);
  });
});
