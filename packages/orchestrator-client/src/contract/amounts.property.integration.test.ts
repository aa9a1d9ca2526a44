import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ethPayout,
  orderId,
  startSandboxFixture,
  type SandboxFixture,
} from '../testing/sandboxFixture.js';

/*
 * Property: any amount with up to 15 integer and 1 to 18 fraction digits survives client ->
 * orchestrator -> client exactly, in the create reply and in the stored record. ETH has scale 18
 * in the sandbox.
 */

let f: SandboxFixture;

beforeAll(async () => {
  // Magic amounts off: every generated amount must be created, whatever its last two digits.
  f = await startSandboxFixture({ magicAmounts: false, settleAfterMs: 3_600_000 });
});
afterAll(async () => {
  await f.close();
});

/** The expected canonical form, computed independently of the client's own canonicalDecimal. */
function expectedCanonical(integer: string, fraction: string): string {
  const trimmed = fraction.replace(/0+$/, '');
  return trimmed === '' ? integer : `${integer}.${trimmed}`;
}

const amounts = fc
  .record({
    integer: fc.oneof(
      fc.constant(0n),
      fc.bigInt({ min: 1n, max: 999n }),
      // The orchestrator (sandbox decision) takes amounts below 10^15: 15 integer digits.
      fc.bigInt({ min: 1000n, max: 10n ** 15n - 1n }),
    ),
    fraction: fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: 1, maxLength: 18 }),
    // Trailing zeros (`1.50`) are legal JSON and must not change the value read back.
    padding: fc.string({ unit: fc.constant('0'), maxLength: 2 }),
  })
  .filter(({ integer, fraction }) => integer > 0n || /[1-9]/.test(fraction))
  .filter(({ fraction, padding }) => (fraction + padding).length <= 18);

describe('amounts round-trip losslessly', () => {
  it('keeps every digit through createPayout and getPayout (1,000 runs)', async () => {
    await fc.assert(
      fc.asyncProperty(amounts, async ({ integer, fraction, padding }) => {
        const amount = `${integer}.${fraction}${padding}`;
        const expected = expectedCanonical(integer.toString(), fraction + padding);
        const created = await f.client.createPayout(
          ethPayout({ order_id: orderId('prop'), amount }),
        );
        expect(created.amount).toBe(expected);
        const record = await f.client.getPayout(created.id);
        expect(record.amount).toBe(expected);
      }),
      { numRuns: 1000, seed: 20240501 },
    );
    // About 2,000 HTTP calls: seconds on an idle machine, more when other suites share the CPU.
  }, 60_000);
});
