import type { LabPayoutReply, PayoutStatus } from '@payouts/contracts';
import { describe, expect, it } from 'vitest';
import { buildPayout } from '../../testing/buildPayout.js';
import { runAllTestPayouts, type RunAllResult, type RunAllTarget } from './runAllTestPayouts.js';

const corridor = { country: 'BE', currency: 'EUR' };
const target = (provider: string): RunAllTarget => ({
  corridor,
  provider,
  title: provider,
  payout_method_type: 'bank_account',
});

function sent(id: string, status: PayoutStatus): LabPayoutReply {
  return {
    payout: buildPayout({ id, status, is_test: true }),
    exchange: {
      request: { method: 'POST', path: '/payouts/{api_key}', body: {} },
      response: { http_status: 200, body: {} },
      duration_ms: 20,
    },
  };
}

describe('runAllTestPayouts', () => {
  it('passes only a payout paid out: pending waits, declined fails, still open is not final', async () => {
    let clock = 0;
    const statuses: Record<string, PayoutStatus[]> = {
      paid: ['pending', 'approved'],
      declined: ['declined'],
      stuck: ['pending', 'pending', 'pending', 'pending', 'pending'],
    };
    const updates: [number, RunAllResult['verdict']][] = [];
    const results = await runAllTestPayouts({
      lab: {
        testData: (q) =>
          Promise.resolve({
            order_id: `LAB-${q.provider}`,
            provider: q.provider,
            country: 'BE',
            currency: 'EUR',
            state: null,
            amount: '1.00',
            payout_method_type: 'bank_account',
            metadata: {},
          }),
        sendPayout: (body) => Promise.resolve(sent(body.provider, 'pending')),
      },
      statusOf: (id) => Promise.resolve(statuses[id]!.shift() ?? 'pending'),
      targets: ['paid', 'declined', 'stuck'].map(target),
      newKey: () => crypto.randomUUID(),
      onResult: (result, index) => updates.push([index, result.verdict]),
      settleMs: 3_000,
      pollMs: 1_000,
      sleep: (ms) => {
        clock += ms;
        return Promise.resolve();
      },
      now: () => clock,
    });
    expect(results.map((r) => r.verdict)).toEqual(['pass', 'fail', 'not_final']);
    expect(results[2]!.outcome).toBe('Status: pending, not final after 3 s');
    // Each sent first as not final, then updated in place when it settled.
    expect(updates.slice(0, 3)).toEqual([
      [0, 'not_final'],
      [1, 'not_final'],
      [2, 'not_final'],
    ]);
    expect(updates.slice(3)).toEqual([
      [1, 'fail'],
      [0, 'pass'],
      [2, 'not_final'],
    ]);
  });
});
