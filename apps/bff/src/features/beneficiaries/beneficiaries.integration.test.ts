import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../shared/AppError.js';
import { readJson, startTestApp, type ApiFetch, type TestApp } from '../../testing/testApp.js';
import { TEST_CARD_METADATA } from '../../testing/testCardMetadata.js';
import { bankBeneficiary, IBAN } from '../../testing/bankBeneficiary.js';
import { belgianIban } from '@payouts/contracts/testing';
import {
  openTestDatabase,
  appTestDatabaseKinds,
  type TestDatabase,
} from '../../testing/testDatabase.js';

const IBAN_2 = 'BE71096123456769';
const IBAN_3 = 'BE62510007547061';
const WALLET = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';

describe.each(appTestDatabaseKinds)('beneficiaries (%s)', (kind) => {
  let database: TestDatabase;
  let t: TestApp;
  let finance: ApiFetch;
  let finance2: ApiFetch;
  let support: ApiFetch;
  let admin: ApiFetch;

  const create = (client: ApiFetch, body: unknown) =>
    client('/api/beneficiaries', { method: 'POST', json: body });
  const patch = (client: ApiFetch, id: string, body: unknown) =>
    client(`/api/beneficiaries/${id}`, { method: 'PATCH', json: body });
  const decide = (client: ApiFetch, id: string, changeId: string, what: string, body = {}) =>
    client(`/api/beneficiaries/${id}/changes/${changeId}/${what}`, { method: 'POST', json: body });
  const rows = async (query: string) => {
    // Both drivers answer `{ rows }`; the union of their result types does not say so.
    const result: unknown = await t.db.execute(sql.raw(query));
    return (result as { rows: Record<string, unknown>[] }).rows;
  };

  async function created(body: unknown) {
    const res = await create(finance, body);
    expect(res.status, JSON.stringify(await res.clone().json())).toBe(201);
    return readJson(res);
  }

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    t = await startTestApp({
      database,
      corridors: [
        { country: 'BE', currency: 'EUR' },
        { country: 'US', currency: 'USD' },
        { country: 'DE', currency: 'BTC' },
      ],
    });
    finance = await t.signIn('finance');
    finance2 = await t.signIn('finance2');
    support = await t.signIn('support');
    admin = await t.signIn('admin');
  });
  afterAll(async () => {
    await t?.close();
    await database?.close();
  });

  it('creates a bank beneficiary, shown masked, sealed in the database, audited and on its timeline', async () => {
    const body = bankBeneficiary({}, { bankAccountNumber: 'be68 5390 0754 7034' });
    const dto = await created(body);
    expect(dto).toMatchObject({
      display_name: body.display_name,
      reference: body.reference,
      email: 'pay@acme.example',
      country: 'BE',
      currency: 'EUR',
      state: null,
      payout_method_type: 'bank_account',
      provider: 'northwind_pay',
      provider_title: 'Northwind Pay',
      status: 'active',
      card_fields_required: false,
      unusable_reason: null,
      pending_change: null,
      payouts_count: 0,
      last_paid_at: null,
      created_by: { email: 'finance@example.com' },
    });
    expect(dto.details).toMatchObject({
      bankAccountNumber: 'BE68****7034',
      bankCode: 'GKCCBEBB',
      bankAccountName: 'Acme Supplies BV',
    });

    const detail = await readJson(await support(`/api/beneficiaries/${dto.id}`));
    expect(detail.beneficiary).toEqual(dto);
    expect(detail.events.map((e: { type: string }) => e.type)).toEqual(['created']);
    expect(detail.changes).toEqual([]);

    const audit = await rows(
      `select action, target_id, actor_email from audit_log where target_type = 'beneficiary' and target_id = '${dto.id}'`,
    );
    expect(audit).toEqual([
      { action: 'beneficiary.create', target_id: dto.id, actor_email: 'finance@example.com' },
    ]);

    // The port unseals exactly what was typed (tidied as a payout's metadata is).
    const forPayout = await t.beneficiaryPayouts.forPayout(dto.id);
    expect(forPayout).toMatchObject({
      id: dto.id,
      country: 'BE',
      currency: 'EUR',
      provider: 'northwind_pay',
      payoutMethodType: 'bank_account',
      cardFieldsRequired: false,
    });
    expect(String(forPayout.details.bankAccountNumber).replace(/\s/g, '').toUpperCase()).toBe(IBAN);
  });

  it('lets support read but not write; anonymous gets 401', async () => {
    expect((await t.api('/api/beneficiaries')).status).toBe(401);
    expect((await support('/api/beneficiaries')).status).toBe(200);
    const refused = await create(support, bankBeneficiary({}, { bankAccountNumber: IBAN_3 }));
    expect(refused.status).toBe(403);
    expect((await readJson(refused)).code).toBe('forbidden');
    const [any] = (await readJson(await support('/api/beneficiaries'))).items;
    expect((await patch(support, any.id, { display_name: 'x' })).status).toBe(403);
    expect(
      (await support(`/api/beneficiaries/${any.id}/archive`, { method: 'POST', json: {} })).status,
    ).toBe(403);
    expect((await decide(support, any.id, any.id, 'approve')).status).toBe(403);
  });

  it('refuses bad details with pointers into /details, and writes nothing', async () => {
    const before = await rows('select count(*)::int as n from beneficiaries');
    const res = await create(
      finance,
      bankBeneficiary({}, { bankAccountNumber: '', unknownField: 'x' }),
    );
    expect(res.status).toBe(422);
    const problem = await readJson(res);
    const pointers = problem.errors.map((e: { pointer: string }) => e.pointer);
    expect(pointers).toContain('/details/bankAccountNumber');
    expect(pointers).toContain('/details/unknownField');
    const wrongPsp = await readJson(await create(finance, bankBeneficiary({ provider: 'nobody' })));
    expect(wrongPsp.errors.map((e: { pointer: string }) => e.pointer)).toContain('/provider');
    const extra = await readJson(await create(finance, { ...bankBeneficiary(), amount: '1.00' }));
    expect(extra.errors).toEqual([{ pointer: '/amount', message: 'Unknown field' }]);
    const corridor = await readJson(await create(finance, bankBeneficiary({ country: 'FR' })));
    expect(corridor.errors[0].pointer).toBe('/currency');
    expect(await rows('select count(*)::int as n from beneficiaries')).toEqual(before);
  });

  it('takes an invoice number as a reference; refuses a card number however it is pasted', async () => {
    // 13 digits passing the Luhn check, but starting with no card brand: an invoice number.
    const invoice = await created(
      bankBeneficiary({
        reference: `INV-1796356508483-${Date.now().toString(36)}`,
        allow_duplicate: true,
      }),
    );
    expect(invoice.reference).toMatch(/^INV-1796356508483-/);

    const before = await rows('select count(*)::int as n from beneficiaries');
    const message = 'Looks like a card number: card numbers go only in the card number field.';
    for (const pasted of [
      '4111\u200b1111\u200b1111\u200b1111', // zero-width spaces
      '４１１１ １１１１ １１１１ １１１１', // full-width digits
      'Acme4111111111111111', // glued to the name
      '4111.1111.1111.1111',
    ]) {
      const res = await create(finance, bankBeneficiary({ display_name: pasted }));
      expect(res.status, pasted).toBe(422);
      expect((await readJson(res)).errors).toEqual([{ pointer: '/display_name', message }]);
    }
    expect(await rows('select count(*)::int as n from beneficiaries')).toEqual(before);
  });

  it('warns of duplicates (409 naming them) until created anyway; references are unique', async () => {
    const first = await created(bankBeneficiary({}, { bankAccountNumber: IBAN_2 }));
    // Same account typed differently: same fingerprint.
    const dup = await create(
      finance,
      bankBeneficiary({}, { bankAccountNumber: 'be71 0961 2345 6769', bankCode: 'gkccbebb' }),
    );
    expect(dup.status).toBe(409);
    const problem = await readJson(dup);
    expect(problem.code).toBe('beneficiary_duplicate');
    expect(problem.duplicates).toEqual([
      { id: first.id, display_name: first.display_name, reference: first.reference },
    ]);
    const anyway = await create(
      finance,
      bankBeneficiary({ allow_duplicate: true }, { bankAccountNumber: IBAN_2 }),
    );
    expect(anyway.status).toBe(201);

    const taken = await create(
      finance,
      bankBeneficiary({ reference: first.reference }, { bankAccountNumber: 'BE43068999999501' }),
    );
    expect(taken.status).toBe(409);
    expect(await readJson(taken)).toMatchObject({
      code: 'conflict',
      errors: [{ pointer: '/reference' }],
    });
  });

  it('keeps no card number: a card beneficiary without a token types the card again', async () => {
    const wrongSection = await create(
      finance,
      bankBeneficiary({ payout_method_type: 'credit_card' }),
    );
    expect(wrongSection.status).toBe(422);
    const card = await created({
      ...bankBeneficiary({ payout_method_type: 'credit_card' }),
      details: TEST_CARD_METADATA,
    });
    expect(card.card_fields_required).toBe(true);
    expect(Object.keys(card.details)).not.toContain('creditCardNumber');
    expect(Object.keys(card.details)).not.toContain('expiryMonth');
    const forPayout = await t.beneficiaryPayouts.forPayout(card.id);
    expect(forPayout.cardFieldsRequired).toBe(true);
    expect(Object.keys(forPayout.details)).not.toContain('creditCardNumber');
    // Without the card itself, a token is all a card beneficiary needs.
    const { creditCardNumber: _n, expiryMonth: _m, expiryYear: _y, ...noCard } = TEST_CARD_METADATA;
    const tokenOnly = await created({
      ...bankBeneficiary({ payout_method_type: 'credit_card' }),
      details: { ...noCard, creditCardToken: 'tok_saved_123456' },
    });
    expect(tokenOnly.card_fields_required).toBe(false);
    expect(tokenOnly.details.creditCardToken).toBe('********');
    expect((await t.beneficiaryPayouts.forPayout(tokenOnly.id)).details.creditCardToken).toBe(
      'tok_saved_123456',
    );
  });

  it('searches name, reference, e-mail and masked fragments; filters; pages by name', async () => {
    const wallet = await created({
      display_name: 'zeta Wallet Holder',
      reference: `W-${Date.now().toString(36)}`,
      email: null,
      country: 'DE',
      currency: 'BTC',
      state: null,
      payout_method_type: 'crypto',
      provider: 'coinbridge',
      details: {
        walletAddress: WALLET,
        customerFirstName: 'Zed',
        customerLastName: 'Ether',
        email: 'zed@example.com',
      },
    });
    expect(wallet.details.walletAddress).toBe('bc1qar…5mdq');
    const search = async (query: string) =>
      (await readJson(await support(`/api/beneficiaries?${query}`))).items.map(
        (b: { id: string }) => b.id,
      );
    expect(await search('q=5mdq')).toEqual([wallet.id]);
    expect(await search('q=BC1QAR')).toEqual([wallet.id]);
    expect(await search('q=ZETA%20wallet')).toEqual([wallet.id]);
    expect(await search(`q=${wallet.reference}`)).toEqual([wallet.id]);
    expect(await search('q=zed@example.com')).toEqual([wallet.id]);
    expect(await search('currency=BTC&payout_method_type=crypto&provider=coinbridge')).toEqual([
      wallet.id,
    ]);
    expect((await search('q=7034')).length).toBeGreaterThan(0);
    expect(await search('q=0754')).toEqual([]); // the middle of an IBAN is never stored

    // Pages of 2 by lower(display_name), id: every beneficiary once, in order.
    const seen: { id: string; display_name: string }[] = [];
    let cursor: string | null = null;
    do {
      const page = (await readJson(
        await support(`/api/beneficiaries?limit=2${cursor ? `&cursor=${cursor}` : ''}`),
      )) as { items: { id: string; display_name: string }[]; next_cursor: string | null };
      seen.push(...page.items);
      cursor = page.next_cursor;
    } while (cursor);
    const all = await rows(
      "select id from beneficiaries where status <> 'archived' order by lower(display_name), id",
    );
    expect(seen.map((b) => b.id)).toEqual(all.map((r) => r.id));

    const bad = await support('/api/beneficiaries?status=active,gone&limit=0&nope=1&cursor=xx');
    expect(bad.status).toBe(422);
    const pointers = (await readJson(bad)).errors.map((e: { pointer: string }) => e.pointer);
    expect(pointers).toEqual(expect.arrayContaining(['/status/1', '/limit', '/nope']));
    const forged = await support('/api/beneficiaries?cursor=bm90LWpzb24');
    expect(forged.status).toBe(422);
    expect((await readJson(forged)).errors).toEqual([
      { pointer: '/cursor', message: 'Invalid cursor' },
    ]);
  });

  it('applies an e-mail change at once; a name or details change once a second person approves it', async () => {
    const b = await created(bankBeneficiary({}, { bankAccountNumber: 'BE08001234568813' }));
    const emailed = await patch(finance, b.id, { email: null });
    expect(emailed.status).toBe(200);
    expect(await readJson(emailed)).toMatchObject({ email: null, status: 'active' });
    // The name people pay by waits for a second person (decision 042).
    const renaming = await readJson(await patch(finance, b.id, { display_name: 'Renamed BV' }));
    expect(renaming).toMatchObject({
      display_name: b.display_name,
      status: 'pending_change',
      pending_change: {
        diff: [{ field: 'display_name', from: b.display_name, to: 'Renamed BV' }],
      },
    });
    const renamed = await decide(finance2, b.id, renaming.pending_change.id, 'approve');
    expect(await readJson(renamed)).toMatchObject({
      display_name: 'Renamed BV',
      status: 'active',
      pending_change: null,
    });

    const proposed = await readJson(
      await patch(finance, b.id, {
        details: { ...bankBeneficiary().details, bankAccountNumber: 'BE58001234565779' },
      }),
    );
    expect(proposed.status).toBe('pending_change');
    expect(proposed.details.bankAccountNumber).toBe('BE08****8813');
    expect(proposed.pending_change).toMatchObject({
      status: 'pending',
      diff: [{ field: 'bankAccountNumber', from: 'BE08****8813', to: 'BE58****5779' }],
      proposed_by: { email: 'finance@example.com' },
    });
    const changeId = proposed.pending_change.id;
    // The old details stay in force.
    expect((await t.beneficiaryPayouts.forPayout(b.id)).details.bankAccountNumber).toBe(
      'BE08001234568813',
    );
    const detail = await readJson(await support(`/api/beneficiaries/${b.id}`));
    expect(detail.beneficiary.details.bankAccountNumber).toBe('BE08****8813');
    // One pending change at a time.
    const second = await patch(finance2, b.id, {
      details: { ...bankBeneficiary().details, bankAccountNumber: 'BE71001234564769' },
    });
    expect(second.status).toBe(409);

    const self = await decide(finance, b.id, changeId, 'approve');
    expect(self.status).toBe(403);
    expect((await readJson(self)).code).toBe('change_self_approval');
    expect((await t.beneficiaryPayouts.forPayout(b.id)).details.bankAccountNumber).toBe(
      'BE08001234568813',
    );

    const approved = await decide(finance2, b.id, changeId, 'approve');
    expect(approved.status).toBe(200);
    expect(await readJson(approved)).toMatchObject({
      status: 'active',
      pending_change: null,
      details: { bankAccountNumber: 'BE58****5779' },
    });
    expect((await t.beneficiaryPayouts.forPayout(b.id)).details.bankAccountNumber).toBe(
      'BE58001234565779',
    );
    expect((await decide(admin, b.id, changeId, 'approve')).status).toBe(409);

    const after = await readJson(await support(`/api/beneficiaries/${b.id}`));
    expect(after.events.map((e: { type: string }) => e.type)).toEqual([
      'created',
      'updated',
      'change_proposed',
      'change_approved',
      'change_proposed',
      'change_approved',
    ]);
    expect(after.changes).toHaveLength(2);
    expect(after.changes[0]).toMatchObject({
      status: 'approved',
      decided_by: { email: 'finance2@example.com' },
    });
    const actions = await rows(
      `select action from audit_log where target_id = '${b.id}' order by id`,
    );
    expect(actions.map((r) => r.action)).toEqual([
      'beneficiary.create',
      'beneficiary.update',
      'beneficiary.change_propose',
      'beneficiary.change_approve',
      'beneficiary.change_propose',
      'beneficiary.change_approve',
    ]);
    // The decided change keeps no sealed details.
    const change = await rows(
      `select details_sealed from beneficiary_changes where id = '${changeId}'`,
    );
    expect(change).toEqual([{ details_sealed: null }]);
  });

  it('holds a reference: the old one until its change is approved, the new one while it waits', async () => {
    // A colleague's supplier, and one's own payee.
    const theirs = await created(
      bankBeneficiary({ reference: `SUP-THEIRS-${kind}`, allow_duplicate: true }),
    );
    const mine = await created(
      bankBeneficiary({ reference: `SUP-MINE-${kind}`, allow_duplicate: true }),
    );
    // Moving the colleague's reference away waits; the reference stays theirs meanwhile.
    const moving = await readJson(
      await patch(finance, theirs.id, { reference: `SUP-THEIRS-OLD-${kind}` }),
    );
    expect(moving).toMatchObject({ reference: `SUP-THEIRS-${kind}`, status: 'pending_change' });
    const taking = await patch(finance, mine.id, { reference: `SUP-THEIRS-${kind}` });
    expect(taking.status).toBe(409);
    expect((await readJson(taking)).errors).toEqual([
      { pointer: '/reference', message: 'This reference is already used' },
    ]);
    // The reference asked for is held for that change: nobody creates or moves to it.
    const squatting = await create(
      finance2,
      bankBeneficiary({ reference: `SUP-THEIRS-OLD-${kind}`, allow_duplicate: true }),
    );
    expect(squatting.status).toBe(409);
    expect((await patch(finance2, mine.id, { reference: `SUP-THEIRS-OLD-${kind}` })).status).toBe(
      409,
    );
    // Approved by a second person: the old reference is free, and taking it waits in turn.
    const approved = await decide(finance2, theirs.id, moving.pending_change.id, 'approve');
    expect(await readJson(approved)).toMatchObject({ reference: `SUP-THEIRS-OLD-${kind}` });
    const nowTaking = await readJson(
      await patch(finance, mine.id, { reference: `SUP-THEIRS-${kind}` }),
    );
    expect(nowTaking).toMatchObject({ reference: `SUP-MINE-${kind}`, status: 'pending_change' });
    expect((await decide(finance, mine.id, nowTaking.pending_change.id, 'approve')).status).toBe(
      403,
    );
    const forPayout = await t.beneficiaryPayouts.forPayout(mine.id);
    expect(forPayout.id).toBe(mine.id);
    expect(await rows(`select reference from beneficiaries where id = '${mine.id}'`)).toEqual([
      { reference: `SUP-MINE-${kind}` },
    ]);
  });

  it('refuses a change to the same details, and a reference already taken, writing nothing', async () => {
    const a = await created(bankBeneficiary({}, { bankAccountNumber: 'BE49001234564971' }));
    const b = await created(bankBeneficiary({}, { bankAccountNumber: 'BE38001234565072' }));
    const count = async () =>
      rows(
        `select (select count(*)::int from beneficiary_events where beneficiary_id = '${b.id}') as events, (select count(*)::int from beneficiary_changes where beneficiary_id = '${b.id}') as changes, (select count(*)::int from audit_log where target_id = '${b.id}') as audit`,
      );
    const before = await count();
    const same = await patch(finance, b.id, {
      details: { ...bankBeneficiary().details, bankAccountNumber: 'BE38001234565072' },
    });
    expect(same.status).toBe(422);
    expect((await readJson(same)).errors).toEqual([
      { pointer: '/details', message: 'Nothing to change' },
    ]);
    const taken = await patch(finance, b.id, { reference: a.reference });
    expect(taken.status).toBe(409);
    expect((await readJson(taken)).errors[0].pointer).toBe('/reference');
    const invalid = await patch(finance, b.id, { details: { bankAccountNumber: '' } });
    expect(invalid.status).toBe(422);
    expect(await count()).toEqual(before);
    expect((await readJson(await support(`/api/beneficiaries/${b.id}`))).beneficiary.status).toBe(
      'active',
    );
  });

  it('rejecting needs a reason; the old details stay', async () => {
    const b = await created(bankBeneficiary({}, { bankAccountNumber: 'BE28001234569520' }));
    const proposed = await readJson(
      await patch(finance, b.id, {
        details: { ...bankBeneficiary().details, bankAccountNumber: 'BE13001234561739' },
      }),
    );
    const changeId = proposed.pending_change.id;
    const noReason = await decide(finance2, b.id, changeId, 'reject', {});
    expect(noReason.status).toBe(422);
    expect((await readJson(noReason)).errors[0].pointer).toBe('/reason');
    const blank = await decide(finance2, b.id, changeId, 'reject', { reason: '   ' });
    expect(blank.status).toBe(422);
    const rejected = await decide(finance2, b.id, changeId, 'reject', {
      reason: 'Not confirmed by phone',
    });
    expect(rejected.status).toBe(200);
    expect(await readJson(rejected)).toMatchObject({
      status: 'active',
      pending_change: null,
      details: { bankAccountNumber: 'BE28****9520' },
    });
    const detail = await readJson(await support(`/api/beneficiaries/${b.id}`));
    expect(detail.changes[0]).toMatchObject({
      status: 'rejected',
      reason: 'Not confirmed by phone',
    });
    expect(
      (
        await decide(finance2, b.id, '00000000-0000-4000-8000-000000000000', 'reject', {
          reason: 'x',
        })
      ).status,
    ).toBe(404);
  });

  it('keeps a consistent state when an approval and an edit race', async () => {
    for (let round = 0; round < 4; round += 1) {
      const b = await created(
        bankBeneficiary({}, { bankAccountNumber: belgianIban(1_000_000 + round) }),
      );
      const proposed = await readJson(
        await patch(finance, b.id, {
          details: {
            ...bankBeneficiary().details,
            bankAccountNumber: belgianIban(2_000_000 + round),
          },
        }),
      );
      const changeId = proposed.pending_change.id;
      const [approve, edit, rename] = await Promise.all([
        decide(finance2, b.id, changeId, 'approve'),
        patch(admin, b.id, {
          details: {
            ...bankBeneficiary().details,
            bankAccountNumber: belgianIban(3_000_000 + round),
          },
        }),
        // The e-mail is the one field that applies at once.
        patch(finance2, b.id, { email: `raced-${round}@acme.example` }),
      ]);
      expect(approve.status).toBe(200);
      expect([200, 409]).toContain(edit.status);
      expect(rename.status).toBe(200);
      const [row] = await rows(`select status, email from beneficiaries where id = '${b.id}'`);
      const pending = await rows(
        `select id from beneficiary_changes where beneficiary_id = '${b.id}' and status = 'pending'`,
      );
      // pending_change exactly when one change awaits a decision; the approved details are in force.
      expect(row!.status).toBe(pending.length === 1 ? 'pending_change' : 'active');
      expect(pending.length).toBe(edit.status === 200 ? 1 : 0);
      expect(row!.email).toBe(`raced-${round}@acme.example`);
      expect((await t.beneficiaryPayouts.forPayout(b.id)).details.bankAccountNumber).toBe(
        belgianIban(2_000_000 + round),
      );
    }
  });

  it('archives (closing a pending change): not payable, not editable, out of the default list', async () => {
    const b = await created(bankBeneficiary({}, { bankAccountNumber: 'BE82001234564668' }));
    const proposed = await readJson(
      await patch(finance, b.id, {
        details: { ...bankBeneficiary().details, bankAccountNumber: 'BE67001234566587' },
      }),
    );
    const archived = await finance(`/api/beneficiaries/${b.id}/archive`, {
      method: 'POST',
      json: {},
    });
    expect(archived.status).toBe(200);
    expect(await readJson(archived)).toMatchObject({ status: 'archived', pending_change: null });
    const detail = await readJson(await support(`/api/beneficiaries/${b.id}`));
    expect(detail.changes[0]).toMatchObject({ id: proposed.pending_change.id, status: 'rejected' });
    expect(detail.events.map((e: { type: string }) => e.type).slice(-2)).toEqual([
      'change_rejected',
      'archived',
    ]);
    await expect(t.beneficiaryPayouts.forPayout(b.id)).rejects.toMatchObject({ code: 'conflict' });
    expect((await patch(finance, b.id, { display_name: 'x' })).status).toBe(409);
    expect((await decide(finance2, b.id, proposed.pending_change.id, 'approve')).status).toBe(409);
    const listed = (await readJson(await support('/api/beneficiaries?limit=100'))).items;
    expect(listed.map((x: { id: string }) => x.id)).not.toContain(b.id);
    const archivedList = (await readJson(await support('/api/beneficiaries?status=archived')))
      .items;
    expect(archivedList.map((x: { id: string }) => x.id)).toContain(b.id);
    // An archived payee's account is no longer a duplicate.
    expect(
      (await create(finance, bankBeneficiary({}, { bankAccountNumber: 'BE82001234564668' })))
        .status,
    ).toBe(201);
    await expect(
      t.beneficiaryPayouts.forPayout('00000000-0000-4000-8000-000000000000'),
    ).rejects.toBeInstanceOf(AppError);
  });

  it('is unusable, with the reason, once its PSP switches the type off in the sandbox', async () => {
    const b = await created(bankBeneficiary({}, { bankAccountNumber: 'BE53001234563153' }));
    const psp = t.sandbox.config.psps.find((p) => p.name === 'northwind_pay')!;
    psp.types.bank_account = false;
    try {
      // The providers cache is refreshed as the matrix's refresh does it.
      expect((await admin('/api/providers?country=BE&currency=EUR&refresh=1')).status).toBe(200);
      const dto = (await readJson(await support(`/api/beneficiaries/${b.id}`))).beneficiary;
      expect(dto.unusable_reason).toBe(
        'Northwind Pay no longer offers bank account payouts for BE/EUR. Its “Bank account” payout type is not enabled in its credentials for BE/EUR.',
      );
      const listed = (await readJson(await support(`/api/beneficiaries?q=${b.reference}`))).items;
      expect(listed[0].unusable_reason).toBe(dto.unusable_reason);
      await expect(t.beneficiaryPayouts.forPayout(b.id)).rejects.toMatchObject({
        code: 'validation_failed',
        errors: [{ pointer: '/beneficiary_id', message: dto.unusable_reason }],
      });
    } finally {
      psp.types.bank_account = true;
      await admin('/api/providers?country=BE&currency=EUR&refresh=1');
    }
    expect(
      (await readJson(await support(`/api/beneficiaries/${b.id}`))).beneficiary.unusable_reason,
    ).toBeNull();
  });

  it("is flagged with the field once its PSP's form changes under its saved details", async () => {
    const b = await created(bankBeneficiary({}, { bankAccountNumber: 'BE09001234563557' }));
    const psp = t.sandbox.config.psps.find((p) => p.name === 'northwind_pay')!;
    const fields = psp.fields.bank_account!;
    // The PSP now asks for the account name to be at most 5 characters (a hint the form keeps).
    const saved = structuredClone(fields);
    const name = fields.find((f) => f.name === 'bankAccountName')!;
    name.max_length = 5;
    try {
      expect((await admin('/api/providers?country=BE&currency=EUR&refresh=1')).status).toBe(200);
      const dto = (await readJson(await support(`/api/beneficiaries/${b.id}`))).beneficiary;
      expect(dto.unusable_reason).toMatch(
        /^Its saved details no longer pass Northwind Pay’s current form for BE\/EUR \(bankAccountName: .+\): change them before paying\.$/,
      );
      await expect(t.beneficiaryPayouts.forPayout(b.id)).rejects.toMatchObject({
        code: 'validation_failed',
      });
    } finally {
      psp.fields.bank_account = saved;
      await admin('/api/providers?country=BE&currency=EUR&refresh=1');
    }
    expect(
      (await readJson(await support(`/api/beneficiaries/${b.id}`))).beneficiary.unusable_reason,
    ).toBeNull();
  });

  it('stores no full account number, wallet address or card number outside the sealed column', async () => {
    const secrets = [
      IBAN,
      IBAN_2,
      'BE58001234565779',
      'BE08001234568813',
      WALLET,
      '4111111111111111',
      'tok_saved_123456',
    ];
    for (const table of [
      'beneficiaries',
      'beneficiary_changes',
      'beneficiary_events',
      'audit_log',
    ]) {
      const all = await rows(`select * from ${table}`);
      expect(all.length).toBeGreaterThan(0);
      for (const row of all) {
        for (const [column, value] of Object.entries(row)) {
          const text = JSON.stringify(value ?? null)
            .replace(/[\s-]/g, '')
            .toUpperCase();
          for (const secret of secrets) {
            expect(
              text.includes(secret.toUpperCase()),
              `${table}.${column} holds ${secret.slice(0, 4)}…`,
            ).toBe(false);
          }
        }
      }
    }
    const sealed = await rows('select details_sealed from beneficiaries');
    for (const { details_sealed } of sealed) expect(String(details_sealed)).toMatch(/^v2\./);
  });
});
