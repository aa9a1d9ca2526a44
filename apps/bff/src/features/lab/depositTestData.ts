import type { DepositTestDataDto } from '@payouts/contracts';

/** A customer per country for "Prefill test data"; Belgium's for any other country. */
const TEST_CUSTOMERS: Readonly<
  Record<string, { phone: string; city: string; zip_code: string; state: string }>
> = {
  US: { phone: '+12133734253', city: 'Los Angeles', zip_code: '90012', state: 'CA' },
  GB: { phone: '+447911123456', city: 'London', zip_code: 'SW1A 1AA', state: '' },
  DE: { phone: '+4915112345678', city: 'Berlin', zip_code: '10117', state: '' },
  FR: { phone: '+33612345678', city: 'Paris', zip_code: '75001', state: '' },
};
const DEFAULT_CUSTOMER = { phone: '+32470123456', city: 'Brussels', zip_code: '1000', state: '' };

/**
 * Valid deposit data for a corridor but the card: a customer of its country, an amount, a card
 * holder and an expiry two years ahead. The card number and CVV are the admin's to type (their
 * PSP's test card): no reply carries a full card number.
 */
export function depositTestData(country: string, now: Date): DepositTestDataDto {
  const customer = TEST_CUSTOMERS[country] ?? DEFAULT_CUSTOMER;
  return {
    first_name: 'Jane',
    last_name: 'Doe',
    email: 'jane.doe@example.com',
    phone: customer.phone,
    address1: '1 Test Street',
    city: customer.city,
    zip_code: customer.zip_code,
    state: customer.state,
    amount: '25.00',
    card_holder_name: 'Jane Doe',
    expire_month: '12',
    expire_year: String(now.getUTCFullYear() + 2),
  };
}
