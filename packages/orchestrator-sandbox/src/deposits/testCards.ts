/**
 * Card numbers with a fixed outcome on the card-deposit endpoints (and, for the decline cards,
 * on card payouts). Any other Luhn-valid number is approved.
 */
export const SANDBOX_TEST_CARDS = {
  approve: { number: '4111111111111111', brand: 'visa', outcome: 'approved' },
  approveMastercard: { number: '5555555555554444', brand: 'mastercard', outcome: 'approved' },
  decline: {
    number: '4000000000000002',
    brand: 'visa',
    outcome: 'declined',
    decline_code: 'do_not_honor',
    decline_reason: 'Do not honor',
  },
  declineMastercard: {
    number: '5105105105105100',
    brand: 'mastercard',
    outcome: 'declined',
    decline_code: 'do_not_honor',
    decline_reason: 'Do not honor',
  },
  insufficientFunds: {
    number: '4000000000009995',
    brand: 'visa',
    outcome: 'declined',
    decline_code: 'insufficient_funds',
    decline_reason: 'Insufficient funds',
  },
  expiredCard: {
    number: '4000000000000069',
    brand: 'visa',
    outcome: 'declined',
    decline_code: 'expired_card',
    decline_reason: 'The card has expired',
  },
  threeDSecure: {
    number: '4000000000003220',
    brand: 'visa',
    outcome: 'in_process',
    behaviour: 'in_process with a challenge page at mpi_url; the customer approves or fails it',
  },
  threeDSecureFrictionless: {
    number: '4000000000003063',
    brand: 'visa',
    outcome: 'in_process',
    behaviour:
      'in_process, approved by itself after settleAfterMs unless the challenge is answered first',
  },
} as const;

export type TestCardName = keyof typeof SANDBOX_TEST_CARDS;

/** The test card a number is, if any. */
export function testCardOf(cardNumber: string): TestCardName | undefined {
  for (const [name, card] of Object.entries(SANDBOX_TEST_CARDS)) {
    if (card.number === cardNumber) return name as TestCardName;
  }
  return undefined;
}
