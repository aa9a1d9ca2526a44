import { describe, expect, it } from 'vitest';
import { findCardNumbersInText } from './refuseCardNumbersInText.js';

const CARD = '4111 1111 1111 1111';
const message = 'Looks like a card number: card numbers go only in the card number field.';

describe('findCardNumbersInText', () => {
  it('points at every string holding a card number, at any depth', () => {
    expect(
      findCardNumbersInText({
        name: `Ada ${CARD}`,
        reason: 'fine, order 12345',
        metadata: { customerFirstName: '4111-1111-1111-1111', bankName: 'KBC' },
        list: ['x', '5555555555554444'],
      }),
    ).toEqual(
      expect.arrayContaining([
        { pointer: '/name', message },
        { pointer: '/metadata/customerFirstName', message },
        { pointer: '/list/1', message },
      ]),
    );
  });

  it('lets a card number through only in the exact card number fields, not their siblings', () => {
    expect(
      findCardNumbersInText({
        metadata: { creditCardNumber: CARD, creditCardToken: '4012888888881881' },
        deposit: { credit_card_number: CARD, card_holder_name: CARD, address1: CARD },
        password: '4111111111111111',
      }),
    ).toEqual([
      { pointer: '/deposit/address1', message },
      { pointer: '/deposit/card_holder_name', message },
    ]);
    // An exempt name does not exempt what is nested under it.
    expect(findCardNumbersInText({ creditCardNumber: { note: CARD } })).toEqual([
      { pointer: '/creditCardNumber/note', message },
    ]);
    expect(findCardNumbersInText({ creditCardNumber: [CARD] })).toEqual([
      { pointer: '/creditCardNumber/0', message },
    ]);
  });

  it('points at the object holding a card-number key, so the reply does not repeat the number', () => {
    expect(findCardNumbersInText({ metadata: { [CARD]: 'x' } })).toEqual([
      { pointer: '/metadata', message },
    ]);
  });

  it('leaves IBANs, phone numbers and short numbers alone', () => {
    expect(
      findCardNumbersInText({
        bankAccountName: 'DE89 3704 0044 0532 0130 00',
        iban: 'DE89370400440532013000',
        phone: '+4915112345678',
        order_id: 'PO-20250101-123450',
        amount: '1234567890123.45',
      }),
    ).toEqual([]);
  });
});
