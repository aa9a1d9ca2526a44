import { LosslessNumber } from 'lossless-json';
import { describe, expect, it } from 'vitest';
import { maskCardRuns, scrubExchangeBody } from './scrubExchangeBody.js';

describe('scrubExchangeBody', () => {
  it('masks card numbers 6+4, drops CVVs, redacts credentials and keeps the rest', () => {
    const scrubbed = scrubExchangeBody(
      {
        amount: new LosslessNumber('10.5'),
        cashier_key: 'cashier-secret',
        cvv2: '123',
        metadata: { creditCardNumber: '4111111111111111', creditCardToken: '', name: 'Ada' },
        note: 'card 4111 1111 1111 1111 and id 3f2a-4111111111111111-x',
        psp: { access_token: 'tok', CVC: '999' },
      },
      (text) => maskCardRuns(text.replace('Ada', 'A.')),
    );
    expect(scrubbed).toEqual({
      amount: 10.5,
      cashier_key: '[redacted]',
      metadata: { creditCardNumber: '411111******1111', creditCardToken: '', name: 'A.' },
      note: 'card 411111******1111 and id 3f2a-411111******1111-x',
      psp: { access_token: '[redacted]' },
    });
  });

  it('leaves digit runs that are not Luhn-valid card numbers alone', () => {
    expect(maskCardRuns('order 1234567890123 ok')).toBe('order 1234567890123 ok');
    const uuid = 'dbdb60e4-78e5-4e20-b376-447099715200';
    expect(maskCardRuns(uuid)).toBe(uuid);
  });
});
