import { maskCardNumbers } from '@payouts/contracts';
import { describe, expect, it } from 'vitest';
import { createScrubber } from './createScrubber.js';
import { redactGenericSecrets } from './redactGenericSecrets.js';
import { scrubPayload } from './scrubPayload.js';

describe('maskCardNumbers', () => {
  it('keeps only the last four digits of card-like runs', () => {
    expect(maskCardNumbers('card 4111111111111111 refused')).toBe('card ************1111 refused');
    expect(maskCardNumbers('card 4111 1111 1111 1111.')).toBe('card ************1111.');
    expect(maskCardNumbers('4111-1111-1111-1111')).toBe('************1111');
    expect(maskCardNumbers('123456789012')).toBe('********9012');
  });

  it('leaves shorter and longer digit runs alone', () => {
    expect(maskCardNumbers('order 12345678901 ok')).toBe('order 12345678901 ok');
    expect(maskCardNumbers('id 12345678901234567890')).toBe('id 12345678901234567890');
    expect(maskCardNumbers('amount 12.50 EUR')).toBe('amount 12.50 EUR');
  });

  it('masks only Luhn-valid runs when asked, so long ids in data survive', () => {
    expect(maskCardNumbers('4111111111111111', { luhnOnly: true })).toBe('************1111');
    expect(maskCardNumbers('4111111111111112', { luhnOnly: true })).toBe('4111111111111112');
  });
});

describe('redactGenericSecrets', () => {
  it('redacts JWT-like tokens, bearer credentials and quoted api keys', () => {
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJtZXJjaGFudCJ9.c2lnbmF0dXJl';
    expect(redactGenericSecrets(`token ${jwt} expired`)).toBe('token [redacted] expired');
    expect(redactGenericSecrets('Authorization: Bearer abc.def')).toBe(
      'Authorization: Bearer [redacted]',
    );
    expect(redactGenericSecrets("merchant api key 'sk_live_123' is invalid")).toBe(
      "merchant api key '[redacted]' is invalid",
    );
  });
});

describe('createScrubber', () => {
  const secrets = ['key-123', 'hunter2', 'tok'];
  const scrub = createScrubber(() => secrets);

  it('replaces every known secret and extra per-call secrets', () => {
    expect(scrub.message('key key-123 and pw hunter2')).toBe('key [redacted] and pw [redacted]');
    expect(scrub.message('cvv 737 refused', ['737'])).toBe('cvv [redacted] refused');
  });

  it('reads the secrets on each use (tokens change)', () => {
    secrets.push('new-token-xyz');
    expect(scrub.message('new-token-xyz')).toBe('[redacted]');
  });

  it('masks every card-like run in messages but only Luhn-valid ones in data', () => {
    expect(scrub.message('4111111111111112')).toBe('************1112');
    expect(scrub.data('4111111111111112 and 4111111111111111')).toBe(
      '4111111111111112 and ************1111',
    );
  });
});

describe('scrubPayload', () => {
  it('redacts sensitive keys and scrubs nested strings without touching other values', () => {
    const out = scrubPayload(
      {
        cvv: '123',
        card_number: '4111111111111111',
        cardNumber: 'x',
        nested: [{ note: 'pan 4111111111111111', amount: 12.5 }],
        psp_ref: 'ABC',
      },
      (t) => maskCardNumbers(t, { luhnOnly: true }),
    );
    expect(out).toEqual({
      cvv: '[redacted]',
      card_number: '[redacted]',
      cardNumber: '[redacted]',
      nested: [{ note: 'pan ************1111', amount: 12.5 }],
      psp_ref: 'ABC',
    });
  });
});
