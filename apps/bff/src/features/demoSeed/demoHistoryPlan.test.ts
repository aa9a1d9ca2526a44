import {
  DEMO_APPROVAL_POLICY,
  type PayoutMethodType,
  type PayoutProvider,
  type PayoutValidator,
} from '@payouts/contracts';
import * as sandboxModule from '@payouts/orchestrator-sandbox';
import { describe, expect, it } from 'vitest';
import { corridorsOfSandbox, demoFactsOfSandbox } from '../../sandboxWiring.js';
import { createPayoutValidators } from '../payouts/payoutValidators.js';
import { planDemoHistory, type DemoPlanInput } from './demoHistoryPlan.js';

const { defaultSandboxConfig } = sandboxModule;

/** Each corridor's providers as the sandbox's metadata endpoint lists them (payouts on). */
const corridors = corridorsOfSandbox({ config: defaultSandboxConfig }).map((corridor) => ({
  corridor,
  providers: defaultSandboxConfig.psps
    .filter(
      (p) =>
        p.payouts_enabled &&
        p.payout_corridors.some(
          (c) => c.country === corridor.country && c.currency === corridor.currency,
        ),
    )
    .flatMap((p) =>
      (Object.keys(p.fields) as PayoutMethodType[])
        .filter((type) => p.types[type])
        .map((type): PayoutProvider => ({
          name: p.name,
          title: p.title,
          payout_method_type: type,
          fields: p.fields[type] ?? [],
        })),
    ),
}));

const users = [
  { id: 'u-admin', email: 'admin@example.com', role: 'admin' },
  { id: 'u-admin2', email: 'admin2@example.com', role: 'admin' },
  { id: 'u-fin', email: 'finance@example.com', role: 'finance' },
  { id: 'u-fin2', email: 'finance2@example.com', role: 'finance' },
];

function input(overrides: Partial<DemoPlanInput> = {}): DemoPlanInput {
  return {
    now: new Date('2030-03-14T15:09:26Z'),
    world: { ...demoFactsOfSandbox(sandboxModule), corridors },
    creators: users.filter((u) => u.id !== 'u-admin2'),
    users,
    policy: DEMO_APPROVAL_POLICY,
    attentionAfterMs: 3_600_000,
    total: 2000,
    days: 90,
    validatorFor: createPayoutValidators(),
    seal: (id) => `sealed:${id}`,
    nextCheckAt: (_status, _attempts, now) => now,
    ...overrides,
  };
}

describe('planDemoHistory', () => {
  it('is the same history for the same start, shifted for a later one', () => {
    const a = planDemoHistory(input());
    const b = planDemoHistory(input());
    expect(b).toEqual(a);
    const later = planDemoHistory(input({ now: new Date('2030-03-21T15:09:26Z') }));
    expect(later.payouts).toHaveLength(2000);
    expect(Math.max(...later.payouts.map((p) => p.createdAt.getTime()))).toBeGreaterThan(
      Math.max(...a.payouts.map((p) => p.createdAt.getTime())),
    );
  });

  it('varies recipients only within what the PSP’s schema accepts', () => {
    const refused: string[] = [];
    const validators = createPayoutValidators();
    const validatorFor: DemoPlanInput['validatorFor'] = (providers, corridor, now) => {
      const validate = validators(providers, corridor, now);
      const spy: PayoutValidator = (request) => {
        const result = validate(request);
        const orderId = (request as { order_id: string }).order_id;
        // Templates may need the lab's fallback; a varied request never may.
        if (!result.ok && orderId.startsWith('DEMO-2')) {
          refused.push(`${orderId}: ${JSON.stringify(result.errors)}`);
        }
        return result;
      };
      return spy;
    };
    const plan = planDemoHistory(input({ validatorFor, checkEvery: true }));
    expect(plan.payouts).toHaveLength(2000);
    expect(refused).toEqual([]);
  });

  it('seals only the payouts waiting for approval, and freezes their rule', () => {
    const plan = planDemoHistory(input());
    for (const p of plan.payouts) {
      expect(p.submission !== undefined && p.submission !== null).toBe(
        p.status === 'awaiting_approval',
      );
      if (p.status === 'awaiting_approval') {
        expect(p.submission).toBe(`sealed:${p.id}`);
        expect(p.approvalRule?.count).toBeGreaterThan(0);
      }
    }
  });

  it('makes no payout waiting for approval when the policy never asks for one', () => {
    const plan = planDemoHistory(
      input({
        policy: {
          rules: [
            {
              id: 'none',
              name: 'No approval',
              conditions: {},
              approvals: { count: 0, roles: [] },
            },
          ],
        },
      }),
    );
    expect(plan.payouts.some((p) => p.status === 'awaiting_approval')).toBe(false);
    expect(plan.payouts.some((p) => p.status === 'rejected')).toBe(false);
    expect(plan.approvals).toEqual([]);
  });
});
