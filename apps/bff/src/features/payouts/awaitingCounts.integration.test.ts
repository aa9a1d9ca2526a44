import type { PayoutStatus, Role } from '@payouts/contracts';
import { and, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/database.js';
import { payoutApprovals, payouts, users, type FrozenApprovalRule } from '../../db/schema.js';
import {
  openTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from '../../testing/testDatabase.js';
import { awaitingCountsFromScratch, storedAwaitingCounts } from '../overview/overviewTesting.js';
import { decidableBy, LEGACY_RULE } from './approvalEligibility.js';
import { createPayoutsRepository } from './payoutsRepository.js';

/**
 * Decision 038: "awaiting my approval" (GET /api/payouts/summary) is read from
 * payout_awaiting_counts, kept by triggers on payouts and payout_approvals. Whatever the
 * payouts, rules, approvals, status changes and deletes, each user's count equals decidableBy's
 * (the inbox's and the "Needs my approval" filter's), and the counter equals a rebuild.
 */

const ROLE_SETS: Array<string[] | null> = [
  null,
  ['admin'],
  ['finance'],
  ['finance', 'admin'],
  ['admin', 'finance'],
];
const STATUSES: PayoutStatus[] = ['awaiting_approval', 'pending', 'approved', 'rejected'];
const PEOPLE: Role[] = ['finance', 'finance', 'admin', 'admin', 'support'];

type Op =
  | { kind: 'create'; by: number; rule: number; status: PayoutStatus }
  | { kind: 'approve'; i: number; by: number }
  | { kind: 'unapprove'; i: number }
  | { kind: 'status'; i: number; status: PayoutStatus }
  | { kind: 'rule'; i: number; rule: number }
  | { kind: 'creator'; i: number; by: number }
  | { kind: 'delete'; i: number };

const person = fc.integer({ min: 0, max: PEOPLE.length - 1 });
const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('create' as const),
      by: person,
      rule: fc.integer({ min: 0, max: ROLE_SETS.length - 1 }),
      status: fc.constantFrom(...STATUSES),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant('approve' as const), i: fc.nat(), by: person }),
  },
  fc.record({ kind: fc.constant('unapprove' as const), i: fc.nat() }),
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('status' as const),
      i: fc.nat(),
      status: fc.constantFrom(...STATUSES),
    }),
  },
  fc.record({
    kind: fc.constant('rule' as const),
    i: fc.nat(),
    rule: fc.integer({ min: 0, max: ROLE_SETS.length - 1 }),
  }),
  fc.record({ kind: fc.constant('creator' as const), i: fc.nat(), by: person }),
  fc.record({ kind: fc.constant('delete' as const), i: fc.nat() }),
);

const ruleOf = (i: number): FrozenApprovalRule | null => {
  const roles = ROLE_SETS[i];
  return roles
    ? { id: `r${i}`, name: `Rule ${i}`, count: 2, roles: roles as FrozenApprovalRule['roles'] }
    : null;
};

