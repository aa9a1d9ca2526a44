// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  applyMapping,
  headerSimilarity,
  loadRememberedMapping,
  normaliseHeader,
  rememberMapping,
  suggestMapping,
} from './columnMapping.js';
import { parseBatchFile } from './parseBatchFile.js';

const COLUMNS = [
  { name: 'order_id', title: 'Order ID' },
  { name: 'amount', title: 'Amount' },
  { name: 'state', title: 'State' },
  { name: 'beneficiary_reference', title: 'Beneficiary reference' },
  { name: 'iban', title: 'IBAN' },
  { name: 'account_holder_name', title: 'Account holder name' },
];

function memoryStorage(): Storage {
  const data = new Map<string, string>();
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (k) => data.get(k) ?? null,
    key: (i) => [...data.keys()][i] ?? null,
    removeItem: (k) => void data.delete(k),
    setItem: (k, v) => void data.set(k, v),
  };
}

describe('headerSimilarity', () => {
  it('ignores case, spaces, underscores and dashes', () => {
    expect(normaliseHeader(' Account_Holder-Name ')).toBe('accountholdername');
    expect(headerSimilarity('Order ID', 'order_id')).toBe(1);
  });

  it('scores shared bigrams (Dice) between 0 and 1, symmetric', () => {
    expect(headerSimilarity('night', 'nacht')).toBeCloseTo(0.25);
    expect(headerSimilarity('holder name', 'account_holder_name')).toBeGreaterThan(0.6);
    expect(headerSimilarity('amount', 'iban')).toBe(0);
    expect(headerSimilarity('abc', 'xbcy')).toBe(headerSimilarity('xbcy', 'abc'));
    expect(headerSimilarity('', '')).toBe(0);
  });
});

describe('suggestMapping', () => {
  it('maps each file column to its nearest model column, unknown ones to ignore', () => {
    expect(
      suggestMapping(['Order Id', 'AMOUNT', 'Holder name', 'IBAN number', 'notes'], COLUMNS),
    ).toEqual(['order_id', 'amount', 'account_holder_name', 'iban', null]);
  });

  it('uses each model column at most once, best score first', () => {
    expect(suggestMapping(['amount', 'amount_eur'], COLUMNS)).toEqual(['amount', null]);
  });

  it('prefers what was remembered for this PSP and type', () => {
    const storage = memoryStorage();
    rememberMapping('acme', 'bank_account', ['Betrag', 'Notes'], ['amount', null], storage);
    const remembered = loadRememberedMapping('acme', 'bank_account', storage);
    expect(remembered).toEqual({ betrag: 'amount', notes: null });
    expect(suggestMapping(['betrag', 'notes', 'iban'], COLUMNS, remembered)).toEqual([
      'amount',
      null,
      'iban',
    ]);
    expect(loadRememberedMapping('other', 'bank_account', storage)).toEqual({});
  });
});

describe('applyMapping', () => {
  it('renames the header, drops ignored columns and quotes what must be', () => {
    const parsed = parseBatchFile(
      '\uFEFFAmount;Notes;Holder\r\n10.00;x;"Doe; Jane"\r\n# a comment\r\n20.00;y;Bob\r\n',
    );
    expect(parsed.delimiter).toBe(';');
    expect(applyMapping(parsed.rows, ['amount', null, 'account_holder_name'], ';')).toBe(
      'amount;account_holder_name\r\n10.00;"Doe; Jane"\r\n20.00;Bob\r\n',
    );
  });

  it('round-trips a comma file with quotes and line breaks', () => {
    const parsed = parseBatchFile('a,b\n"x ""q""","line\nbreak"\n');
    expect(parsed.delimiter).toBe(',');
    expect(applyMapping(parsed.rows, ['amount', 'iban'], ',')).toBe(
      'amount,iban\r\n"x ""q""","line\nbreak"\r\n',
    );
  });
});
