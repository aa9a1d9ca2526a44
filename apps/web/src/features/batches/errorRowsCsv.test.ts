// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { buildBatch, buildBatchRow } from '../../testing/buildBatch.js';
import { errorRowsCsv } from './errorRowsCsv.js';

describe('errorRowsCsv', () => {
  const batch = buildBatch();
  const rows = [
    buildBatchRow({ row: 1 }),
    buildBatchRow({
      row: 2,
      state: 'invalid',
      cells: { ...buildBatchRow().cells, order_id: 'PO-2', iban: 'BE71****6769', amount: '1,5' },
      errors: [
        { column: 'amount', message: 'Use a dot for decimals.' },
        { column: null, message: 'Order ID used twice.' },
      ],
    }),
  ];

  it('writes the invalid rows with an error column, from the server cells', () => {
    expect(errorRowsCsv(batch, rows, undefined)).toBe(
      'order_id,amount,state,beneficiary_reference,iban,error\r\n' +
        'PO-2,"1,5",,,BE71****6769,Amount: Use a dot for decimals. Order ID used twice.\r\n',
    );
  });

  it('prefers the file read in this session: its cells are not masked', () => {
    const local = new Map([
      [
        2,
        {
          order_id: 'PO-2',
          amount: '1,5',
          state: '',
          beneficiary_reference: '',
          iban: 'BE71096123456769',
        },
      ],
    ]);
    expect(errorRowsCsv(batch, rows, local).split('\r\n')[1]).toBe(
      'PO-2,"1,5",,,BE71096123456769,Amount: Use a dot for decimals. Order ID used twice.',
    );
  });
});