describe.each(testDatabaseKinds)('the awaiting approval counter (%s)', (kind) => {
  let database: TestDatabase;
  let people: Array<{ id: string; role: Role }>;
  const db = () => database.handle.db;
  let serial = 0;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    const at = new Date('2030-01-01T00:00:00Z');
    people = await db()
      .insert(users)
      .values(
        PEOPLE.map((role, i) => ({
          email: `awaiting-${i}@example.com`,
          name: `Awaiting ${i}`,
          role,
          passwordHash: 'x',
          createdAt: at,
          updatedAt: at,
        })),
      )
      .returning({ id: users.id, role: users.role });
  });
  afterAll(async () => {
    await database?.close();
  });

  const expectExact = async () => {
    expect(await storedAwaitingCounts(db())).toEqual(
      await awaitingCountsFromScratch(db(), LEGACY_RULE.roles),
    );
    const repo = createPayoutsRepository(db());
    for (const p of people) {
      const [direct] = await db()
        .select({ n: sql<number>`count(*)::int` })
        .from(payouts)
        .where(decidableBy(p));
      const { awaitingMyApproval } = await repo.summary({
        approver: p,
        attentionBefore: new Date('2030-01-01T00:00:00Z'),
      });
      expect([p.role, awaitingMyApproval]).toEqual([p.role, Number(direct!.n)]);
    }
  };

  const create = async (op: Extract<Op, { kind: 'create' }>) => {
    serial += 1;
    const at = new Date(Date.parse('2030-01-02T00:00:00Z') + serial * 60_000);
    const [row] = await db()
      .insert(payouts)
      .values({
        orderId: `awaiting-${serial}-${Math.random().toString(36).slice(2)}`,
        provider: 'northwind_pay',
        country: 'BE',
        currency: 'EUR',
        amount: '150000.00',
        payoutMethodType: 'credit_card',
        metadata: {},
        status: op.status,
        createdBy: people[op.by]!.id,
        createdAt: at,
        updatedAt: at,
        approvalRule: ruleOf(op.rule),
      })
      .returning({ id: payouts.id });
    return row!.id;
  };

  it('reads the legacy rule roles as decidableBy does', async () => {
    const [row] = await rowsOf<{ roles: string[] }>(
      db(),
      sql`select payout_awaiting_roles(null) as roles`,
    );
    expect(row!.roles).toEqual(LEGACY_RULE.roles);
  });

  it('equals decidableBy for every user after random payouts, approvals, changes and deletes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 25 }), async (ops) => {
        const live: string[] = [];
        for (const op of ops) {
          if (op.kind === 'create') {
            live.push(await create(op));
            continue;
          }
          if (live.length === 0) continue;
          const id = live[op.i % live.length]!;
          if (op.kind === 'approve') {
            // As recordApproval does: the approval, then (here) nothing else; the same person
            // once per payout, the creator too (the trigger must not count that one).
            const [{ n } = { n: 0 }] = await db()
              .select({ n: sql<number>`count(*)::int` })
              .from(payoutApprovals)
              .where(eq(payoutApprovals.payoutId, id));
            await db()
              .insert(payoutApprovals)
              .values({
                payoutId: id,
                userId: people[op.by]!.id,
                step: Number(n) + 1,
                at: new Date('2030-01-03T00:00:00Z'),
              })
              .onConflictDoNothing();
          } else if (op.kind === 'unapprove') {
            const [first] = await db()
              .select({ id: payoutApprovals.id })
              .from(payoutApprovals)
              .where(eq(payoutApprovals.payoutId, id))
              .limit(1);
            if (first) await db().delete(payoutApprovals).where(eq(payoutApprovals.id, first.id));
          } else if (op.kind === 'status') {
            await db().update(payouts).set({ status: op.status }).where(eq(payouts.id, id));
          } else if (op.kind === 'rule') {
            await db()
              .update(payouts)
              .set({ approvalRule: ruleOf(op.rule) })
              .where(eq(payouts.id, id));
          } else if (op.kind === 'creator') {
            await db()
              .update(payouts)
              .set({ createdBy: people[op.by]!.id })
              .where(eq(payouts.id, id));
          } else {
            await db().delete(payoutApprovals).where(eq(payoutApprovals.payoutId, id));
            await db().delete(payouts).where(eq(payouts.id, id));
            live.splice(live.indexOf(id), 1);
          }
        }
        await expectExact();
      }),
      { numRuns: 20, seed: 16 },
    );
  });

  it('rebuilds to what the triggers kept', async () => {
    const kept = await storedAwaitingCounts(db());
    expect(kept.length).toBeGreaterThan(0);
    await db().execute(sql`select payout_stats_rebuild()`);
    expect(await storedAwaitingCounts(db())).toEqual(kept);
  });

  it('refuses to delete a payout in the same statement as its approvals', async () => {
    const id = await create({ kind: 'create', by: 0, rule: 0, status: 'awaiting_approval' });
    await db()
      .insert(payoutApprovals)
      .values({
        payoutId: id,
        userId: people[2]!.id,
        step: 1,
        at: new Date('2030-01-03T00:00:00Z'),
      });
    await expect(
      db().execute(
        sql`with gone as (delete from payout_approvals where payout_id = ${id}::uuid)
            delete from payouts where id = ${id}::uuid`,
      ),
    ).rejects.toThrow();
    const left = await db()
      .select({ id: payouts.id })
      .from(payouts)
      .where(and(eq(payouts.id, id), eq(payouts.status, 'awaiting_approval')));
    expect(left).toHaveLength(1);
    await expectExact();
  });
});
