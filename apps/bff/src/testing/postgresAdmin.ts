import pg from 'pg';

/**
 * Runs one statement (CREATE or DROP DATABASE, which cannot run in a transaction) on its own
 * connection to the admin database of TEST_DATABASE_URL.
 */
export async function onPostgresAdmin(adminUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * Drops a test database once its connections have gone. A pool's `end()` resolves when its
 * clients are told to end, not when their sockets have closed: dropping `WITH (FORCE)` at once
 * would terminate a backend still saying goodbye, and that client, no longer any pool's, throws
 * "terminating connection due to administrator command" into the test run. FORCE stays for a
 * connection still open after `waitMs` (a child process killed mid-query).
 */
export async function dropTestDatabase(
  adminUrl: string,
  name: string,
  waitMs = 5_000,
): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const until = Date.now() + waitMs;
    for (;;) {
      const { rows } = await client.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1',
        [name],
      );
      if ((rows[0]?.n ?? 0) === 0 || Date.now() >= until) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(name)} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}
