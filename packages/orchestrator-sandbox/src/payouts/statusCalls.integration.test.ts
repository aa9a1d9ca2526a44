import { afterEach, describe, expect, it } from 'vitest';
import { bankPayout, startSandbox, type Harness } from '../testing/sandboxHarness.js';

let h: Harness;
afterEach(async () => {
  await h.close();
});

describe('inspect.statusCalls', () => {
  it('records every check-status request in order, known ids and unknown, but not faulted ones', async () => {
    h = await startSandbox({ settleAfterMs: 3_600_000 });
    const created = await h.call('POST', h.payouts(), bankPayout({ order_id: 'sc-1' }));
    const id: string = created.json.result.id;
    expect(h.sandbox.inspect.statusCalls()).toEqual([]);

    expect((await h.call('GET', h.payouts(`/${id}/check-status`))).status).toBe(200);
    expect((await h.call('GET', h.payouts(`/${id}/check-status`, 'v1'))).status).toBe(200);
    expect((await h.call('GET', h.payouts('/nope/check-status'))).status).toBe(404);
    // A plain read is not a status check.
    expect((await h.call('GET', h.payouts(`/${id}`))).status).toBe(200);
    // Struck before the handler: never reached "the PSP".
    h.sandbox.faults.add({ kind: 'http_503', route: 'check_status', times: 1 });
    expect((await h.call('GET', h.payouts(`/${id}/check-status`))).status).toBe(503);

    const calls = h.sandbox.inspect.statusCalls();
    expect(calls.map(({ payout_id, found }) => ({ payout_id, found }))).toEqual([
      { payout_id: id, found: true },
      { payout_id: id, found: true },
      { payout_id: 'nope', found: false },
    ]);
    expect(calls.every((c) => !Number.isNaN(Date.parse(c.at)))).toBe(true);
    // A copy: changing it does not change the record.
    calls.pop();
    expect(h.sandbox.inspect.statusCalls()).toHaveLength(3);
  });
});
