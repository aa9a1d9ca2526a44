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
