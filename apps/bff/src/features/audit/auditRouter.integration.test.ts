import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readJson, startTestApp, TEST_PASSWORD, type TestApp } from '../../testing/testApp.js';
import {
  openTestDatabase,
  appTestDatabaseKinds,
  type TestDatabase,
} from '../../testing/testDatabase.js';

describe.each(appTestDatabaseKinds)('audit log (%s)', (kind) => {
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

  it('records sign-in, failed sign-in and sign-out with who, when and the request id', async () => {
    const failed = await t.api('/api/session', {
      method: 'POST',
      json: { email: 'support@example.com', password: 'wrong-password' },
    });
    t.clock.advance(1000);
    const support = await t.signIn('support');
    t.clock.advance(1000);
    const out = await support('/api/session', { method: 'DELETE' });
    expect(out.status).toBe(204);

    const admin = await t.signIn('admin');
    const res = await admin('/api/audit?who=support@example.com');
    expect(res.status).toBe(200);
    const { items } = await readJson(res);
    expect(items.map((i: { action: string }) => i.action)).toEqual([
      'session.sign_out',
      'session.sign_in',
    ]);
    expect(items[1]).toMatchObject({
      actor: { email: 'support@example.com' },
      target: { type: 'user' },
      ip: expect.any(String),
      request_id: expect.any(String),
    });
    const failures = await readJson(await admin('/api/audit?what=session.sign_in_failed'));
    expect(failures.items).toEqual([
      expect.objectContaining({
        actor: null,
        data: { email: 'support@example.com' },
        request_id: failed.headers.get('x-request-id'),
      }),
    ]);
    // Never the password that was tried.
    expect(JSON.stringify(failures)).not.toContain('wrong-password');
  });

  it('filters by action family and time, and pages with a cursor', async () => {
    const admin = await t.signIn('admin');
    t.clock.advance(1000);
    const from = t.clock.now();
    for (let i = 0; i < 5; i += 1) {
      t.clock.advance(60_000);
      await t.signIn('finance');
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = `/api/audit?what=session&from=${from.toISOString()}&limit=2${cursor ? `&cursor=${cursor}` : ''}`;
      const page = await readJson(await admin(query));
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items.map((i: { id: string }) => i.id));
      cursor = page.next_cursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toHaveLength(5);
    expect(new Set(seen).size).toBe(5);
    const to = await readJson(
      await admin(
        `/api/audit?what=session&from=${from.toISOString()}&to=${new Date(from.getTime() + 150_000).toISOString()}`,
      ),
    );
    expect(to.items).toHaveLength(2);
  });

  it('exports what the filters select as CSV, every page, newest first', async () => {
    const admin = await t.signIn('admin');
    await t.api('/api/session', {
      method: 'POST',
      json: { email: '+cmd@example.com', password: 'wrong-password' },
    });
    const listed = await readJson(await admin('/api/audit?what=session&limit=100'));
    const res = await admin('/api/audit/export.csv?what=session');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="audit-\d{8}-\d{6}\.csv"$/,
    );
    const lines = (await res.text()).trim().split('\n');
    expect(lines[0]).toBe(
      '"at","actor_email","action","target_type","target_id","data","ip","request_id","id"',
    );
    expect(lines).toHaveLength(listed.items.length + 1);
    expect(lines[1]).toContain(`"${listed.items[0].id}"`);
    // The data as JSON in one cell (quotes doubled, as CSV has them).
    expect(lines.join('\n')).toContain('"{""email"":""+cmd@example.com""}"');
    expect(lines.join('\n')).not.toContain('wrong-password');
    const support = await t.signIn('support');
    expect((await support('/api/audit/export.csv')).status).toBe(403);
    expect((await admin('/api/audit/export.csv?cursor=x')).status).toBe(422);
  });

  it('refuses bad filters and a forged cursor with pointers', async () => {
    const admin = await t.signIn('admin');
    const bad = await admin('/api/audit?from=yesterday&limit=1000&sort=x');
    expect(bad.status).toBe(422);
    const problem = await readJson(bad);
    expect(problem.errors.map((e: { pointer: string }) => e.pointer).sort()).toEqual([
      '/from',
      '/limit',
      '/sort',
    ]);
    const forged = await admin('/api/audit?cursor=bm90LWEtY3Vyc29y');
    expect(forged.status).toBe(422);
    expect((await readJson(forged)).errors).toEqual([
      { pointer: '/cursor', message: 'Invalid cursor' },
    ]);
  });

  it('cannot be rewritten: the database refuses UPDATE, DELETE and TRUNCATE', async () => {
    await t.api('/api/session', {
      method: 'POST',
      json: { email: 'admin@example.com', password: TEST_PASSWORD },
    });
    await expect(t.db.execute(sql`update audit_log set action = 'nothing'`)).rejects.toThrow();
    await expect(t.db.execute(sql`delete from audit_log`)).rejects.toThrow();
    await expect(t.db.execute(sql`truncate audit_log`)).rejects.toThrow();
    const admin = await t.signIn('admin');
    const { items } = await readJson(await admin('/api/audit?limit=100'));
    expect(items.length).toBeGreaterThan(0);
    expect(items.some((i: { action: string }) => i.action === 'nothing')).toBe(false);
  });
});
