import { formatCsvRow, MAX_BATCH_FILE_BYTES, MAX_BATCH_ROWS } from '@payouts/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  batchCsv,
  NORTHWIND_BANK_COLUMNS,
  northwindBankRow,
  uploadBatch,
} from '../../testing/batchFiles.js';
import { readJson, startTestApp, type ApiFetch, type TestApp } from '../../testing/testApp.js';
import {
  openTestDatabase,
  appTestDatabaseKinds,
  type TestDatabase,
} from '../../testing/testDatabase.js';

const HEADER = [...NORTHWIND_BANK_COLUMNS];
const goodRows = (n: number) => Array.from({ length: n }, (_, i) => northwindBankRow(i + 1));
const lines = (...rows: string[][]) => rows.map((r) => `${formatCsvRow(r)}\r\n`).join('');
const cellsOf = (n: number) => HEADER.map((name) => northwindBankRow(n)[name] ?? '');

interface BadFile {
  name: string;
  body: () => string | Uint8Array;
  problem: string;
  /** Words the `detail` must contain (it names the problem). */
  detail: RegExp;
  extra?: Record<string, unknown>;
}

const BAD_FILES: BadFile[] = [
  { name: 'empty', body: () => '', problem: 'empty', detail: /empty/ },
  {
    name: 'blank lines and comments only',
    body: () => '\r\n# a comment\r\n\r\n',
    problem: 'empty',
    detail: /empty/,
  },
  {
    name: 'too big (over 5 MB)',
    body: () => {
      // A valid header, then padding comments past the limit: the size is what is wrong.
      const head = lines(HEADER, cellsOf(1));
      const pad = `# ${'x'.repeat(1_000)}\r\n`;
      return head + pad.repeat(Math.ceil(MAX_BATCH_FILE_BYTES / pad.length) + 1);
    },
    problem: 'too_big',
    detail: /MB.*at most 5\.0 MB/,
    extra: { max_bytes: MAX_BATCH_FILE_BYTES },
  },
  {
    name: 'not UTF-8 (Latin-1)',
    // "Céline" saved as Windows-1252: a lone 0xE9 is no UTF-8.
    body: () =>
      Buffer.from(
        lines(
          HEADER,
          cellsOf(1).map((c, i) => (i === 8 ? 'C\u00e9line' : c)),
        ),
        'latin1',
      ),
    problem: 'not_utf8',
    detail: /not UTF-8/,
  },
  {
    name: 'not a CSV (NUL bytes: a binary file)',
    body: () =>
      Buffer.concat([Buffer.from(batchCsv(goodRows(1)), 'utf8'), Buffer.from([0, 1, 2, 0, 0])]),
    problem: 'not_csv',
    detail: /not a CSV/,
  },
  {
    name: 'a quote never closed',
    body: () => `${lines(HEADER, cellsOf(1))}"unclosed,${cellsOf(2).slice(1).join(',')}\r\n`,
    problem: 'malformed_csv',
    detail: /never closed/,
  },
  {
    name: 'a quote inside an unquoted cell',
    body: () => `${lines(HEADER)}${cellsOf(1).join(',').replace('Belfius', '"Bel"fius"x')}\r\n`,
    problem: 'malformed_csv',
    detail: /well-formed CSV|never closed/,
  },
  {
    name: 'ragged rows (a row with a cell missing)',
    body: () => lines(HEADER, cellsOf(1), cellsOf(2).slice(0, -1)),
    problem: 'ragged_rows',
    detail: /line 3.*one cell per column/,
    extra: { line: 3 },
  },
  {
    name: 'an unknown column',
    body: () => lines([...HEADER, 'favourite_colour'], [...cellsOf(1), 'blue']),
    problem: 'unknown_columns',
    detail: /"favourite_colour"/,
    extra: { columns: ['favourite_colour'] },
  },
  {
    name: 'a required column missing',
    body: () =>
      lines(
        HEADER.filter((c) => c !== 'amount'),
        cellsOf(1).filter((_, i) => HEADER[i] !== 'amount'),
      ),
    problem: 'missing_columns',
    detail: /"amount"/,
    extra: { columns: ['amount'] },
  },
  {
    name: 'a duplicate column',
    body: () => lines([...HEADER, 'email'], [...cellsOf(1), 'again@example.com']),
    problem: 'duplicate_columns',
    detail: /twice: "email"/,
    extra: { columns: ['email'] },
  },
  {
    name: 'a header and no rows',
    body: () =>
      lines(
        HEADER,
        HEADER.map(() => ''),
      ),
    problem: 'no_rows',
    detail: /no rows/,
  },
  {
    name: `more than ${MAX_BATCH_ROWS.toLocaleString('en')} rows`,
    body: () => batchCsv(goodRows(MAX_BATCH_ROWS + 1)),
    problem: 'too_many_rows',
    detail: /10,001 rows: at most 10,000/,
    extra: { rows: MAX_BATCH_ROWS + 1, max_rows: MAX_BATCH_ROWS },
  },
];

