import {
  batchExampleRow,
  batchRowsCsv,
  batchTemplateCsv,
  buildBatchFileModel,
  validateBatchRows,
  type BatchFileModel,
} from '@payouts/contracts';
import { buildProviders } from '@payouts/contracts/testing';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../shared/AppError.js';
import { detectDelimiter, parseBatchFile, parseBatchFileInSlices } from './batchFile.js';

const NOW = new Date('2026-11-20T10:00:00Z');
const BE = { country: 'BE', currency: 'EUR' };

function bankModel(): BatchFileModel {
  const model = buildBatchFileModel(buildProviders(), BE, 'bank_account', 'test_bank', {
    now: NOW,
  });
  if (!model) throw new Error('no model');
  return model;
}

const model = bankModel();
const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);
const example = batchExampleRow(model);
const names = model.columns.map((c) => c.name);

/** The `bad_file` error parsing `bytes` throws (fails the test when it does not throw one). */
function refusal(bytes: Uint8Array, options = {}): AppError {
  try {
    parseBatchFile(bytes, model, options);
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('parsed without an error');
}

describe('parseBatchFile', () => {
  it('reads the template with its example row uncommented', () => {
    const csv = batchTemplateCsv(model).replace('\r\n#', '\r\n');
    const parsed = parseBatchFile(utf8(csv), model);
    expect(parsed.header).toEqual(names);
    expect(parsed.delimiter).toBe(',');
    expect(parsed.rows).toEqual([example]);
    expect(validateBatchRows(parsed.rows, { model, corridors: [BE] }).errors).toEqual([]);
  });

  it('strips a UTF-8 BOM, detects the semicolon and skips comment and blank lines', () => {
    const csv = batchRowsCsv(model, [example, { ...example, order_id: 'B-2' }], { delimiter: ';' });
    const [header, ...rest] = csv.split('\r\n');
    const text = `\uFEFF# exported by hand\r\n${header}\r\n\r\n# a note\r\n${rest.join('\r\n')}`;
    const parsed = parseBatchFile(utf8(text), model);
    expect(parsed.delimiter).toBe(';');
    expect(parsed.rows.map((r) => r.order_id)).toEqual(['EXAMPLE-0001', 'B-2']);
  });

  it('keeps quoted delimiters, line breaks and doubled quotes inside a cell', () => {
    const row = { ...example, bankAddress: 'Rue "Haute" 1,\nBrussels; Belgium' };
    const parsed = parseBatchFile(utf8(batchRowsCsv(model, [row])), model);
    expect(parsed.rows[0]?.bankAddress).toBe('Rue "Haute" 1,\nBrussels; Belgium');
  });

  it('takes the columns in any order and a subset without optional ones', () => {
    const text =
      'email,amount,bankAccountNumber,customerLastName,customerFirstName,bankAccountName,bankCode,bankName,bankBranch,bankAddress,bankZipcode,bankRoutingNumber,phone\n' +
      'a@example.com,10.00,BE71096123456769,L,A,A L,GKCCBEBB,B,C,D,1210,096,+32470123456\n';
    const parsed = parseBatchFile(utf8(text), model);
    expect(parsed.header[0]).toBe('email');
    expect(parsed.rows[0]?.amount).toBe('10.00');
    expect(validateBatchRows(parsed.rows, { model, corridors: [BE] }).errors).toEqual([]);
  });

  it('skips rows of empty cells that spreadsheets leave below the data', () => {
    const csv = `${batchRowsCsv(model, [example])}${','.repeat(names.length - 1)}\r\n`;
    expect(parseBatchFile(utf8(csv), model).rows).toHaveLength(1);
  });

  it.each([
    ['empty', new Uint8Array(), /empty/],
    ['only comments', utf8('# nothing\n\n'), /empty/],
    ['not UTF-8', new Uint8Array([0x61, 0x6d, 0xff, 0x0a]), /not UTF-8/],
    ['binary', new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00]), /not a CSV/],
  ])('refuses a file that is %s', (_name, bytes, message) => {
    const error = refusal(bytes);
    expect(error.code).toBe('bad_file');
    expect(error.status).toBe(422);
    expect(error.detail).toMatch(message);
  });

  it('refuses a file over the size limit before reading it', () => {
    const error = refusal(utf8('a'.repeat(101)), { maxBytes: 100 });
    expect(error.extensions).toMatchObject({ problem: 'too_big' });
    expect(refusal(new Uint8Array(5 * 1024 * 1024 + 1)).detail).toMatch(/at most 5.0 MB/);
  });

  it('refuses more data rows than allowed, naming both counts', () => {
    const csv = batchRowsCsv(model, [example, example, example]);
    const error = refusal(utf8(csv), { maxRows: 2 });
    expect(error.extensions).toMatchObject({ problem: 'too_many_rows', rows: 3 });
    expect(error.detail).toMatch(/3 rows: at most 2/);
  });

  it('names unknown, duplicate and missing columns', () => {
    expect(refusal(utf8(`${names.join(',')},iban\n`)).detail).toMatch(/does not know: "iban"/);
    expect(refusal(utf8(`${names.join(',')},email\n`)).detail).toMatch(/twice: "email"/);
    const missing = refusal(utf8('order_id,amount\n1,2\n'));
    expect(missing.extensions).toMatchObject({ problem: 'missing_columns' });
    expect(missing.detail).toMatch(/"bankAccountNumber"/);
  });

  it('names a header cell left empty (a trailing delimiter)', () => {
    expect(refusal(utf8(`${names.join(',')},\n`)).detail).toMatch(
      /does not know: one without a name\./,
    );
  });

  it('keeps a # inside a cell and a quoted cell starting with #', () => {
    const row = { ...example, order_id: 'A-1', bankAddress: 'Flat #2', bankBranch: '#1 branch' };
    const csv = batchRowsCsv(model, [row]);
    expect(csv).toContain(',"#1 branch",');
    expect(parseBatchFile(utf8(csv), model).rows).toEqual([row]);
  });

  it('refuses a header without rows', () => {
    expect(refusal(utf8(`${names.join(',')}\r\n`)).extensions).toMatchObject({
      problem: 'no_rows',
    });
  });

  it('refuses ragged rows and broken quoting with the line, without echoing cells', () => {
    const ragged = refusal(utf8(`${names.join(',')}\n4111111111111111,10\n`));
    expect(ragged.extensions).toMatchObject({ problem: 'ragged_rows', line: 2 });
    expect(ragged.detail).not.toContain('4111');
    const open = refusal(utf8(`${names.join(',')}\n"4111111111111111,10\n`));
    expect(open.extensions).toMatchObject({ problem: 'malformed_csv' });
    expect(open.detail).not.toContain('4111');
  });
});

