/* eslint-disable @typescript-eslint/no-explicit-any -- replies are untyped JSON, checked field by field */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankBeneficiary } from '../../testing/bankBeneficiary.js';
import { batchCsv, northwindBankRow, uploadBatch } from '../../testing/batchFiles.js';
import { readJson, startTestApp, type ApiFetch, type TestApp } from '../../testing/testApp.js';
import { cardPayoutBody } from '../../testing/testCardMetadata.js';
import {
  appTestDatabaseKinds,
  openTestDatabase,
  type TestDatabase,
} from '../../testing/testDatabase.js';

const HOUR = 3_600_000;

/**
 * Decision 042: one separation-of-duties rule for every approval. Each scenario here is one an
 * insider ran against the app: one admin being both people through accounts they made.
 */
describe.each(appTestDatabaseKinds)('separation of duties (%s)', (kind) => {
  let database: TestDatabase;
  let t: TestApp;
  let admin: ApiFetch;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    t = await startTestApp({
      database,
      env: { APPROVAL_THRESHOLDS: 'EUR=100', APPROVAL_COOLDOWN_HOURS: '24' },
      corridors: [{ country: 'BE', currency: 'EUR' }],
    });
    admin = await t.signIn('admin');
  });
  afterAll(async () => {
    await t?.close();
    await database?.close();
  });

  /** A new account `maker` asks for (a second admin approves it), signed in. */
  const account = (maker: ApiFetch, role: 'finance' | 'admin', approver?: ApiFetch) =>
    t.makeAccount(role, { by: maker, ...(approver ? { approver } : {}) });
  async function payout(as: ApiFetch, amount = '99999.00') {
    const res = await as('/api/payouts', {
      method: 'POST',
      headers: { 'Idempotency-Key': randomUUID() },
      json: cardPayoutBody('sod', amount),
    });
    expect(res.status).toBe(201);
    const body = await readJson(res);
    expect(body.status).toBe('awaiting_approval');
    return body.id as string;
  }
  const approve = (as: ApiFetch, id: string) =>
    as(`/api/payouts/${id}/approve`, { method: 'POST', json: {} });
  const refusedAs = async (res: Response, code: string) => {
    expect(res.status).toBe(403);
    const problem = await readJson(res);
    expect(problem.code).toBe(code);
    return problem;
  };

  it('an admin cannot pass a "no approvals" policy with an admin account they asked for', async () => {
    const sock = await account(admin, 'admin');
    const proposed = await admin('/api/approval-policies/proposals', {
      method: 'POST',
      json: {
        policy: {
          rules: [{ id: 'none', name: 'None', conditions: {}, approvals: { count: 0, roles: [] } }],
        },
      },
    });
    expect(proposed.status).toBe(201);
    const { id } = await readJson(proposed);
    const problem = await refusedAs(
      await sock.client(`/api/approval-policies/proposals/${id}/approve`, {
        method: 'POST',
        json: {},
      }),
      'approval_cooldown',
    );
    expect(problem.detail).toContain('created your account');
    expect(problem.detail).toContain('the person who started this policy change');
    // Still in force: a 99,999 EUR payout waits for a second person.
    await payout(admin);
    await admin(`/api/approval-policies/proposals/${id}/reject`, {
      method: 'POST',
      json: { reason: 'test over' },
    });
  });

  it('two accounts one admin made are one person: neither approves the other’s payout', async () => {
    const b = await account(admin, 'finance');
    const c = await account(admin, 'finance');
    const id = await payout(b.client);
    const problem = await refusedAs(await approve(c.client, id), 'approval_cooldown');
    expect(problem.detail).toContain('one person created your account and created the account');
    expect(Date.parse(problem.approvals_count_from)).toBeGreaterThan(t.clock.now().getTime());
    // The maker is not a second person to an account they made either.
    await refusedAs(await approve(admin, id), 'approval_cooldown');
    // Audited, with the account changes that tie them.
    const audit = await readJson(await admin('/api/audit?what=payout.approve_refused&limit=10'));
    const entry = audit.items.find((i: any) => i.target.id === id && i.actor.id !== undefined);
    expect(entry.data).toMatchObject({
      reason: 'approval_cooldown',
      account_change: 'user.created',
    });
    expect(entry.data.ties.length).toBeGreaterThanOrEqual(1);
    // Someone the admin did not make approves at once.
    expect((await approve(await t.signIn('finance'), id)).status).toBe(200);
  });

  it('follows a chain of accounts: an admin made by the initiator makes a finance account', async () => {
    // A third admin, made long enough ago to count as a person of their own.
    const third = await account(admin, 'admin');
    t.clock.advance(25 * HOUR);
    admin = await t.signIn('admin');
    const admin3 = await t.signInAs(third.email, third.password);
    const middle = await account(admin, 'admin', admin3);
    // admin2 approves: it had no part in the middle account.
    const end = await account(middle.client, 'finance', await t.signIn('admin2'));
    const id = await payout(admin);
    await refusedAs(await approve(end.client, id), 'approval_cooldown');
    await admin(`/api/payouts/${id}/cancel`, { method: 'POST', json: {} });
  });

  it('an account made after a payout does not decide on it, whoever made it', async () => {
    const finance = await t.signIn('finance');
    const id = await payout(finance);
    t.clock.advance(1000);
    // Made by admin2, who has nothing to do with the payout's creator.
    const late = await account(await t.signIn('admin2'), 'finance', admin);
    const problem = await refusedAs(await approve(late.client, id), 'not_second_person');
    expect(problem.detail).toContain('created after this payout');
    await finance(`/api/payouts/${id}/cancel`, { method: 'POST', json: {} });
  });

  it('an account made seconds earlier approves neither its maker’s batch nor its maker’s bank-detail change', async () => {
    const sock = await account(admin, 'finance');
    t.clock.advance(1000);
    // The batch: uploaded, validated and submitted by the admin; above the threshold.
    const up = await uploadBatch(
      admin,
      batchCsv([1, 2].map((n) => northwindBankRow(n, { amount: '150.20' }))),
      `sod-${kind}.csv`,
    );
    expect(up.status).toBe(201);
    const batch = await readJson(up);
    expect(
      (
        await admin(`/api/batches/${batch.id}/validate`, {
          method: 'POST',
          json: { exclude_invalid: false },
        })
      ).status,
    ).toBe(200);
    const submitted = await readJson(
      await admin(`/api/batches/${batch.id}/submit`, { method: 'POST', json: {} }),
    );
    expect(submitted.status).toBe('awaiting_approval');
    // The page tells the made account why it cannot decide.
    const seen = await readJson(await sock.client(`/api/batches/${batch.id}`));
    expect(seen).toMatchObject({ can_decide: false });
    expect(seen.cannot_decide_reason).toContain('do not count as a second person');
    await refusedAs(
      await sock.client(`/api/batches/${batch.id}/approve`, { method: 'POST', json: {} }),
      'approval_cooldown',
    );

    // The bank-detail change: proposed by the admin on a beneficiary finance made.
    const finance = await t.signIn('finance');
    const made = await readJson(
      await finance('/api/beneficiaries', { method: 'POST', json: bankBeneficiary() }),
    );
    const changed = await admin(`/api/beneficiaries/${made.id}`, {
      method: 'PATCH',
      json: { details: { ...bankBeneficiary().details, bankAccountNumber: 'BE58001234565779' } },
    });
    expect(changed.status).toBe(200);
    const pending = (await readJson(changed)).pending_change;
    expect(pending?.id).toBeDefined();
    await refusedAs(
      await sock.client(`/api/beneficiaries/${made.id}/changes/${pending.id}/approve`, {
        method: 'POST',
        json: {},
      }),
      'approval_cooldown',
    );
    // A day later the made account counts as a second person.
    t.clock.advance(25 * HOUR);
    const later = await t.signInAs(sock.email, 'a-made-account-password');
    expect(
      (
        await later(`/api/beneficiaries/${made.id}/changes/${pending.id}/approve`, {
          method: 'POST',
          json: {},
        })
      ).status,
    ).toBe(200);
    expect(
      (await later(`/api/batches/${batch.id}/approve`, { method: 'POST', json: {} })).status,
    ).toBe(200);
  });
});
