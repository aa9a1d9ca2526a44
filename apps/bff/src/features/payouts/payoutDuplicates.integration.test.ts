import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankBeneficiary, IBAN } from '../../testing/bankBeneficiary.js';
import { batchCsv, northwindBankRow, uploadBatch } from '../../testing/batchFiles.js';
import { cardPayoutBody } from '../../testing/testCardMetadata.js';
import { readJson, startTestApp, type ApiFetch, type TestApp } from '../../testing/testApp.js';
import {
  appTestDatabaseKinds,
  openTestDatabase,
  type TestDatabase,
} from '../../testing/testDatabase.js';

const DAY = 86_400_000;

/** A typed BE/EUR bank payout to the account `bankBeneficiary` pays. */
function bankPayoutBody(amount: string) {
  return {
    order_id: `dup-bank-${randomUUID().slice(0, 8)}`,
    provider: 'northwind_pay',
    country: 'BE',
    currency: 'EUR',
    state: null,
    amount,
    payout_method_type: 'bank_account',
    metadata: bankBeneficiary().details,
  };
}

/**
 * A payout to the same account (or beneficiary) for the same amount and currency as one of the
 * last DUPLICATE_WINDOW_DAYS is refused with 409 `possible_duplicate` naming the earlier ones,
 * and made when sent again with `pay_again=1`.
 */