describe('parseBatchFileInSlices', () => {
  /** Either parser's outcome: the file, or the refusal's problem and detail. */
  const outcome = async (parse: () => unknown) => {
    try {
      return { parsed: await parse() };
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return { refused: { detail: error.detail, extensions: error.extensions } };
    }
  };

  it('gives what parseBatchFile gives, over slices that split rows and characters', async () => {
    // Over 64 KB, with two-byte and four-byte characters in every row: slices fall inside them.
    const rows = Array.from({ length: 900 }, (_, i) => ({
      ...example,
      order_id: `SLICE-${i}`,
      bankAddress: `Rue de l’Église ${i}, Liège 😀, "quoted", line\nbreak`,
    }));
    const files = [
      utf8(`\uFEFF${batchRowsCsv(model, rows)}`),
      utf8(batchRowsCsv(model, rows, { delimiter: ';' })),
      utf8(`${names.join(',')}\n4111111111111111,10\n`),
      utf8(`${batchRowsCsv(model, rows)}"broken,\n`),
      utf8(`${names.join(',')}\r\n`),
      new Uint8Array([0xff, 0xfe, 0x00]),
    ];
    expect(files[0]!.length).toBeGreaterThan(2 * 64 * 1024);
    for (const bytes of files) {
      const sliced = await outcome(() => parseBatchFileInSlices(bytes, model));
      expect(sliced).toEqual(await outcome(() => parseBatchFile(bytes, model)));
    }
    const whole = await parseBatchFileInSlices(files[0]!, model);
    expect(whole.rows).toHaveLength(900);
    expect(whole.rows[899]?.bankAddress).toBe(
      'Rue de l’Église 899, Liège 😀, "quoted", line\nbreak',
    );
  });
});

describe('detectDelimiter', () => {
  it('counts delimiters outside quotes only', () => {
    expect(detectDelimiter('a,b;c,d')).toBe(',');
    expect(detectDelimiter('a;b;"c,d,e"')).toBe(';');
    expect(detectDelimiter('a')).toBe(',');
  });
});
