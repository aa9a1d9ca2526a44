import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { readJson, type ApiFetch, type TestApp } from './testApp.js';

/** The rows of a raw query, on PGlite and node-postgres alike. */
export async function selectRows<T>(t: TestApp, query: ReturnType<typeof sql>): Promise<T[]> {
  const result: unknown = await t.db.execute(query);
  return (result as { rows: T[] }).rows;
}

/** The data of every audit entry of `action` about `userId`, oldest first. */
export function auditsOf(
  t: TestApp,
  userId: string,
  action: string,
): Promise<{ data: Record<string, unknown> }[]> {
  return selectRows(
    t,
    sql`select data from audit_log where action = ${action} and target_id = ${userId} order by id`,
  );
}

/** A new account made by an admin through the API, signed in with its password. */
export async function newSignedInUser(
  t: TestApp,
  admin: ApiFetch,
  user: { email: string; name: string; role: 'finance' | 'support' | 'admin'; password: string },
): Promise<{ id: string; email: string; fetch: ApiFetch }> {
  const res = await admin('/api/users', { method: 'POST', json: user });
  expect(res.status).toBe(201);
  const { id } = (await readJson(res)) as { id: string };
  return { id, email: user.email, fetch: await t.signInAs(user.email, user.password) };
}
