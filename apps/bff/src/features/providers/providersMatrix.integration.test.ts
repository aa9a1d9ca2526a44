import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readJson, startTestApp, type TestApp } from '../../testing/testApp.js';
import {
  openTestDatabase,
  appTestDatabaseKinds,
  type TestDatabase,
} from '../../testing/testDatabase.js';

interface Cell {
  psp: string;
  payout_method_type: string;
  status: string;
  likely_cause: string | null;
  fields: { name: string }[];
}

describe.each(appTestDatabaseKinds)('providers matrix (%s)', (kind) => {
  let database: TestDatabase;
  let t: TestApp;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    t = await startTestApp({ database });
  });
  afterAll(async () => {
    await t?.close();
    await database?.close();
  });

  it('is for support and admin only', async () => {
    expect((await t.api('/api/providers/matrix')).status).toBe(401);
    const finance = await t.signIn('finance');
    expect((await finance('/api/providers/matrix')).status).toBe(403);
    const support = await t.signIn('support');
    expect((await support('/api/providers/matrix')).status).toBe(200);
  });

  it('has one cell per known PSP and type per corridor, with fields or a likely cause', async () => {
    const admin = await t.signIn('admin');
    const res = await admin('/api/providers/matrix');
    expect(res.status).toBe(200);
    const matrix = await readJson(res);
    const known = t.sandbox.config.psps.map((p) => ({ name: p.name, title: p.title }));
    expect(matrix.psps).toEqual(known);
    expect(matrix.payout_method_types).toEqual(['credit_card', 'bank_account', 'crypto']);
    expect(matrix.corridors.map((c: { country: string }) => c.country)).toEqual(['BE', 'US']);
    const be = matrix.corridors[0];
    expect(be).toMatchObject({ currency: 'EUR', fetched_at: t.clock.now().toISOString() });
    expect(be.cells).toHaveLength(known.length * 3);
    const cell = (psp: string, type: string): Cell =>
      be.cells.find((c: Cell) => c.psp === psp && c.payout_method_type === type);

    const enabled = cell('northwind_pay', 'bank_account');
    expect(enabled).toMatchObject({ status: 'enabled', likely_cause: null, cause: null });
    expect(enabled.fields.map((f) => f.name)).toContain('bankAccountNumber');

    // Listed for another type in this corridor: the type switch is the likely cause.
    expect(cell('northwind_pay', 'crypto')).toEqual({
      psp: 'northwind_pay',
      payout_method_type: 'crypto',
      status: 'missing',
      likely_cause: 'Its “Crypto wallet” payout type is not enabled in its credentials for BE/EUR.',
      cause: 'type_not_enabled',
      fields: [],
    });
    // Its Payouts feature is off (the sandbox's atlas_remit): the metadata lists it nowhere.
    expect(cell('atlas_remit', 'bank_account')).toMatchObject({
      status: 'missing',
      cause: 'payouts_off',
      likely_cause:
        'Listed for no corridor: its “Payouts” feature is likely not enabled in its credentials.',
      fields: [],
    });
  });

  it('serves from the cache until refresh=1 asks the orchestrator again', async () => {
    const admin = await t.signIn('admin');
    const first = await readJson(await admin('/api/providers/matrix'));
    t.clock.advance(10_000);
    const cached = await readJson(await admin('/api/providers/matrix'));
    expect(cached.corridors[0].fetched_at).toBe(first.corridors[0].fetched_at);
    const fresh = await readJson(await admin('/api/providers/matrix?refresh=1'));
    expect(fresh.corridors[0].fetched_at).toBe(t.clock.now().toISOString());
    expect((await admin('/api/providers/matrix?refresh=yes')).status).toBe(422);
  });

  it('keeps each corridor’s metadata as a version when it changes, and says what changed', async () => {
    const admin = await t.signIn('admin');
    const before = await readJson(await admin('/api/providers/matrix?refresh=1'));
    const version = before.corridors[0].metadata_version.version as number;
    // Nothing changed: no new version, however often it is read.
    const again = await readJson(await admin('/api/providers/matrix?refresh=1'));
    expect(again.corridors[0].metadata_version.version).toBe(version);
    // The PSP's set-up changes at the orchestrator: its card payouts are switched off, and a
    // bank field appears.
    const northwind = t.sandbox.config.psps.find((p) => p.name === 'northwind_pay')!;
    const saved = structuredClone(northwind);
    northwind.types.credit_card = false;
    northwind.fields.bank_account = [
      ...(northwind.fields.bank_account ?? []),
      { name: 'bankBranch', title: 'Branch' },
    ];
    try {
      const after = await readJson(await admin('/api/providers/matrix?refresh=1'));
      const be = after.corridors[0];
      expect(be.metadata_version.version).toBe(version + 1);
      expect(be.metadata_version.changes).toEqual([
        { kind: 'psp_removed', psp: 'northwind_pay', payout_method_type: 'credit_card' },
        {
          kind: 'field_added',
          psp: 'northwind_pay',
          payout_method_type: 'bank_account',
          field: 'bankBranch',
        },
      ]);
    } finally {
      Object.assign(northwind, saved);
    }
  });
});

describe('providers matrix with KNOWN_PSPS configured', () => {
  let database: TestDatabase;
  let t: TestApp;

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    t = await startTestApp({
      database,
      env: { KNOWN_PSPS: 'atlas_remit:Atlas Remit,ghost_psp:Ghost PSP' },
      corridors: [{ country: 'BE', currency: 'EUR' }],
    });
  });
  afterAll(async () => {
    await t?.close();
    await database?.close();
  });

  it('lists the configured PSPs first, then any PSP the orchestrator lists besides', async () => {
    const admin = await t.signIn('admin');
    const matrix = await readJson(await admin('/api/providers/matrix'));
    expect(matrix.psps).toEqual([
      { name: 'atlas_remit', title: 'Atlas Remit' },
      { name: 'ghost_psp', title: 'Ghost PSP' },
      { name: 'northwind_pay', title: 'Northwind Pay' },
    ]);
    const ghost = matrix.corridors[0].cells.filter((c: Cell) => c.psp === 'ghost_psp');
    expect(ghost.map((c: Cell) => c.status)).toEqual(['missing', 'missing', 'missing']);
  });
});
