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
