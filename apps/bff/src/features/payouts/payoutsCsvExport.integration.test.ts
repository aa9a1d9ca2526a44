import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type ApiFetch, type TestApp } from '../../testing/testApp.js';
import {
  openTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from '../../testing/testDatabase.js';
import { TEST_CARD_METADATA } from '../../testing/testCardMetadata.js';

/**
 * How a spreadsheet set to a locale whose list separator is `;` reads a line: cells split at
 * every `;` outside double quotes. (Excel and LibreOffice open a CSV with the locale's separator.)
 */
function cellsWithSeparator(line: string, separator: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (const char of line) {
    if (char === '"') quoted = !quoted;
    else if (char === separator && !quoted) {
      cells.push(cell);
      cell = '';
      continue;
    }
    cell += char;
  }
  cells.push(cell);
  return cells;
}

const HOSTILE_NAMES = [';=1+2', ';@SUM(A1)', ',=HYPERLINK("http://x")', '\t;+cmd', 'x;-2+3'];

describe.each(testDatabaseKinds)('the CSV export in every locale (%s)', (kind) => {
  let database: TestDatabase;
  let t: TestApp;
  let finance: ApiFetch;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    t = await startTestApp({ database, corridors: [{ country: 'BE', currency: 'EUR' }] });
    finance = await t.signIn('finance');
    for (const [i, name] of HOSTILE_NAMES.entries()) {
      const res = await finance('/api/payouts', {
        method: 'POST',
        headers: { 'Idempotency-Key': randomUUID() },
        json: {
          order_id: `csv-locale-${kind}-${i}`,
          provider: 'northwind_pay',
          country: 'BE',
          currency: 'EUR',
          state: null,
          amount: '10.00',
          payout_method_type: 'credit_card',
          metadata: { ...TEST_CARD_METADATA, customerFirstName: name, customerLastName: 'Doe' },
        },
      });
      expect(res.status).toBe(201);
    }
  });
  afterAll(async () => {
    await t?.close();
    await database?.close();
  });

  it('no cell starts a formula, whether the spreadsheet splits at `,`, `;` or tabs', async () => {
    const res = await finance('/api/payouts/export.csv?q=csv-locale-');
    expect(res.status).toBe(200);
    const lines = (await res.text()).trim().split(/\r?\n/);
    expect(lines).toHaveLength(HOSTILE_NAMES.length + 1);
    for (const separator of [',', ';', '\t']) {
      for (const line of lines.slice(1)) {
        for (const cell of cellsWithSeparator(line, separator)) {
          expect(cell.replace(/^"/, '')).not.toMatch(/^[=+\-@\t\r]/);
        }
      }
    }
  });
});
