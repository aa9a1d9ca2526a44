import { formatCsvRow } from '@payouts/contracts';
import { IBAN } from './bankBeneficiary.js';
import type { ApiFetch } from './testApp.js';

/** The columns of a BE / EUR Northwind Pay bank payout file (the sandbox's metadata). */
export const NORTHWIND_BANK_COLUMNS = [
  'order_id',
  'amount',
  'state',
  'beneficiary_reference',
  'bankName',
  'bankCode',
  'bankAccountNumber',
  'bankAccountName',
  'customerFirstName',
  'customerLastName',
  'email',
] as const;

export type BatchCells = Partial<Record<(typeof NORTHWIND_BANK_COLUMNS)[number], string>>;

/** One valid row: a bank payout of `amount` EUR to a BE IBAN. */
export function northwindBankRow(n: number, overrides: BatchCells = {}): BatchCells {
  return {
    order_id: '',
    // `.19`: the sandbox approves it at once (a final status without waiting).
    amount: `${10 + (n % 90)}.19`,
    state: '',
    beneficiary_reference: '',
    bankName: 'Belfius',
    bankCode: 'GKCCBEBB',
    bankAccountNumber: IBAN,
    bankAccountName: `Seller ${n}`,
    customerFirstName: 'Anna',
    customerLastName: `Claes ${n}`,
    email: `seller${n}@example.com`,
    ...overrides,
  };
}

/** A CSV file of rows (header from `NORTHWIND_BANK_COLUMNS`), CRLF line ends. */
export function batchCsv(rows: readonly BatchCells[], delimiter: ',' | ';' = ','): string {
  const names = [...NORTHWIND_BANK_COLUMNS];
  const line = (cells: string[]) => formatCsvRow(cells, delimiter);
  return [line(names), ...rows.map((r) => line(names.map((n) => r[n] ?? '')))]
    .map((l) => `${l}\r\n`)
    .join('');
}

/** `POST /api/batches` for BE / EUR Northwind Pay bank payouts. */
export function uploadBatch(
  client: ApiFetch,
  csv: string | Uint8Array,
  fileName = 'sellers.csv',
  extra: Record<string, string> = {},
) {
  const query = new URLSearchParams({
    country: 'BE',
    currency: 'EUR',
    payout_method_type: 'bank_account',
    provider: 'northwind_pay',
    file_name: fileName,
    ...extra,
  });
  return client(`/api/batches?${query.toString()}`, {
    method: 'POST',
    headers: { 'Content-Type': 'text/csv' },
    body: csv,
  });
}
