import { describe, expect, it } from 'vitest';
import type { PayoutMethodType } from '../types.js';
import { buildProviders } from '../testing/factories.js';
import { csvField, formatCsvRow } from './batchCsv.js';
import { batchExampleRow, batchTemplateCsv } from './batchTemplate.js';
import { buildBatchFileModel, checkBatchHeader, type BatchFileModel } from './batchFileModel.js';
import { validateBatchRows, type BatchBeneficiary } from './validateBatchRows.js';

const NOW = new Date('2026-11-20T10:00:00Z');
const BE = { country: 'BE', currency: 'EUR' };
const US = { country: 'US', currency: 'USD' };

function model(
  corridor = BE,
  type: PayoutMethodType = 'bank_account',
  psp = 'test_bank',
): BatchFileModel {
  const m = buildBatchFileModel(buildProviders(), corridor, type, psp, { now: NOW });
  if (!m) throw new Error('no model');
  return m;
}

describe('buildBatchFileModel', () => {
  it('has the fixed columns then one column per field of the PSP section, with titles and hints', () => {
    const m = model();
    expect(m.columns.map((c) => c.name)).toEqual([
      'order_id',
      'amount',
      'state',
      'beneficiary_reference',
      ...m.section.fields.map((f) => f.name),
    ]);
    const phone = m.columns.find((c) => c.name === 'phone');
    expect(phone?.title).toBe('Phone');
    expect(phone?.hint).toMatch(/International format/);
    expect(m.columns.find((c) => c.name === 'amount')?.hint).toMatch(/EUR/);
  });

  it('is undefined for a PSP the corridor does not offer for that type', () => {
    expect(buildBatchFileModel(buildProviders(), BE, 'crypto', 'test_bank', { now: NOW })).toBe(
      undefined,
    );
  });

  it('renames a PSP field that clashes with a fixed column', () => {
    const m = buildBatchFileModel(
      [
        {
          name: 'odd',
          title: 'Odd',
          payout_method_type: 'crypto',
          fields: [{ name: 'state', title: 'State' }],
        },
      ],
      BE,
      'crypto',
      'odd',
      { now: NOW },
    );
    expect(m?.columns.map((c) => c.name)).toContain('metadata.state');
  });
});

describe('checkBatchHeader', () => {
  it('names unknown, missing and duplicate columns; matches names ignoring case and spaces', () => {
    const check = checkBatchHeader(model(US), [' AMOUNT ', 'iban', 'email', 'email']);
    expect(check.unknown).toEqual(['iban']);
    expect(check.duplicate).toEqual(['email']);
    expect(check.missing).toContain('state');
    expect(check.missing).toContain('bankAccountNumber');
    expect(check.missing).not.toContain('order_id');
    expect(check.columns[0]?.name).toBe('amount');
  });

  it("reads a header of the template's titles and one of API names alike", () => {
    const m = model(US);
    const byTitle = checkBatchHeader(
      m,
      m.columns.map((c) => c.header),
    );
    const byName = checkBatchHeader(
      m,
      m.columns.map((c) => c.name),
    );
    expect(byTitle.columns.map((c) => c?.name)).toEqual(m.columns.map((c) => c.name));
    expect(byName.columns.map((c) => c?.name)).toEqual(m.columns.map((c) => c.name));
    expect([byTitle.unknown, byTitle.missing, byName.unknown, byName.missing]).toEqual([
      [],
      [],
      [],
      [],
    ]);
    // Case and repeated spaces do not matter; a column named twice, once each way, is a duplicate.
    const account = m.columns.find((c) => c.name === 'bankAccountNumber')!;
    expect(account.header).toBe(account.title);
    const loose = checkBatchHeader(m, [
      '  order   ID ',
      account.header.toUpperCase(),
      account.name,
    ]);
    expect(loose.columns.map((c) => c?.name)).toEqual([
      'order_id',
      'bankAccountNumber',
      'bankAccountNumber',
    ]);
    expect(loose.duplicate).toEqual(['bankAccountNumber']);
  });

  it('writes the API name where a title would name two columns', () => {
    const m = buildBatchFileModel(
      [
        {
          name: 'odd',
          title: 'Odd',
          payout_method_type: 'crypto',
          fields: [
            { name: 'walletAddress', title: 'Address' },
            { name: 'memo', title: 'Address' },
            { name: 'network', title: 'amount' },
          ],
        },
      ],
      BE,
      'crypto',
      'odd',
      { now: NOW },
    )!;
    const headerOf = (name: string) => m.columns.find((c) => c.name === name)?.header;
    expect([headerOf('walletAddress'), headerOf('memo'), headerOf('network')]).toEqual([
      'walletAddress',
      'memo',
      'network',
    ]);
    expect(headerOf('amount')).toBe('amount');
    expect(checkBatchHeader(m, ['Address']).unknown).toEqual(['Address']);
  });

  it('does not ask for detail columns when the file uses saved beneficiaries', () => {
    const check = checkBatchHeader(model(), ['amount', 'beneficiary_reference']);
    expect(check.missing).toEqual([]);
  });
});

