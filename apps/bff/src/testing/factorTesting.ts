import { sql } from 'drizzle-orm';
import type { ApiFetch, TestApp } from './testApp.js';

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
  // A finance or admin account waits for a second admin (decision 042): admin2 approves it.
  const made = await t.makeAccount(user.role, {
    by: admin,
    email: user.email,
    password: user.password,
  });
  return { id: made.id, email: user.email, fetch: made.client };
}
