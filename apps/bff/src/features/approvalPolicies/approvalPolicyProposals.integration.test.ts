import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readJson, startTestApp, type ApiFetch, type TestApp } from '../../testing/testApp.js';
import {
  openTestDatabase,
  appTestDatabaseKinds,
  type TestDatabase,
} from '../../testing/testDatabase.js';

// 250 per push; FUZZ_RUNS=1000 or more for a deeper run.
const RUNS = Number(process.env.FUZZ_RUNS ?? 250);

/** Values a policy field may hold, right and wrong: the shape and the engine must both hold up. */
const amount = fc.oneof(
  fc.constantFrom('0', '100', '100.00', '5000', '0.5', '1e3', '-1', '', ' 1', '99999999999999999'),
  fc.string({ maxLength: 40 }),
  fc.integer(),
);
const conditions = fc.record(
  {
    currency: fc.oneof(fc.constantFrom('EUR', 'USD', '*', 'eur', 'EURO', ''), fc.integer()),
    amount_above: amount,
    amount_up_to: amount,
    payout_method_types: fc.oneof(
      fc.subarray(['credit_card', 'bank_account', 'crypto', 'cash']),
      fc.constant('credit_card'),
    ),
    providers: fc.array(
      fc.oneof(fc.constantFrom('northwind_pay', 'harbor_payments', '', ' '), fc.string()),
      {
        maxLength: 3,
      },
    ),
    corridors: fc.array(
      fc.record({
        country: fc.constantFrom('BE', 'US', 'be', 'XXX', ''),
        currency: fc.constantFrom('EUR', 'USD', 'eur', '*'),
      }),
      { maxLength: 3 },
    ),
    beneficiary_new_or_changed_within_days: fc.oneof(
      fc.integer({ min: -5, max: 4000 }),
      fc.double(),
      fc.constant('7'),
    ),
    in_batch: fc.oneof(fc.boolean(), fc.constantFrom('true', 0, 1, null)),
  },
  { requiredKeys: [] },
);
const rule = fc.record(
  {
    id: fc.oneof(fc.constantFrom('a', 'b', 'default', 'a b', ''), fc.string({ maxLength: 70 })),
    name: fc.oneof(fc.constantFrom('Rule', ' ', ''), fc.string({ maxLength: 110 })),
    conditions: fc.oneof(
      { weight: 5, arbitrary: conditions },
      { weight: 1, arbitrary: fc.anything() },
    ),
    approvals: fc.record(
      {
        count: fc.oneof(fc.constantFrom(0, 1, 2, 3, 4, -1, 1.5), fc.constant('1')),
        roles: fc.oneof(
          fc.subarray(['finance', 'admin', 'support', 'finance']),
          fc.constant('admin'),
        ),
      },
      { requiredKeys: [] },
    ),
  },
  { requiredKeys: ['id', 'name', 'conditions', 'approvals'] },
);
/** Right shapes only, so `validatePolicy` (shadowed rules, ranges, the default last) decides. */
const shapedConditions = fc
  .record(
    {
      currency: fc.constantFrom('EUR', 'USD', '*'),
      amount_above: fc.constantFrom('0', '100', '1000.5', '5000', '100000'),
      amount_up_to: fc.constantFrom('0', '100', '1000.50', '5000', '100000'),
      payout_method_types: fc.subarray(['credit_card', 'bank_account', 'crypto'], { minLength: 1 }),
      providers: fc.subarray(['northwind_pay', 'harbor_payments'], { minLength: 1 }),
      corridors: fc.subarray(
        [
          { country: 'BE', currency: 'EUR' },
          { country: 'US', currency: 'USD' },
        ],
        { minLength: 1 },
      ),
      beneficiary_new_or_changed_within_days: fc.integer({ min: 1, max: 3650 }),
      in_batch: fc.boolean(),
    },
    { requiredKeys: [] },
  )
  // An amount says in what currency (else `validatePolicy` refuses it, which the rest tests).
  .map((c) =>
    c.currency === undefined ? { ...c, amount_above: undefined, amount_up_to: undefined } : c,
  )
  .map((c) => Object.fromEntries(Object.entries(c).filter(([, v]) => v !== undefined)));
const shapedPolicy = fc
  .array(
    fc.record({
      conditions: shapedConditions,
      count: fc.constantFrom(0, 1, 2, 3),
      roles: fc.subarray(['finance', 'admin'] as const, { minLength: 1 }),
    }),
    { minLength: 1, maxLength: 4 },
  )
  .chain((rules) =>
    fc.constantFrom(true, true, true, false).map((withDefault) => ({
      rules: [
        ...rules.map((r, i) => ({
          id: `r${i}`,
          name: `Rule ${i}`,
          conditions: r.conditions,
          approvals: { count: r.count, roles: r.roles },
        })),
        ...(withDefault
          ? [{ id: 'default', name: 'Default', conditions: {}, approvals: { count: 0, roles: [] } }]
          : []),
      ],
    })),
  );