describe('csv writing', () => {
  it('quotes delimiters, quotes, line breaks, edge spaces and a leading #', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('a;b')).toBe('a;b');
    expect(csvField('a;b', ';')).toBe('"a;b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(' padded')).toBe('" padded"');
    expect(csvField('#1')).toBe('"#1"');
    expect(formatCsvRow(['a', '', 'b c'])).toBe('a,,b c');
  });

  it('writes the template as the header and a commented example row that validates', () => {
    const m = model(US);
    const csv = batchTemplateCsv(m);
    const [header, example, end] = csv.split('\r\n');
    // The titles the wizard shows, quoted where they must be.
    expect(header).toBe(m.columns.map((c) => formatCsvRow([c.title])).join(','));
    expect(header?.startsWith('Order ID,Amount,State,Beneficiary reference,')).toBe(true);
    expect(example?.startsWith('#EXAMPLE-0001,')).toBe(true);
    expect(end).toBe('');
    const result = validateBatchRows([batchExampleRow(m)], { model: m, corridors: [US] });
    expect(result.errors).toEqual([]);
    expect(result.payouts).toHaveLength(1);
  });

  it('uses the semicolon when asked', () => {
    expect(batchTemplateCsv(model(), { delimiter: ';' }).split('\r\n')[0]).toMatch(
      /^Order ID;Amount;State;Beneficiary reference;/,
    );
  });
});

