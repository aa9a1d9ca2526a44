import { randomUUID } from 'node:crypto';
import type { SandboxProviderConfig } from '@payouts/orchestrator-sandbox';
import { defaultSandboxConfig } from '@payouts/orchestrator-sandbox';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payouts } from '../../db/schema.js';
import { TEST_CARD_METADATA } from '../../testing/testCardMetadata.js';
import { readJson, startTestApp, type ApiFetch, type TestApp } from '../../testing/testApp.js';
import {
  openTestDatabase,
  appTestDatabaseKinds,
  type TestDatabase,
} from '../../testing/testDatabase.js';

/** Northwind Pay asking, on card payouts, for fields with a catastrophic and a lookahead pattern. */
function withPatternHints(): SandboxProviderConfig {
  const config = structuredClone(defaultSandboxConfig);
  const northwind = config.psps.find((psp) => psp.name === 'northwind_pay')!;
  northwind.fields.credit_card = [
    ...(northwind.fields.credit_card ?? []),
    { name: 'reference', title: 'Reference', required: false, pattern: '^(a+)+$' },
    { name: 'batch', title: 'Batch', required: false, pattern: '^(?=B)[A-Z0-9]+$' },
  ];
  return config;
}

describe.each(appTestDatabaseKinds)('PSP pattern hints (%s)', (kind) => {
  let database: TestDatabase;
  let t: TestApp;
  let finance: ApiFetch;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    t = await startTestApp({ database, sandboxOptions: { providers: withPatternHints() } });
    finance = await t.signIn('finance');
  });
  afterAll(async () => {
    await t?.close();
    await database?.close();
  });

  function create(metadata: Record<string, unknown>) {
    const body = {
      order_id: `redos-${randomUUID().slice(0, 8)}`,
      provider: 'northwind_pay',
      country: 'BE',
      currency: 'EUR',
      state: null,
      amount: '10.00',
      payout_method_type: 'credit_card',
      metadata: { ...TEST_CARD_METADATA, ...metadata },
    };
    return {
      body,
      res: finance('/api/payouts', {
        method: 'POST',
        json: body,
        headers: { 'Idempotency-Key': randomUUID() },
      }),
    };
  }

  it('passes on the patterns RE2 runs, and drops the one it cannot', async () => {
    const reply = await readJson(await finance('/api/providers?country=BE&currency=EUR'));
    const fields = reply.providers.find(
      (p: { name: string; payout_method_type: string }) =>
        p.name === 'northwind_pay' && p.payout_method_type === 'credit_card',
    ).fields;
    expect(fields).toEqual(
      expect.arrayContaining([
        { name: 'reference', title: 'Reference', required: false, pattern: '^(a+)+$' },
        { name: 'batch', title: 'Batch', required: false },
      ]),
    );
  });

  // Before RE2, ajv's backtracking RegExp ran for minutes on this input, blocking the server (and
  // this test past its timeout).
  it('refuses a pathological value at once with a 422 on its field, nothing stored or sent', async () => {
    const before = t.sandbox.inspect.createCalls().length;
    const { body, res } = create({ reference: `${'a'.repeat(40)}!` });
    const answer = await res;
    expect(answer.status).toBe(422);
    const problem = await readJson(answer);
    expect(problem.code).toBe('validation_failed');
    expect(problem.errors).toEqual([
      {
        pointer: '/metadata/reference',
        message: 'Reference is not in the format this provider expects.',
      },
    ]);
    expect(t.sandbox.inspect.createCalls().length).toBe(before);
    expect(await t.db.select().from(payouts).where(eq(payouts.orderId, body.order_id))).toEqual([]);
  });

  it('accepts a value the pattern matches', async () => {
    const { res } = create({ reference: 'a'.repeat(40) });
    const answer = await res;
    expect(answer.status, JSON.stringify(await answer.clone().json())).toBe(201);
  });
});