const policy = fc.oneof(
  { weight: 8, arbitrary: fc.record({ rules: fc.array(rule, { maxLength: 6 }) }) },
  { weight: 8, arbitrary: shapedPolicy },
  { weight: 1, arbitrary: fc.anything() },
);

/** Proposals after their commit, and policy bodies that nothing valid comes from. */
describe.each(appTestDatabaseKinds)('approval-policy proposals (%s)', (kind) => {
  let database: TestDatabase;
  let t: TestApp;
  let admin: ApiFetch;
  let admin2: ApiFetch;
  const told: { proposalId: string; proposedBy: string; committed: boolean }[] = [];
  const logLines: string[] = [];
  let failNotifications = false;

  const count = async (query: ReturnType<typeof sql>) => {
    const result: unknown = await t.db.execute(query);
    return Number((result as { rows: { n: number }[] }).rows[0]!.n);
  };
  const written = () =>
    count(sql`select (select count(*) from approval_policy_versions)
      + (select count(*) from approval_policy_proposals)
      + (select count(*) from audit_log where action like 'approval_policy.%') as n`);

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    t = await startTestApp({
      database,
      logDestination: { write: (line: string) => logLines.push(line) },
      policyNotifier: {
        async policyChangeProposed(input) {
          // Told after the commit: the proposal is there for anyone to read.
          const committed =
            (await count(
              sql`select count(*)::int as n from approval_policy_proposals where id = ${input.proposalId}`,
            )) === 1;
          told.push({ ...input, committed });
          if (failNotifications) throw new Error('SMTP is down');
        },
      },
    });
    admin = await t.signIn('admin');
    admin2 = await t.signIn('admin2');
  });
  afterAll(async () => {
    await t?.close();
    await database?.close();
  });

  const propose = (json: unknown) =>
    admin('/api/approval-policies/proposals', { method: 'POST', json });
  const ONE: unknown = {
    rules: [
      { id: 'default', name: 'Default', conditions: {}, approvals: { count: 1, roles: ['admin'] } },
    ],
  };

  it('tells the other admins after the commit; a failed notification fails nothing', async () => {
    const me = (await readJson(await admin('/api/session'))).user;
    const first = await propose({ policy: ONE });
    expect(first.status).toBe(201);
    const { id } = await readJson(first);
    expect(told).toEqual([{ proposalId: id, proposedBy: me.id, committed: true }]);
    expect(
      (
        await admin2(`/api/approval-policies/proposals/${id}/reject`, {
          method: 'POST',
          json: { reason: 'Not now' },
        })
      ).status,
    ).toBe(200);

    failNotifications = true;
    const second = await propose({ policy: ONE, note: 'Again' });
    expect(second.status).toBe(201);
    const { id: secondId } = await readJson(second);
    expect(told.at(-1)).toMatchObject({ proposalId: secondId, committed: true });
    expect(logLines.some((l) => l.includes('policy change notification failed'))).toBe(true);
    const { pending } = await readJson(await admin('/api/approval-policies'));
    expect(pending.id).toBe(secondId);
    expect(
      (
        await admin2(`/api/approval-policies/proposals/${secondId}/reject`, {
          method: 'POST',
          json: { reason: 'Not now' },
        })
      ).status,
    ).toBe(200);
    failNotifications = false;
  });

  it(
    `${RUNS} generated policy bodies: never a 5xx; nothing written unless accepted`,
    { timeout: 300_000 },
    async () => {
      const statuses: Record<number, number> = {};
      await fc.assert(
        fc.asyncProperty(policy, fc.boolean(), async (candidate, dryRun) => {
          const before = await written();
          const res = dryRun
            ? await admin('/api/approval-policies/dry-run', {
                method: 'POST',
                json: {
                  policy: candidate,
                  payout: {
                    amount: '5000.01',
                    currency: 'EUR',
                    payout_method_type: 'bank_account',
                    provider: 'northwind_pay',
                    country: 'BE',
                    beneficiary_changed_days_ago: 3,
                    in_batch: true,
                  },
                },
              })
            : await propose({ policy: candidate });
          statuses[res.status] = (statuses[res.status] ?? 0) + 1;
          const body = await readJson(res);
          expect(res.status, JSON.stringify({ candidate, body }).slice(0, 2_000)).toBeLessThan(500);
          if (res.status === 201) {
            // A valid policy: proposed (and audited); withdrawn so the next one may be proposed.
            expect(await written()).toBe(before + 2);
            const withdrawn = await admin(`/api/approval-policies/proposals/${body.id}/reject`, {
              method: 'POST',
              json: { reason: 'Fuzz' },
            });
            expect(withdrawn.status).toBe(200);
            return;
          }
          expect([200, 422], JSON.stringify(body).slice(0, 1_000)).toContain(res.status);
          if (res.status === 422) {
            for (const error of body.errors) expect(error.pointer).toMatch(/^\/policy(\/|$)/);
          }
          expect(await written()).toBe(before);
        }),
        { numRuns: RUNS },
      );
      console.log(`approval-policy bodies (${kind}): ${JSON.stringify(statuses)}`);
    },
  );
});
