import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readJson, startTestApp, type ApiFetch, type TestApp } from '../../testing/testApp.js';
import { bankBeneficiary, IBAN } from '../../testing/bankBeneficiary.js';
import {
  openTestDatabase,
  appTestDatabaseKinds,
  type TestDatabase,
} from '../../testing/testDatabase.js';

const NEW_IBAN = 'BE71096123456769';

/** `POST /api/payouts` with `{ beneficiary_id, amount, order_id? }`. */
describe.each(appTestDatabaseKinds)('payouts to saved beneficiaries (%s)', (kind) => {
  let database: TestDatabase;
  let t: TestApp;
  let finance: ApiFetch;
  let finance2: ApiFetch;
  let support: ApiFetch;
  let beneficiary: { id: string };

  const pay = (client: ApiFetch, body: unknown, key: string = randomUUID()) =>
    client('/api/payouts', { method: 'POST', json: body, headers: { 'Idempotency-Key': key } });
  const atSandbox = (orderId: string) =>
    t.sandbox.inspect.payouts().find((p) => p.order_id === orderId);

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    t = await startTestApp({ database, env: { APPROVAL_THRESHOLDS: 'EUR=1000' } });
    finance = await t.signIn('finance');
    finance2 = await t.signIn('finance2');
    support = await t.signIn('support');
    const res = await finance('/api/beneficiaries', {
      method: 'POST',
      json: bankBeneficiary(),
    });
    expect(res.status).toBe(201);
    beneficiary = await readJson(res);
  });
  afterAll(async () => {
    await t?.close();
    await database?.close();
  });

  it('sends exactly the approved details, names the beneficiary and writes its timeline', async () => {
    const orderId = `ben-${randomUUID().slice(0, 8)}`;
    const res = await pay(finance, {
      beneficiary_id: beneficiary.id,
      amount: '120.50',
      order_id: orderId,
    });
    expect(res.status).toBe(201);
    const payout = await readJson(res);
    expect(payout).toMatchObject({
      beneficiary_id: beneficiary.id,
      order_id: orderId,
      country: 'BE',
      currency: 'EUR',
      provider: 'northwind_pay',
      payout_method_type: 'bank_account',
    });
    // The browser never gets the full IBAN back.
    expect(JSON.stringify(payout)).not.toContain(IBAN);
    expect(atSandbox(orderId)?.metadata).toMatchObject({
      bankAccountNumber: IBAN,
      bankCode: 'GKCCBEBB',
      customerFirstName: 'Anna',
    });
    const detail = await readJson(await support(`/api/beneficiaries/${beneficiary.id}`));
    expect(detail.beneficiary).toMatchObject({ payouts_count: 1 });
    expect(detail.beneficiary.last_paid_at).not.toBeNull();
    expect(detail.events.map((e: { type: string }) => e.type)).toContain('paid');
    const listed = await readJson(await support(`/api/payouts?beneficiary_id=${beneficiary.id}`));
    expect(listed.items.map((p: { order_id: string }) => p.order_id)).toEqual([orderId]);
  });

  it('replays a repeated key, makes an order id when none is sent, and refuses overriding saved details', async () => {
    const key = randomUUID();
    const body = { beneficiary_id: beneficiary.id, amount: '10.00' };
    const first = await readJson(await pay(finance, body, key));
    const again = await pay(finance, body, key);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect((await readJson(again)).id).toBe(first.id);
    expect(first.order_id).toMatch(/^PO-[0-9a-f]{20}$/);

    const before = t.sandbox.inspect.createCalls().length;
    const override = await pay(finance, { ...body, metadata: { bankAccountNumber: NEW_IBAN } });
    expect(override.status).toBe(422);
    expect((await readJson(override)).errors).toEqual([
      { pointer: '/metadata/bankAccountNumber', message: expect.any(String) },
    ]);
    const unknown = await pay(finance, { ...body, beneficiary_id: randomUUID() });
    expect(unknown.status).toBe(404);
    const extra = await pay(finance, { ...body, provider: 'harbor_payments' });
    expect(extra.status).toBe(422);
    expect(await pay(support, body).then((r) => r.status)).toBe(403);
    expect(t.sandbox.inspect.createCalls().length).toBe(before);
  });

  it('keeps four eyes above the threshold, and uses a changed IBAN only once it is approved', async () => {
    const big = await readJson(
      await pay(finance, { beneficiary_id: beneficiary.id, amount: '5000.00' }),
    );
    expect(big.status).toBe('awaiting_approval');

    const proposed = await finance(`/api/beneficiaries/${beneficiary.id}`, {
      method: 'PATCH',
      json: { details: bankBeneficiary({}, { bankAccountNumber: NEW_IBAN }).details },
    });
    expect(proposed.status).toBe(200);
    const pendingOrder = `ben-pending-${randomUUID().slice(0, 8)}`;
    expect(
      (
        await pay(finance, {
          beneficiary_id: beneficiary.id,
          amount: '11.00',
          order_id: pendingOrder,
        })
      ).status,
    ).toBe(201);
    expect(atSandbox(pendingOrder)?.metadata['bankAccountNumber']).toBe(IBAN);

    const detail = await readJson(await finance2(`/api/beneficiaries/${beneficiary.id}`));
    const change = detail.beneficiary.pending_change as { id: string };
    const approved = await finance2(
      `/api/beneficiaries/${beneficiary.id}/changes/${change.id}/approve`,
      { method: 'POST', json: {} },
    );
    expect(approved.status).toBe(200);
    const afterOrder = `ben-after-${randomUUID().slice(0, 8)}`;
    expect(
      (
        await pay(finance, {
          beneficiary_id: beneficiary.id,
          amount: '12.00',
          order_id: afterOrder,
        })
      ).status,
    ).toBe(201);
    expect(atSandbox(afterOrder)?.metadata['bankAccountNumber']).toBe(NEW_IBAN);
  });

  it('refuses an archived beneficiary with 409, sending nothing', async () => {
    const archived = await finance(`/api/beneficiaries/${beneficiary.id}/archive`, {
      method: 'POST',
      json: {},
    });
    expect(archived.status).toBe(200);
    const before = t.sandbox.inspect.createCalls().length;
    const res = await pay(finance, { beneficiary_id: beneficiary.id, amount: '10.00' });
    expect(res.status).toBe(409);
    expect(t.sandbox.inspect.createCalls().length).toBe(before);
  });
});
