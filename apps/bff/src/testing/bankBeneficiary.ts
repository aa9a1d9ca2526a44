/** The IBAN `bankBeneficiary` pays unless told otherwise (a valid BE IBAN). */
export const IBAN = 'BE68539007547034';

let seq = 0;
/** A `POST /api/beneficiaries` body: a BE/EUR bank payee of Northwind Pay, unique reference. */
export function bankBeneficiary(
  overrides: Record<string, unknown> = {},
  details: Record<string, unknown> = {},
) {
  seq += 1;
  return {
    display_name: `Acme Supplies ${seq}`,
    reference: `SUP-${Date.now().toString(36)}-${seq}`,
    email: 'pay@acme.example',
    country: 'BE',
    currency: 'EUR',
    state: null,
    payout_method_type: 'bank_account',
    provider: 'northwind_pay',
    ...overrides,
    details: {
      bankName: 'Belfius',
      bankCode: 'GKCCBEBB',
      bankAccountNumber: IBAN,
      bankAccountName: 'Acme Supplies BV',
      customerFirstName: 'Anna',
      customerLastName: 'Claes',
      email: 'anna@acme.example',
      ...details,
    },
  };
}
