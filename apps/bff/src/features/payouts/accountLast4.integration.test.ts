import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { accountLast4, type PayoutMetadataValue } from '@payouts/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER, rowsOf } from '../../db/database.js';
import {
  openTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from '../../testing/testDatabase.js';
import { ledgerMetadata } from './ledgerMetadata.js';

/**
 * Payouts made before search by last digits get `account_last4` from their masked metadata
 * (migration 0037); new ones from the request (`accountLast4`). Both must read the same 4.
 */
const CASES: Record<string, PayoutMetadataValue>[] = [
  { creditCardNumber: '4111 1111 1111 1234', email: 'a@example.com' },
  { iban: 'de89370400440532013000', bankAccountName: 'Jan' },
  { bankAccountNumber: '000123456789' },
  { account_number: 'GB33BUKB2020155555555X' },
  { iban: 'DE89370400440532013000', bankAccountNumber: '000123456789' },
  { bankAccountNumber: '1234567' },
  { walletAddress: '0xabcdef0123456789', email: 'w@example.com' },
  { creditCardNumber: '5555555555554444', cvv: '123' },
];

async function backfillStatement(): Promise<string> {
  const name = (await readdir(MIGRATIONS_FOLDER)).find((n) => n.startsWith('0037_'));
  if (!name) throw new Error('migration 0037 not found');
  const text = await readFile(join(MIGRATIONS_FOLDER, name), 'utf8');
  const statement = text
    .split('--> statement-breakpoint')
    .map((part) => part.replace(/^\s*(--[^\n]*\n\s*)*/, '').trim())
    .find((part) => part.startsWith('UPDATE "payouts" SET "account_last4"'));
  if (!statement) throw new Error('no account_last4 backfill in migration 0037');
  return statement;
}

describe.each(testDatabaseKinds)('account_last4 of earlier payouts (%s)', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await database.close();
  });

  it('reads from the masked metadata what a new payout takes from its request', async () => {
    const { db } = database.handle;
    const [user] = await rowsOf<{ id: string }>(
      db,
      sql`
        insert into users (email, name, role, password_hash, created_at, updated_at)
        values ('backfill@example.com', 'Backfill', 'finance', 'x', now(), now())
        returning id`,
    );
    const ids = CASES.map(() => randomUUID());
    for (const [i, metadata] of CASES.entries()) {
      await db.execute(sql`
        insert into payouts (id, order_id, provider, country, currency, amount,
          payout_method_type, metadata, status, created_by, created_at, updated_at)
        values (${ids[i]}, ${`BACKFILL-${i}`}, 'northwind_pay', 'BE', 'EUR', '1.00',
          'bank_account', ${JSON.stringify(ledgerMetadata(metadata))}::jsonb, 'approved',
          ${user!.id}, now(), now())`);
    }
    await db.execute(sql.raw(await backfillStatement()));
    const rows = await rowsOf<{ id: string; account_last4: string | null }>(
      db,
      sql`select id, account_last4 from payouts where order_id like 'BACKFILL-%'`,
    );
    const byId = new Map(rows.map((r) => [r.id, r.account_last4]));
    expect(ids.map((id) => byId.get(id))).toEqual(CASES.map((m) => accountLast4(m)));
    expect(CASES.map((m) => accountLast4(m))).toEqual([
      '1234',
      '3000',
      '6789',
      '555X',
      '6789',
      null,
      null,
      '4444',
    ]);
  });
});
