import { randomUUID } from 'node:crypto';
import {
  PAYOUT_VIEWS_MAX_PER_USER,
  type PayoutViewListDto,
  type PayoutViewState,
} from '@payouts/contracts';
import { and, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, payoutViews, payouts, users } from '../../db/schema.js';
import { TEST_CARD_METADATA } from '../../testing/testCardMetadata.js';
import { readJson, startTestApp, type ApiFetch, type TestApp } from '../../testing/testApp.js';
import {
  openTestDatabase,
  appTestDatabaseKinds,
  type TestDatabase,
} from '../../testing/testDatabase.js';

const STATE: PayoutViewState = {
  filters: { status: 'declined,failed', currency: 'EUR' },
  range: { relative: 'last7' },
  sort: 'created_at',
  order: 'desc',
  columns: ['created_at', 'order_id', 'amount', 'status', 'decline_reason'],
  density: 'compact',
};
const NO_SUCH_VIEW = '00000000-0000-4000-8000-0000000000aa';
const OTHER_PASSWORD = 'another-password-123';

describe.each(appTestDatabaseKinds)('saved payout views (%s)', (kind) => {
  let database: TestDatabase;
  let t: TestApp;
  let finance: ApiFetch;
  let finance2: ApiFetch;
  let admin: ApiFetch;
  let support: ApiFetch;
  let ids: Record<'finance' | 'finance2' | 'admin' | 'support', string>;

  const create = (as: ApiFetch, json: unknown) => as('/api/payout-views', { method: 'POST', json });
  const created = async (as: ApiFetch, name: string, extra: Record<string, unknown> = {}) => {
    const res = await create(as, { name, state: STATE, ...extra });
    expect(res.status, name).toBe(201);
    return readJson(res);
  };
  const patch = (as: ApiFetch, id: string, json: unknown) =>
    as(`/api/payout-views/${id}`, { method: 'PATCH', json });
  const remove = (as: ApiFetch, id: string) => as(`/api/payout-views/${id}`, { method: 'DELETE' });
  const setDefault = (as: ApiFetch, viewId: string | null) =>
    as('/api/payout-views/default', { method: 'PUT', json: { view_id: viewId } });
  const list = async (as: ApiFetch): Promise<PayoutViewListDto> => {
    const res = await as('/api/payout-views');
    expect(res.status).toBe(200);
    return readJson(res);
  };
  const viewCount = async (ownerId?: string) => {
    const [row] = await t.db
      .select({ n: count() })
      .from(payoutViews)
      .where(ownerId ? eq(payoutViews.ownerId, ownerId) : undefined);
    return Number(row?.n);
  };
  const snapshot = async () => ({
    views: await t.db.select().from(payoutViews).orderBy(payoutViews.id),
    defaults: await t.db
      .select({ id: users.id, d: users.defaultPayoutViewId })
      .from(users)
      .orderBy(users.id),
    audit: Number((await t.db.select({ n: count() }).from(auditLog))[0]?.n),
  });
  const auditOf = (action: string, targetId: string) =>
    t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.targetId, targetId)));
  const problem = async (res: Response, status: number, code: string) => {
    expect(res.status).toBe(status);
    expect(res.headers.get('content-type')).toMatch(/problem\+json/);
    const body = await readJson(res);
    expect(body.code).toBe(code);
    return body;
  };

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    t = await startTestApp({ database });
    [finance, finance2, admin, support] = await Promise.all([
      t.signIn('finance'),
      t.signIn('finance2'),
      t.signIn('admin'),
      t.signIn('support'),
    ]);
    const who = async (as: ApiFetch) => (await readJson(await as('/api/session'))).user.id;
    ids = {
      finance: await who(finance),
      finance2: await who(finance2),
      admin: await who(admin),
      support: await who(support),
    };
  });
  afterAll(async () => {
    await t?.close();
    await database?.close();
  });

  it('creates, lists, renames, changes and deletes one’s own view', async () => {
    const view = await created(finance, '  Declined this week  ');
    expect(view).toMatchObject({
      name: 'Declined this week',
      state: STATE,
      shared: false,
      owner: { id: ids.finance, email: expect.stringContaining('@') },
      mine: true,
      is_default: false,
      created_at: t.clock.now().toISOString(),
      updated_at: t.clock.now().toISOString(),
    });
    expect(view.owner.name).toEqual(expect.any(String));
    expect((await list(finance)).items.map((v) => v.id)).toContain(view.id);

    t.clock.advance(60_000);
    const renamed = await patch(finance, view.id, { name: 'Declined, 7 days' });
    expect(renamed.status).toBe(200);
    expect(await readJson(renamed)).toMatchObject({
      id: view.id,
      name: 'Declined, 7 days',
      state: STATE,
      created_at: view.created_at,
      updated_at: t.clock.now().toISOString(),
    });
    const state = { ...STATE, range: null, filters: { decline_code: 'account_closed' } };
    const changed = await readJson(await patch(finance, view.id, { state }));
    expect(changed.state).toEqual(state);
    // A name differing only in case is a rename of the same view, not a clash with itself.
    expect((await patch(finance, view.id, { name: 'DECLINED, 7 days' })).status).toBe(200);

    expect((await remove(finance, view.id)).status).toBe(204);
    expect((await list(finance)).items.map((v) => v.id)).not.toContain(view.id);
    await problem(await remove(finance, view.id), 404, 'not_found');
    await problem(await patch(finance, view.id, { name: 'x' }), 404, 'not_found');
  });

  it('lists own and shared views by name, case-insensitively, with who owns them', async () => {
    const b = await created(finance2, 'beta (finance2)');
    const a = await created(finance2, 'Alpha (finance2)');
    const shared = await created(admin, 'alpha shared', { shared: true });
    const privateAdmin = await created(admin, 'Admin private');
    const seen = await list(finance2);
    const names = seen.items.map((v) => v.name);
    expect(names).toEqual(
      [...names].sort((x, y) => x.toLowerCase().localeCompare(y.toLowerCase())),
    );
    expect(names).toEqual(expect.arrayContaining([a.name, b.name, shared.name]));
    expect(names).not.toContain(privateAdmin.name);
    const sharedSeen = seen.items.find((v) => v.id === shared.id)!;
    expect(sharedSeen).toMatchObject({
      shared: true,
      mine: false,
      owner: { id: ids.admin, name: expect.any(String), email: expect.any(String) },
    });
    expect(seen.items.find((v) => v.id === a.id)!.mine).toBe(true);
    expect((await list(admin)).items.find((v) => v.id === shared.id)!.mine).toBe(true);
  });

  it('keeps private views private: another user cannot see, change, delete or pick them', async () => {
    const mine = await created(finance, 'Only mine');
    expect((await list(finance2)).items.map((v) => v.id)).not.toContain(mine.id);
    expect((await list(admin)).items.map((v) => v.id)).not.toContain(mine.id);
    const before = await snapshot();
    await problem(await patch(finance2, mine.id, { name: 'Hijacked' }), 404, 'not_found');
    await problem(await patch(admin, mine.id, { shared: true }), 404, 'not_found');
    await problem(await remove(finance2, mine.id), 404, 'not_found');
    await problem(await remove(admin, mine.id), 404, 'not_found');
    await problem(await setDefault(finance2, mine.id), 404, 'not_found');
    expect(await snapshot()).toEqual(before);
  });

  it('shows admin-shared views to everyone, read-only to all but their owner', async () => {
    const shared = await created(admin, 'Everyone: failed', { shared: true });
    const before = await snapshot();
    for (const as of [finance, finance2, support]) {
      const seen = (await list(as)).items.find((v) => v.id === shared.id);
      expect(seen).toMatchObject({ shared: true, mine: false });
      await problem(await patch(as, shared.id, { name: 'Mine now' }), 403, 'forbidden');
      await problem(await patch(as, shared.id, { shared: false }), 403, 'forbidden');
      await problem(await remove(as, shared.id), 403, 'forbidden');
    }
    expect(await snapshot()).toEqual(before);
  });

  it('lets only admins share a view, and audits sharing, unsharing and deleting shared views', async () => {
    // Finance may not share: at creation or later; nothing is written.
    const own = await created(finance, 'Finance wants to share');
    let before = await snapshot();
    const refused = await problem(
      await create(finance, { name: 'Shared by finance', state: STATE, shared: true }),
      403,
      'forbidden',
    );
    expect(refused.detail).toMatch(/admin/i);
    await problem(await patch(finance, own.id, { shared: true }), 403, 'forbidden');
    await problem(
      await patch(finance, own.id, { name: 'Renamed', shared: true }),
      403,
      'forbidden',
    );
    await problem(await patch(support, NO_SUCH_VIEW, { shared: true }), 403, 'forbidden');
    expect(await snapshot()).toEqual(before);
    // Unsharing what is not shared asks for no permission.
    expect((await patch(finance, own.id, { shared: false })).status).toBe(200);

    // An admin shares a private view of theirs; finance2 makes it their default.
    const view = await created(admin, 'Ops queue');
    expect(await auditOf('payout_view.shared', view.id)).toHaveLength(0);
    const shared = await readJson(await patch(admin, view.id, { shared: true }));
    expect(shared.shared).toBe(true);
    const [sharedEntry] = await auditOf('payout_view.shared', view.id);
    expect(sharedEntry).toMatchObject({
      actorId: ids.admin,
      targetType: 'payout_view',
      data: { name: 'Ops queue' },
    });
    expect((await setDefault(finance2, view.id)).status).toBe(200);
    expect((await list(finance2)).default_view_id).toBe(view.id);

    // Renaming a shared view is audited too; unsharing takes it from finance2 (and their default).
    await patch(admin, view.id, { name: 'Ops queue (EU)' });
    expect(await auditOf('payout_view.updated', view.id)).toMatchObject([
      { data: { name: 'Ops queue (EU)', previous_name: 'Ops queue', state_changed: false } },
    ]);
    expect((await patch(admin, view.id, { shared: false })).status).toBe(200);
    expect(await auditOf('payout_view.unshared', view.id)).toMatchObject([
      { data: { name: 'Ops queue (EU)' } },
    ]);
    const finance2Now = await list(finance2);
    expect(finance2Now.items.map((v) => v.id)).not.toContain(view.id);
    expect(finance2Now.default_view_id).toBeNull();

    // Created shared: audited as shared; deleting it is audited with its name.
    const direct = await created(admin, 'Shared at birth', { shared: true });
    expect(await auditOf('payout_view.shared', direct.id)).toMatchObject([
      { data: { name: 'Shared at birth' } },
    ]);
    expect((await remove(admin, direct.id)).status).toBe(204);
    expect(await auditOf('payout_view.deleted', direct.id)).toMatchObject([
      { actorId: ids.admin, data: { name: 'Shared at birth' } },
    ]);
    // A private view's life is the owner's business: not in the audit log.
    before = await snapshot();
    expect((await remove(finance, own.id)).status).toBe(204);
    expect((await snapshot()).audit).toBe(before.audit);
  });

  it('refuses a name the owner already uses (case-insensitive), not one another user uses', async () => {
    const first = await created(finance, 'Weekly review');
    const before = await snapshot();
    const clash = await problem(
      await create(finance, { name: 'WEEKLY review ', state: STATE }),
      409,
      'conflict',
    );
    expect(clash.detail).toMatch(/already have a view with this name/);
    expect(clash.errors).toEqual([{ pointer: '/name', message: expect.any(String) }]);
    const other = await created(finance, 'Monthly review');
    expect((await snapshot()).views).toHaveLength(before.views.length + 1);
    await problem(await patch(finance, other.id, { name: 'weekly REVIEW' }), 409, 'conflict');
    expect((await list(finance)).items.find((v) => v.id === other.id)!.name).toBe('Monthly review');
    // Another user's name is theirs.
    expect((await create(finance2, { name: 'Weekly review', state: STATE })).status).toBe(201);
    expect(first.name).toBe('Weekly review');
  });

  it(`keeps at most ${PAYOUT_VIEWS_MAX_PER_USER} views per user, even when creates race`, async () => {
    const email = `views-${randomUUID().slice(0, 8)}@example.com`;
    const made = await t.makeAccount('finance', { by: admin, email, password: OTHER_PASSWORD });
    const user = made.client;
    const userId = made.id;
    // 25 at once from an empty start: exactly 20 are stored, the rest refused with a reason.
    const replies = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        create(user, { name: `Race ${String(i).padStart(2, '0')}`, state: STATE }),
      ),
    );
    const statuses = replies.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(PAYOUT_VIEWS_MAX_PER_USER);
    expect(statuses.filter((s) => s === 409)).toHaveLength(25 - PAYOUT_VIEWS_MAX_PER_USER);
    for (const res of replies.filter((r) => r.status === 409)) {
      const body = await readJson(res);
      expect(body.code).toBe('conflict');
      expect(body.detail).toMatch(/20 saved views/);
    }
    expect(await viewCount(userId)).toBe(PAYOUT_VIEWS_MAX_PER_USER);
    // Two more at once, at the limit: both refused.
    const two = await Promise.all([
      create(user, { name: 'One more', state: STATE }),
      create(user, { name: 'And another', state: STATE }),
    ]);
    expect(two.map((r) => r.status)).toEqual([409, 409]);
    expect(await viewCount(userId)).toBe(PAYOUT_VIEWS_MAX_PER_USER);
    // Deleting one makes room for exactly one; two racing for it: one wins.
    const first = (await list(user)).items.find((v) => v.mine);
    expect((await remove(user, first!.id)).status).toBe(204);
    const race = await Promise.all([
      create(user, { name: 'Winner A', state: STATE }),
      create(user, { name: 'Winner B', state: STATE }),
    ]);
    expect(race.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(await viewCount(userId)).toBe(PAYOUT_VIEWS_MAX_PER_USER);
    // The limit is per owner: others are not affected.
    expect((await create(finance2, { name: 'Still fine', state: STATE })).status).toBe(201);
  });

  it('sets, clears and loses the default view', async () => {
    const own = await created(support, 'Support default');
    const shared = await created(admin, 'Shared default', { shared: true });
    const set = await setDefault(support, own.id);
    expect(set.status).toBe(200);
    const afterSet: PayoutViewListDto = await readJson(set);
    expect(afterSet.default_view_id).toBe(own.id);
    expect(afterSet.items.filter((v) => v.is_default).map((v) => v.id)).toEqual([own.id]);
    // A shared view of someone else's may be one's default too.
    const toShared: PayoutViewListDto = await readJson(await setDefault(support, shared.id));
    expect(toShared.default_view_id).toBe(shared.id);
    expect(toShared.items.find((v) => v.id === own.id)!.is_default).toBe(false);
    expect((await setDefault(finance, shared.id)).status).toBe(200);
    // Cleared with null.
    const cleared: PayoutViewListDto = await readJson(await setDefault(support, null));
    expect(cleared.default_view_id).toBeNull();
    expect(cleared.items.some((v) => v.is_default)).toBe(false);
    // Unknown views: 404, nothing changes.
    expect((await setDefault(support, own.id)).status).toBe(200);
    const before = await snapshot();
    await problem(await setDefault(support, NO_SUCH_VIEW), 404, 'not_found');
    expect(await snapshot()).toEqual(before);
    // Deleting a view takes it from everyone's default (the owner's and others').
    expect((await remove(support, own.id)).status).toBe(204);
    expect((await list(support)).default_view_id).toBeNull();
    expect((await list(finance)).default_view_id).toBe(shared.id);
    expect((await remove(admin, shared.id)).status).toBe(204);
    expect((await list(finance)).default_view_id).toBeNull();
    const [row] = await t.db
      .select({ d: users.defaultPayoutViewId })
      .from(users)
      .where(eq(users.id, ids.finance));
    expect(row?.d).toBeNull();
  });

  it('refuses bad input with field errors and writes nothing', async () => {
    const own = await created(finance, 'Bad input target');
    const cases: { send: () => Promise<Response>; status: number; pointers?: string[] }[] = [
      { send: () => create(finance, {}), status: 422, pointers: ['/name', '/state'] },
      { send: () => create(finance, { name: '', state: STATE }), status: 422, pointers: ['/name'] },
      {
        send: () => create(finance, { name: 'x'.repeat(61), state: STATE }),
        status: 422,
        pointers: ['/name'],
      },
      {
        send: () => create(finance, { name: 'Tab\there', state: STATE }),
        status: 422,
        pointers: ['/name'],
      },
      {
        send: () => create(finance, { name: 'Extra', state: STATE, owner_id: ids.finance2 }),
        status: 422,
        pointers: ['/owner_id'],
      },
      {
        send: () => create(finance, { name: 'Shared?', state: STATE, shared: 'yes' }),
        status: 422,
        pointers: ['/shared'],
      },
      {
        send: () =>
          create(finance, { name: 'No order id', state: { ...STATE, columns: ['amount'] } }),
        status: 422,
        pointers: ['/state/columns'],
      },
      {
        send: () =>
          create(finance, {
            name: 'Twice',
            state: { ...STATE, columns: ['order_id', 'amount', 'amount'] },
          }),
        status: 422,
        pointers: ['/state/columns'],
      },
      {
        send: () =>
          create(finance, {
            name: 'Bad filter',
            state: { ...STATE, filters: { status: 'nonsense', hacker: '1' } },
          }),
        status: 422,
      },
      {
        send: () =>
          create(finance, {
            name: 'Bad range',
            state: { ...STATE, range: { from: '2030-02-01', to: '2030-01-01' } },
          }),
        status: 422,
        pointers: ['/state/range/to'],
      },
      {
        send: () => create(finance, { name: 'Extra state', state: { ...STATE, x: 1 } }),
        status: 422,
        pointers: ['/state/x'],
      },
      {
        send: () =>
          finance('/api/payout-views', {
            method: 'POST',
            body: '{"name":',
            headers: { 'Content-Type': 'application/json' },
          }),
        status: 400,
      },
      {
        send: () =>
          finance('/api/payout-views', {
            method: 'POST',
            body: 'name=x',
            headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          }),
        status: 415,
      },
      { send: () => patch(finance, own.id, {}), status: 422 },
      { send: () => patch(finance, own.id, { name: ' ' }), status: 422, pointers: ['/name'] },
      {
        send: () => patch(finance, own.id, { state: { ...STATE, density: 'tiny' } }),
        status: 422,
        pointers: ['/state/density'],
      },
      { send: () => patch(finance, own.id, { owner_id: ids.finance2 }), status: 422 },
      { send: () => patch(finance, 'not-a-uuid', { name: 'x' }), status: 404 },
      { send: () => remove(finance, 'not-a-uuid'), status: 404 },
      { send: () => remove(finance, NO_SUCH_VIEW), status: 404 },
      {
        send: () =>
          finance('/api/payout-views/default', { method: 'PUT', json: { view_id: 'nope' } }),
        status: 422,
        pointers: ['/view_id'],
      },
      {
        send: () => finance('/api/payout-views/default', { method: 'PUT', json: {} }),
        status: 422,
        pointers: ['/view_id'],
      },
      {
        send: () =>
          finance('/api/payout-views/default', {
            method: 'PUT',
            json: { view_id: null, also: 1 },
          }),
        status: 422,
        pointers: ['/also'],
      },
      { send: () => finance('/api/payout-views?mine=1'), status: 422 },
      // Without the same-origin header a browser sends: refused before anything runs.
      {
        send: () =>
          finance('/api/payout-views', {
            method: 'POST',
            json: { name: 'Cross-site', state: STATE },
            crossSite: true,
          }),
        status: 403,
      },
      {
        send: () => finance(`/api/payout-views/${own.id}`, { method: 'DELETE', crossSite: true }),
        status: 403,
      },
      {
        send: () =>
          finance('/api/payout-views/default', {
            method: 'PUT',
            json: { view_id: null },
            crossSite: true,
          }),
        status: 403,
      },
      { send: () => t.api('/api/payout-views'), status: 401 },
      {
        send: () =>
          t.api('/api/payout-views', { method: 'POST', json: { name: 'x', state: STATE } }),
        status: 401,
      },
    ];
    const before = await snapshot();
    for (const [i, c] of cases.entries()) {
      const res = await c.send();
      expect(res.status, `case ${i}`).toBe(c.status);
      expect(res.headers.get('content-type'), `case ${i}`).toMatch(/problem\+json/);
      const body = await readJson(res);
      if (c.pointers) {
        expect(body.code, `case ${i}`).toBe('validation_failed');
        expect(
          body.errors.map((e: { pointer: string }) => e.pointer),
          `case ${i}`,
        ).toEqual(expect.arrayContaining(c.pointers));
        for (const e of body.errors) expect(e.message, `case ${i}`).toEqual(expect.any(String));
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it('filters the payouts list and its CSV export by decline code (exact match)', async () => {
    const made: string[] = [];
    for (const amount of ['11.00', '12.00', '13.00', '14.00']) {
      const res = await finance('/api/payouts', {
        method: 'POST',
        headers: { 'Idempotency-Key': randomUUID() },
        json: {
          order_id: `views-decline-${randomUUID().slice(0, 8)}`,
          provider: 'northwind_pay',
          country: 'BE',
          currency: 'EUR',
          state: null,
          amount,
          payout_method_type: 'credit_card',
          metadata: { ...TEST_CARD_METADATA },
        },
      });
      expect(res.status).toBe(201);
      made.push((await readJson(res)).id);
    }
    const code = `views_test_closed_${randomUUID().slice(0, 6)}`;
    await t.db
      .update(payouts)
      .set({ declineCode: code })
      .where(inArray(payouts.id, [made[0]!, made[2]!]));
    await t.db
      .update(payouts)
      .set({ declineCode: `${code}_other` })
      .where(eq(payouts.id, made[1]!));
    await t.db
      .update(payouts)
      .set({ declineCode: code.toUpperCase() })
      .where(eq(payouts.id, made[3]!));

    const page = await readJson(await support(`/api/payouts?decline_code=${code}`));
    expect(page.items.map((p: { id: string }) => p.id).sort()).toEqual([made[0], made[2]].sort());
    for (const item of page.items) expect(item.decline_code).toBe(code);
    // Trimmed like every query value; combined with the other filters.
    const trimmed = await readJson(
      await support(`/api/payouts?decline_code=%20${code}%20&amount_min=12.50`),
    );
    expect(trimmed.items.map((p: { id: string }) => p.id)).toEqual([made[2]]);
    expect((await readJson(await support('/api/payouts?decline_code=no_such_code'))).items).toEqual(
      [],
    );
    await problem(await support('/api/payouts?decline_code='), 422, 'validation_failed');
    await problem(
      await support(`/api/payouts?decline_code=${'x'.repeat(101)}`),
      422,
      'validation_failed',
    );

    const csv = await admin(`/api/payouts/export.csv?decline_code=${code}`);
    expect(csv.status).toBe(200);
    const lines = (await csv.text()).trim().split(/\r?\n/);
    expect(lines).toHaveLength(3);
    for (const id of [made[0], made[2]]) expect(lines.some((l) => l.includes(id!))).toBe(true);
    for (const id of [made[1], made[3]]) expect(lines.some((l) => l.includes(id!))).toBe(false);
  });
});