describe('validateBatchRows', () => {
  const m = model();
  const good = batchExampleRow(m);

  it('gives the payout the wizard would send, order id null when blank', () => {
    const result = validateBatchRows(
      [
        { ...good, order_id: '' },
        { ...good, order_id: 'A-2' },
      ],
      {
        model: m,
        corridors: [BE],
      },
    );
    expect(result.errors).toEqual([]);
    expect(result.payouts.map((p) => [p.row, p.order_id])).toEqual([
      [1, null],
      [2, 'A-2'],
    ]);
    expect(result.payouts[0]?.payout).toMatchObject({
      provider: 'test_bank',
      country: 'BE',
      currency: 'EUR',
      state: null,
      payout_method_type: 'bank_account',
    });
  });

  it('reports every bad cell of a row, not just the first', () => {
    const result = validateBatchRows(
      [{ ...good, amount: '10.123', email: 'nope', bankAccountNumber: '' }],
      { model: m, corridors: [BE] },
    );
    expect(result.errors).toEqual([
      { row: 1, column: 'amount', message: 'EUR amounts can have at most 2 decimals.' },
      expect.objectContaining({ row: 1, column: 'bankAccountNumber' }),
      expect.objectContaining({ row: 1, column: 'email' }),
    ]);
    expect(result.invalidRows).toEqual([1]);
    expect(result.payouts).toEqual([]);
  });

  it('refuses an order id used twice in the file, on the later row, and one in the ledger', () => {
    const result = validateBatchRows(
      [
        { ...good, order_id: 'A-1' },
        { ...good, order_id: 'B-1' },
        { ...good, order_id: 'A-1' },
      ],
      { model: m, corridors: [BE], existingOrderIds: new Set(['B-1']) },
    );
    expect(result.errors).toEqual([
      { row: 2, column: 'order_id', message: 'Order ID B-1 is already used by another payout.' },
      {
        row: 3,
        column: 'order_id',
        message: 'Order ID A-1 is already used on row 1 of this file.',
      },
    ]);
    expect(result.payouts.map((p) => p.row)).toEqual([1]);
  });

  it('takes a saved beneficiary instead of the detail columns', () => {
    const blankDetails = Object.fromEntries([
      ['order_id', ''],
      ...m.columns.filter((c) => c.kind === 'field').map((c) => [c.name, '']),
    ]);
    const beneficiaries = new Map<string, BatchBeneficiary>([
      [
        'BEN-1',
        { reference: 'BEN-1', ...BE, payout_method_type: 'bank_account', provider: 'test_bank' },
      ],
      [
        'BEN-2',
        { reference: 'BEN-2', ...US, payout_method_type: 'bank_account', provider: 'test_bank' },
      ],
    ]);
    const rows = [
      { ...good, ...blankDetails, beneficiary_reference: 'BEN-1' },
      { ...good, ...blankDetails, beneficiary_reference: 'NOPE' },
      { ...good, order_id: '', beneficiary_reference: 'BEN-1' },
      { ...good, ...blankDetails, beneficiary_reference: 'BEN-2' },
    ];
    const result = validateBatchRows(rows, { model: m, corridors: [BE], beneficiaries });
    expect(result.payouts).toEqual([
      expect.objectContaining({
        row: 1,
        beneficiary_reference: 'BEN-1',
        payout: expect.objectContaining({ metadata: null, amount: good.amount }),
      }),
    ]);
    expect(result.errors.filter((e) => e.row === 2)).toEqual([
      {
        row: 2,
        column: 'beneficiary_reference',
        message: 'No saved beneficiary has the reference NOPE.',
      },
    ]);
    const row3 = result.errors.filter((e) => e.row === 3);
    expect(row3.length).toBeGreaterThan(3);
    expect(row3.every((e) => e.message.startsWith('Leave '))).toBe(true);
    expect(result.errors.filter((e) => e.row === 4)).toEqual([
      expect.objectContaining({
        column: 'beneficiary_reference',
        message: expect.stringMatching(/US \/ USD/),
      }),
    ]);
  });

  it("reports a saved beneficiary's details that no longer fit the form on its reference", () => {
    const blank = Object.fromEntries([
      ['order_id', ''],
      ...m.columns.filter((c) => c.kind === 'field').map((c) => [c.name, '']),
    ]);
    const saved = (metadata: Record<string, string>): BatchBeneficiary => ({
      reference: 'BEN-1',
      ...BE,
      payout_method_type: 'bank_account',
      provider: 'test_bank',
      metadata,
    });
    const details = Object.fromEntries(
      m.section.fields.flatMap((f) => {
        const value = good[f.name];
        return value === undefined || value === '' ? [] : [[f.name, value]];
      }),
    );
    const run = (metadata: Record<string, string>) =>
      validateBatchRows([{ ...good, ...blank, beneficiary_reference: 'BEN-1' }], {
        model: m,
        corridors: [BE],
        beneficiaries: new Map([['BEN-1', saved(metadata)]]),
      });
    expect(run(details).errors).toEqual([]);
    expect(run(details).payouts[0]?.payout.metadata).toBe(null);
    const broken = run({ ...details, email: 'nope' });
    expect(broken.errors).toEqual([
      {
        row: 1,
        column: 'beneficiary_reference',
        message: expect.stringMatching(
          /^The saved beneficiary BEN-1's details no longer fit Test Bank's form: /,
        ),
      },
    ]);
  });

  it('refuses the whole file when its corridor is not configured', () => {
    const result = validateBatchRows([good], { model: m, corridors: [US] });
    expect(result.fileErrors).toEqual([
      'Payouts to BE in EUR are not configured: ask an admin to add the corridor.',
    ]);
    expect(result.payouts).toEqual([]);
  });

  it('reads numbers for numeric fields and refuses text there', () => {
    const cards = model(BE, 'credit_card', 'test_cards');
    const card = batchExampleRow(cards);
    expect(validateBatchRows([card], { model: cards, corridors: [BE] }).errors).toEqual([]);
    const result = validateBatchRows([{ ...card, expiryMonth: 'December' }], {
      model: cards,
      corridors: [BE],
    });
    expect(result.errors.map((e) => [e.row, e.column])).toEqual([[1, 'expiryMonth']]);
  });
});
