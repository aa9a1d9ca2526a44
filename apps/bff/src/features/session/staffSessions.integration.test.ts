import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readJson, startTestApp, type ApiFetch, type TestApp } from '../../testing/testApp.js';
import {
  openTestDatabase,
  appTestDatabaseKinds,
  type TestDatabase,
} from '../../testing/testDatabase.js';

interface Item {
  id: string;
  current: boolean;
  device: string;
  last_seen_at: string;
}

describe.each(appTestDatabaseKinds)('staff sessions (%s)', (kind) => {
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

  const count = async (query: ReturnType<typeof sql>) => {
    const result: unknown = await t.db.execute(query);
    return Number((result as { rows: { n: number }[] }).rows[0]?.n);
  };
  const sessionRows = () => count(sql`select count(*)::int as n from sessions`);
  const endAudits = (userId: string, by: string) =>
    count(
      sql`select count(*)::int as n from audit_log where action = 'session.end' and target_id = ${userId} and data->>'by' = ${by}`,
    );
  const list = async (fetch: ApiFetch, path = '/api/me/sessions'): Promise<Item[]> => {
    const res = await fetch(path);
    expect(res.status).toBe(200);
    return ((await readJson(res)) as { items: Item[] }).items;
  };
  const userIdOf = async (email: string): Promise<string> => {
    const admin = await t.signIn('admin');
    const { items } = await readJson(await admin('/api/users'));
    await admin('/api/session', { method: 'DELETE' });
    return (items as { id: string; email: string }[]).find((u) => u.email === email)!.id;
  };
  const emailOf = async (fetch: ApiFetch): Promise<string> =>
    (await readJson(await fetch('/api/session'))).user.email as string;

  it('lists one’s own sessions, marking the current one, and ends another at once', async () => {
    const first = await t.signIn('finance');
    const second = await t.signIn('finance');
    const fromFirst = await list(first);
    expect(fromFirst.length).toBeGreaterThanOrEqual(2);
    expect(fromFirst.filter((s) => s.current)).toHaveLength(1);
    for (const s of fromFirst) expect(s.id).toMatch(/^[0-9a-f]{32}$/);
    const fromSecond = await list(second);
    const firstId = fromFirst.find((s) => s.current)!.id;
    const secondId = fromSecond.find((s) => s.current)!.id;
    expect(firstId).not.toBe(secondId);
    expect(fromSecond.find((s) => s.id === firstId)?.current).toBe(false);
    // Newest activity first.
    const seen = fromFirst.map((s) => s.last_seen_at);
    expect([...seen].sort().reverse()).toEqual(seen);

    const userId = await userIdOf(await emailOf(first));
    const audits = await endAudits(userId, 'self');
    // The second session has been used (and cached) just now: ending it must hold at once.
    expect((await second('/api/session')).status).toBe(200);
    const end = await first(`/api/me/sessions/${secondId}`, { method: 'DELETE' });
    expect(end.status).toBe(204);
    expect((await second('/api/session')).status).toBe(401);
    expect((await first('/api/session')).status).toBe(200);
    expect((await list(first)).some((s) => s.id === secondId)).toBe(false);
    expect(await endAudits(userId, 'self')).toBe(audits + 1);
  });

  it('refuses to end the current session (409), and 404s any id not one’s own', async () => {
    const finance = await t.signIn('finance');
    const support = await t.signIn('support');
    const currentId = (await list(finance)).find((s) => s.current)!.id;
    const res = await finance(`/api/me/sessions/${currentId}`, { method: 'DELETE' });
    expect(res.status).toBe(409);
    expect((await finance('/api/session')).status).toBe(200);

    const supportId = (await list(support)).find((s) => s.current)!.id;
    const before = await sessionRows();
    for (const id of [supportId, '0'.repeat(32), 'not-an-id']) {
      expect((await finance(`/api/me/sessions/${id}`, { method: 'DELETE' })).status).toBe(404);
    }
    expect(await sessionRows()).toBe(before);
    expect((await support('/api/session')).status).toBe(200);
  });

  it('ends all one’s other sessions and keeps the current one', async () => {
    const a = await t.signIn('support');
    const b = await t.signIn('support');
    const c = await t.signIn('support');
    const body = await a('/api/me/sessions/end-others', { method: 'POST', json: { x: 1 } });
    expect(body.status).toBe(422);
    const res = await a('/api/me/sessions/end-others', { method: 'POST', json: {} });
    expect(res.status).toBe(200);
    expect((await readJson(res)).ended).toBeGreaterThanOrEqual(2);
    expect((await b('/api/session')).status).toBe(401);
    expect((await c('/api/session')).status).toBe(401);
    const left = await list(a);
    expect(left).toHaveLength(1);
    expect(left[0]!.current).toBe(true);
    const again = await a('/api/me/sessions/end-others', { method: 'POST', json: {} });
    expect(await readJson(again)).toEqual({ ended: 0 });
  });

  it('lets an admin list, end one of and end all of a user’s sessions', async () => {
    const f1 = await t.signIn('finance2');
    const f2 = await t.signIn('finance2');
    const userId = await userIdOf('finance2@example.com');
    const admin = await t.signIn('admin');
    const items = await list(admin, `/api/users/${userId}/sessions`);
    expect(items.length).toBeGreaterThanOrEqual(2);
    expect(items.every((s) => !s.current)).toBe(true);
    const f2Id = (await list(f2)).find((s) => s.current)!.id;
    const audits = await endAudits(userId, 'admin');

    const one = await admin(`/api/users/${userId}/sessions/${f2Id}`, { method: 'DELETE' });
    expect(one.status).toBe(204);
    expect((await f2('/api/session')).status).toBe(401);
    expect((await f1('/api/session')).status).toBe(200);
    expect(
      (await admin(`/api/users/${userId}/sessions/${f2Id}`, { method: 'DELETE' })).status,
    ).toBe(404);

    const all = await admin(`/api/users/${userId}/sessions/end-all`, { method: 'POST', json: {} });
    expect(all.status).toBe(200);
    expect((await readJson(all)).ended).toBeGreaterThanOrEqual(1);
    expect((await f1('/api/session')).status).toBe(401);
    expect(await list(admin, `/api/users/${userId}/sessions`)).toEqual([]);
    expect(await endAudits(userId, 'admin')).toBe(audits + 2);

    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await admin(`/api/users/${unknown}/sessions`)).status).toBe(404);
    expect((await admin('/api/users/nope/sessions')).status).toBe(404);
  });

  it('keeps the admin’s own current session when they end all of their own', async () => {
    const admin = await t.signIn('admin2');
    const other = await t.signIn('admin2');
    const userId = await userIdOf('admin2@example.com');
    const mine = await list(admin, `/api/users/${userId}/sessions`);
    expect(mine.filter((s) => s.current)).toHaveLength(1);
    const currentId = mine.find((s) => s.current)!.id;
    expect(
      (await admin(`/api/users/${userId}/sessions/${currentId}`, { method: 'DELETE' })).status,
    ).toBe(409);
    const all = await admin(`/api/users/${userId}/sessions/end-all`, { method: 'POST', json: {} });
    expect(all.status).toBe(200);
    expect((await admin('/api/session')).status).toBe(200);
    expect((await other('/api/session')).status).toBe(401);
  });

  it('keeps support and finance out of the admin routes (403)', async () => {
    const userId = await userIdOf('finance2@example.com');
    for (const role of ['finance', 'support'] as const) {
      const fetch = await t.signIn(role);
      const before = await sessionRows();
      expect((await fetch(`/api/users/${userId}/sessions`)).status).toBe(403);
      const end = await fetch(`/api/users/${userId}/sessions/end-all`, {
        method: 'POST',
        json: {},
      });
      expect(end.status).toBe(403);
      const one = await fetch(`/api/users/${userId}/sessions/${'0'.repeat(32)}`, {
        method: 'DELETE',
      });
      expect(one.status).toBe(403);
      expect(await sessionRows()).toBe(before);
    }
    expect((await t.api('/api/me/sessions')).status).toBe(401);
  });
});
