/* eslint-disable @typescript-eslint/no-explicit-any -- replies are untyped JSON, checked field by field */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bankBeneficiary } from '../../testing/bankBeneficiary.js';
import { batchCsv, northwindBankRow, uploadBatch } from '../../testing/batchFiles.js';
import { readJson, startTestApp, type ApiFetch, type TestApp } from '../../testing/testApp.js';
import {
  appTestDatabaseKinds,
  openTestDatabase,
  type TestDatabase,
} from '../../testing/testDatabase.js';

/**
 * Decision 041: when the orchestrator changes a corridor's form, admins hear of it in the bell,
 * and what was saved against the old form (batches not yet submitted, beneficiaries) is flagged
 * with the field before anyone pays with it.
 */
describe.each(appTestDatabaseKinds)('metadata drift (%s)', (kind) => {
  let database: TestDatabase;
  let t: TestApp;
  let admin: ApiFetch;
  let admin2: ApiFetch;
  let finance: ApiFetch;
  let restore: () => void = () => {};

  const refresh = async () => {
    // The bell lists newest first: each version a second apart.
    t.clock.advance(1_000);
    const res = await admin('/api/providers/matrix?refresh=1');
    expect(res.status).toBe(200);
    return readJson(res);
  };
  const bell = async (client: ApiFetch) =>
    (await readJson(await client('/api/me/notifications'))).items.filter(
      (n: any) => n.kind === 'metadata_changed',
    );
  const batchOf = async (id: string) => readJson(await finance(`/api/batches/${id}`));
  const rowsOf = async (id: string) =>
    (await readJson(await finance(`/api/batches/${id}/rows?filter=all`))).rows;
  /** Changes Northwind Pay's BE/EUR set-up at the sandbox until the test ends. */
  function changeNorthwind(change: (psp: (typeof t.sandbox.config.psps)[number]) => void) {
    const psp = t.sandbox.config.psps.find((p) => p.name === 'northwind_pay')!;
    const saved = structuredClone(psp);
    change(psp);
    restore = () => Object.assign(psp, saved);
  }

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    t = await startTestApp({ database, corridors: [{ country: 'BE', currency: 'EUR' }] });
    [admin, admin2, finance] = await Promise.all([
      t.signIn('admin'),
      t.signIn('admin2'),
      t.signIn('finance'),
    ]);
    await refresh();
  });
  afterEach(async () => {
    restore();
    restore = () => {};
    // Back to the sandbox's own form: a version of its own, which tells admins too.
    await refresh();
  });
  afterAll(async () => {
    await t?.close();
    await database?.close();
  });

  it('flags draft and validated batches and beneficiaries with the new field, and tells every admin', async () => {
    const draft = await readJson(
      await uploadBatch(
        finance,
        batchCsv([1, 2].map((n) => northwindBankRow(n, { amount: `${n}.20` }))),
        `drift-draft-${kind}.csv`,
      ),
    );
    const validated = await readJson(
      await uploadBatch(
        finance,
        batchCsv([3, 4, 5].map((n) => northwindBankRow(n, { amount: `${n}.20` }))),
        `drift-validated-${kind}.csv`,
      ),
    );
    const v = await finance(`/api/batches/${validated.id}/validate`, {
      method: 'POST',
      json: { exclude_invalid: false },
    });
    expect(v.status).toBe(200);
    const payee = await readJson(
      await finance('/api/beneficiaries', { method: 'POST', json: bankBeneficiary() }),
    );
    expect(payee.unusable_reason).toBeNull();
    const before = await bell(admin);

    changeNorthwind((psp) => {
      psp.fields.bank_account = [
        ...(psp.fields.bank_account ?? []),
        { name: 'bankBranch', title: 'Branch code', required: true },
      ];
    });
    const matrix = await refresh();
    expect(matrix.corridors[0].metadata_version.changes).toEqual([
      {
        kind: 'field_added',
        psp: 'northwind_pay',
        payout_method_type: 'bank_account',
        field: 'bankBranch',
      },
    ]);

    // The draft: both rows fail on the new field, the grid shows its column.
    const d = await batchOf(draft.id);
    expect(d).toMatchObject({
      status: 'draft',
      form_changed: { rows: 2, withdrawn: false },
      counts: { invalid: 2, valid: 0 },
    });
    expect(d.columns.map((c: { name: string }) => c.name)).toContain('bankBranch');
    for (const row of await rowsOf(draft.id)) {
      expect(row.state).toBe('invalid');
      expect(row.errors).toEqual([{ column: 'bankBranch', message: expect.any(String) }]);
    }
    // The validated batch goes back to draft: nobody submits it on the old form.
    expect(await batchOf(validated.id)).toMatchObject({
      status: 'draft',
      summary: null,
      form_changed: { rows: 3, withdrawn: false },
    });
    expect(
      (
        await finance(`/api/batches/${validated.id}/submit`, {
          method: 'POST',
          json: {},
        })
      ).status,
    ).toBe(409);
    // The beneficiary says which field, at read time.
    const read = await readJson(await finance(`/api/beneficiaries/${payee.id}`));
    expect(read.beneficiary.unusable_reason).toContain('bankBranch');

    // Every admin hears of it once; finance does not.
    for (const client of [admin, admin2]) {
      const items = await bell(client);
      expect(items).toHaveLength(before.length + 1);
      expect(items[0]).toMatchObject({
        title: 'The orchestrator changed the payout form for BE/EUR',
        link_path: '/providers',
        read_at: null,
      });
      expect(items[0].body).toContain('“bankBranch” appeared');
      expect(items[0].body).toMatch(/1 saved beneficiary and 5 rows of 2 unsubmitted batches/);
    }
    expect(await bell(finance)).toEqual([]);
    // Read again: the same version, nothing new.
    await refresh();
    expect(await bell(admin)).toHaveLength(before.length + 1);

    // Fixing the cell and validating clears the flag.
    for (const row of [1, 2]) {
      const fixed = await finance(`/api/batches/${draft.id}/rows/${row}`, {
        method: 'PATCH',
        json: { cells: { bankBranch: '001' } },
      });
      expect(fixed.status).toBe(200);
      expect((await readJson(fixed)).state).toBe('valid');
    }
    const again = await finance(`/api/batches/${draft.id}/validate`, {
      method: 'POST',
      json: { exclude_invalid: false },
    });
    expect(again.status).toBe(200);
    expect(await readJson(again)).toMatchObject({ status: 'validated', form_changed: null });
    await finance(`/api/batches/${draft.id}/cancel`, { method: 'POST', json: {} });
    await finance(`/api/batches/${validated.id}/cancel`, { method: 'POST', json: {} });
  });

  it('flags every row when the PSP leaves the corridor’s payout type, and leaves sent batches alone', async () => {
    const draft = await readJson(
      await uploadBatch(
        finance,
        batchCsv([6].map((n) => northwindBankRow(n, { amount: `${n}.20` }))),
        `drift-withdrawn-${kind}.csv`,
      ),
    );
    changeNorthwind((psp) => {
      psp.types.bank_account = false;
    });
    await refresh();
    const d = await batchOf(draft.id);
    expect(d).toMatchObject({ status: 'draft', form_changed: { rows: 1, withdrawn: true } });
    const [row] = await rowsOf(draft.id);
    expect(row.errors).toEqual([
      {
        column: null,
        message: expect.stringMatching(
          /^northwind_pay no longer offers bank account payouts to BE/,
        ),
      },
    ]);
    const [latest] = await bell(admin);
    expect(latest.body).toContain('1 row of 1 unsubmitted batch');
    // The audit trail says the system changed it, and why.
    const audit = await readJson(await admin('/api/audit?what=batch.form_changed'));
    expect(audit.items[0]).toMatchObject({
      action: 'batch.form_changed',
      actor: null,
      target: { type: 'batch', id: draft.id },
      data: { rows_now_invalid: 1, withdrawn: true, was: 'draft' },
    });
    await finance(`/api/batches/${draft.id}/cancel`, { method: 'POST', json: {} });
  });
});
