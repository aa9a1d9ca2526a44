import { randomUUID } from 'node:crypto';

/**
 * The card details the BFF suites send for `northwind_pay` card payouts: a public test card
 * (the secret scanner treats its full number as a leak in any reply or log line).
 */
export const TEST_CARD_METADATA = {
  creditCardToken: '',
  creditCardNumber: '4111 1111 1111 1111',
  cardHolderName: 'Jan Peeters',
  expiryMonth: 12,
  expiryYear: 2034,
  customerFirstName: 'Jan',
  customerLastName: 'Peeters',
  email: 'jan.peeters@example.be',
} as const;

/** A `POST /api/payouts` body: a BE/EUR Northwind Pay card payout of `amount`, a new order id. */
export function cardPayoutBody(label: string, amount: string) {
  return {
    order_id: `${label}-${randomUUID()}`,
    provider: 'northwind_pay',
    country: 'BE',
    currency: 'EUR',
    state: null,
    amount,
    payout_method_type: 'credit_card',
    metadata: TEST_CARD_METADATA,
  };
}