describe.each(appTestDatabaseKinds)('possible duplicate payouts (%s)', (kind) => {
  let database: TestDatabase;
  let t: TestApp;
  let finance: ApiFetch;
  let finance2: ApiFetch;

  const pay = (client: ApiFetch, body: unknown, key = randomUUID(), query = '') =>
    client(`/api/payouts${query}`, {
      method: 'POST',
      json: body,
      headers: { 'Idempotency-Key': key },
    });

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    t = await startTestApp({ database, env: { DUPLICATE_WINDOW_DAYS: '7' } });
    finance = await t.signIn('finance');
    finance2 = await t.signIn('finance2');
  });
  afterAll(async () => {
    await t?.close();
    await database?.close();
  });

  it('refuses the same card, amount and currency again, names the earlier one, and pays again when asked', async () => {
    const firstKey = randomUUID();
    const first = await readJson(await pay(finance, cardPayoutBody('dup', '41.07'), firstKey));
    const payoutsBefore = t.sandbox.inspect.createCalls().length;

    // Another person, another order id, the same card and amount.
    const again = cardPayoutBody('dup', '41.07');
    const refused = await pay(finance2, again);
    expect(refused.status).toBe(409);
    const problem = await readJson(refused);
    expect(problem).toMatchObject({
      code: 'possible_duplicate',
      duplicates: [
        {
          id: first.id,
          order_id: first.order_id,
          amount: '41.07',
          currency: 'EUR',
          created_by: 'finance@example.com',
        },
      ],
    });
    expect(problem.detail).toContain(`A payout of €41.07 to this account was made on`);
    expect(problem.detail).toContain(first.order_id);
    // Nothing was written or sent.
    expect(t.sandbox.inspect.createCalls()).toHaveLength(payoutsBefore);
    const listed = await readJson(await finance(`/api/payouts?q=${again.order_id}`));
    expect(listed.items).toEqual([]);

    // The first request's key still replays its payout (a retry is no duplicate).
    const replay = await pay(finance, cardPayoutBody('other', '41.07'), firstKey);
    expect(replay.status).toBe(422);
    const sameReplay = await pay(
      finance,
      { ...cardPayoutBody('x', '41.07'), order_id: first.order_id },
      firstKey,
    );
    expect(sameReplay.headers.get('Idempotent-Replayed')).toBe('true');

    // Paid again knowingly: made, with the same key the refusal had not used up.
    const made = await pay(finance2, again, randomUUID(), '?pay_again=1');
    expect(made.status).toBe(201);
    expect(await readJson(made)).toMatchObject({ order_id: again.order_id });

    // Another amount or another card is no duplicate.
    expect((await pay(finance, cardPayoutBody('dup', '41.08'))).status).toBe(201);
    const sameAmount = cardPayoutBody('dup', '41.07');
    const otherCard = {
      ...sameAmount,
      metadata: { ...sameAmount.metadata, creditCardNumber: '5555 5555 5555 4444' },
    };
    expect((await pay(finance, otherCard)).status).toBe(201);
  });

  it('matches a typed bank payout and a payout to the saved beneficiary paying the same account', async () => {
    const created = await finance('/api/beneficiaries', {
      method: 'POST',
      json: bankBeneficiary(),
    });
    expect(created.status).toBe(201);
    const beneficiary = await readJson(created);
    const typedReply = await pay(finance, bankPayoutBody('250.00'));
    // Each a moment after the other, so "newest first" has one answer.
    t.clock.advance(1000);
    expect(typedReply.status).toBe(201);
    const typed = await readJson(typedReply);

    const toBeneficiary = await pay(finance2, { beneficiary_id: beneficiary.id, amount: '250' });
    expect(toBeneficiary.status).toBe(409);
    expect((await readJson(toBeneficiary)).duplicates.map((d: { id: string }) => d.id)).toEqual([
      typed.id,
    ]);
    t.clock.advance(1000);
    const paid = await readJson(
      await pay(
        finance2,
        { beneficiary_id: beneficiary.id, amount: '250' },
        randomUUID(),
        '?pay_again=1',
      ),
    );
    // The same beneficiary again: both earlier ones, newest first.
    const third = await pay(finance, { beneficiary_id: beneficiary.id, amount: '250.00' });
    expect(third.status).toBe(409);
    const third409 = await readJson(third);
    expect(third409.duplicates.map((d: { id: string }) => d.id)).toEqual([paid.id, typed.id]);
    expect(third409.detail).toContain('2 payouts of €250.00 to this account were made');
    expect(JSON.stringify(third409)).not.toContain(IBAN);
  });

  it('lets a payout through once the earlier one is older than the window, or failed', async () => {
    const body = cardPayoutBody('window', '77.70');
    expect((await pay(finance, body)).status).toBe(201);
    expect((await pay(finance, cardPayoutBody('window', '77.70'))).status).toBe(409);
    t.clock.advance(7 * DAY + 1000);
    // Sessions do not last a week.
    finance = await t.signIn('finance');
    finance2 = await t.signIn('finance2');
    expect((await pay(finance, cardPayoutBody('window', '77.70'))).status).toBe(201);

    // Refused by the orchestrator (the sandbox refuses 10.18): failed, never paid, so the next
    // one is sent, not held as its duplicate.
    const failed = await pay(finance, cardPayoutBody('failed', '10.18'));
    expect(failed.status).toBe(422);
    const next = await pay(finance, cardPayoutBody('failed', '10.18'));
    expect((await readJson(next)).code).toBe('orchestrator_rejected');
  });

  it('flags, without refusing, batch rows repeating an earlier row or a recent payout, and clears a flag once fixed', async () => {
    const OTHER_IBAN = 'BE71096123456769';
    expect((await pay(finance, bankPayoutBody('61.19'))).status).toBe(201);
    const up = await uploadBatch(
      finance,
      batchCsv([
        northwindBankRow(1, { amount: '61.19' }),
        northwindBankRow(2, { amount: '33.19' }),
        northwindBankRow(3, { amount: '33.19' }),
        northwindBankRow(4, { amount: '33.19', bankAccountNumber: OTHER_IBAN }),
      ]),
      `dup-${randomUUID().slice(0, 8)}.csv`,
    );
    expect(up.status).toBe(201);
    const { id } = await readJson(up);
    const flagsOf = async (): Promise<[number, string, string[]][]> => {
      const page = (await readJson(await finance(`/api/batches/${id}/rows?filter=all`))) as {
        rows: { row: number; state: string; warnings: { message: string }[] }[];
      };
      return page.rows.map((r) => [r.row, r.state, r.warnings.map((w) => w.message)]);
    };
    const rows = await flagsOf();
    expect(rows[0]?.[2]).toEqual([
      expect.stringMatching(
        /^Possible duplicate: payout dup-bank-\S+ paid the same amount to the same account on \d{4}-\d{2}-\d{2}\.$/,
      ),
    ]);
    expect(rows.slice(1)).toEqual([
      [2, 'valid', []],
      [3, 'valid', ['Possible duplicate: row 2 pays the same amount to the same account.']],
      [4, 'valid', []],
    ]);

    // Fixed: the flag goes. Flags never block validation.
    const fixed = await finance(`/api/batches/${id}/rows/3`, {
      method: 'PATCH',
      json: { cells: { amount: '34.19' } },
    });
    expect(fixed.status).toBe(200);
    expect((await flagsOf())[2]).toEqual([3, 'valid', []]);
    const validated = await finance(`/api/batches/${id}/validate`, {
      method: 'POST',
      json: { exclude_invalid: false },
    });
    expect((await readJson(validated)).status).toBe('validated');
    expect((await flagsOf())[0]?.[2]).toHaveLength(1);
  });

  it('refuses a bad pay_again value and writes nothing', async () => {
    const bad = await pay(finance, cardPayoutBody('bad', '12.34'), randomUUID(), '?pay_again=yes');
    expect(bad.status).toBe(422);
    expect((await readJson(bad)).errors).toEqual([
      expect.objectContaining({ pointer: '/pay_again' }),
    ]);
    expect((await readJson(await finance('/api/payouts?q=bad-'))).items).toEqual([]);
  });
});