/** Every file that cannot be used gets one clear error, and nothing is stored. */
describe.each(appTestDatabaseKinds)('bad batch files (%s)', (kind) => {
  let database: TestDatabase;
  let t: TestApp;
  let finance: ApiFetch;

  async function stored() {
    const result = await t.db.execute(sql`select
      (select count(*) from batches)::int as batches,
      (select count(*) from batch_rows)::int as batch_rows,
      (select count(*) from audit_log where action like 'batch.%')::int as audit,
      (select count(*) from payouts)::int as payouts`);
    return (result as { rows: Record<string, number>[] }).rows[0];
  }

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    t = await startTestApp({ database });
    finance = await t.signIn('finance');
  });
  afterAll(async () => {
    await t?.close();
    await database?.close();
  });

  it.each(BAD_FILES)('$name: 422 bad_file ($problem), nothing stored', async (file) => {
    const before = await stored();
    const res = await uploadBatch(finance, file.body(), 'bad.csv');
    const body = await readJson(res);
    expect({ status: res.status, code: body.code, problem: body.problem }).toEqual({
      status: 422,
      code: 'bad_file',
      problem: file.problem,
    });
    expect(res.headers.get('content-type')).toMatch(/problem\+json/);
    expect(body.detail).toMatch(file.detail);
    if (file.extra) expect(body).toMatchObject(file.extra);
    expect(await stored()).toEqual(before);
  });

  it('a file sent as anything but text/csv: 415, nothing stored', async () => {
    const before = await stored();
    for (const type of [
      'text/plain',
      'application/octet-stream',
      'multipart/form-data; boundary=x',
    ]) {
      const res = await finance(
        '/api/batches?country=BE&currency=EUR&payout_method_type=bank_account&provider=northwind_pay&file_name=x.csv',
        { method: 'POST', headers: { 'Content-Type': type }, body: batchCsv(goodRows(2)) },
      );
      expect([type, res.status]).toEqual([type, 415]);
      expect((await readJson(res)).code).toBe('unsupported_media_type');
    }
    expect(await stored()).toEqual(before);
  });

  it.each([
    ['an unknown corridor', { country: 'JP', currency: 'JPY', provider: 'northwind_pay' }],
    ['a PSP that does not exist', { country: 'BE', currency: 'EUR', provider: 'no_such_psp' }],
  ])('%s: 422, nothing stored', async (_name, params) => {
    const before = await stored();
    const query = new URLSearchParams({
      payout_method_type: 'bank_account',
      file_name: 'x.csv',
      ...params,
    });
    const res = await finance(`/api/batches?${query.toString()}`, {
      method: 'POST',
      headers: { 'Content-Type': 'text/csv' },
      body: batchCsv(goodRows(2)),
    });
    expect(res.status).toBe(422);
    const body = await readJson(res);
    expect(body.code).toBe('validation_failed');
    expect(body.errors[0].message).toMatch(/not a configured corridor|Not offered/);
    expect(await stored()).toEqual(before);
  });

  it('the same file made good is stored (the cases above were refused for their problem)', async () => {
    const before = await stored();
    const res = await uploadBatch(finance, batchCsv(goodRows(3)), 'good.csv');
    expect(res.status).toBe(201);
    const after = await stored();
    expect(after).toEqual({
      ...before,
      batches: before!.batches! + 1,
      batch_rows: before!.batch_rows! + 3,
      audit: before!.audit! + 1,
    });
  });
});
