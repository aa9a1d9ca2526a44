import { SAMPLE_CARD_NUMBER } from '@payouts/contracts';
import { cardBin, type LabDepositInput, normalizeCardNumber } from '@payouts/contracts';

/** What the deposit console's form holds, every value as typed. Kept in memory only. */
export interface DepositFormValues {
  corridor: string;
  order_id: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  address1: string;
  city: string;
  zip_code: string;
  state: string;
  amount: string;
  card_holder_name: string;
  credit_card_number: string;
  expire_month: string;
  expire_year: string;
  cvv2: string;
}

export type DepositFormErrors = Partial<Record<keyof DepositFormValues, string>>;

export function emptyDepositForm(orderId: string): DepositFormValues {
  return {
    corridor: '',
    order_id: orderId,
    first_name: '',
    last_name: '',
    email: '',
    phone: '',
    address1: '',
    city: '',
    zip_code: '',
    state: '',
    amount: '',
    card_holder_name: '',
    credit_card_number: '',
    expire_month: '',
    expire_year: '',
    cvv2: '',
  };
}

export function depositBin(values: DepositFormValues): string {
  return cardBin(normalizeCardNumber(values.credit_card_number));
}

/** The `deposit` part of `POST /api/lab/deposits`. */
export function toDepositInput(
  values: DepositFormValues,
  ddc: Record<string, string>,
): LabDepositInput {
  const [country = '', currency = ''] = values.corridor.split('/');
  return {
    order_id: values.order_id.trim(),
    first_name: values.first_name.trim(),
    last_name: values.last_name.trim(),
    email: values.email.trim(),
    currency,
    country,
    state: values.state.trim() === '' ? null : values.state.trim(),
    address1: values.address1.trim(),
    city: values.city.trim(),
    zip_code: values.zip_code.trim(),
    amount: values.amount.trim(),
    phone: values.phone.trim(),
    card_holder_name: values.card_holder_name.trim(),
    credit_card_number: normalizeCardNumber(values.credit_card_number),
    expire_month: Number(values.expire_month),
    expire_year: Number(values.expire_year),
    cvv2: values.cvv2,
    ddc,
  };
}

/** A customer and card per country for "Prefill test data": the sandbox's and PSPs' test data. */
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
 * The form filled with valid test data for its corridor: a customer of that country and the
 * networks' public test card (`4111 1111 1111 1111`, expiring in two years). The order id, the
 * corridor and anything the corridor does not decide stay as they are.
 */
export function depositTestData(
  values: DepositFormValues,
  corridor: string,
  now: Date,
): DepositFormValues {
  const [country = ''] = corridor.split('/');
  const customer = TEST_CUSTOMERS[country] ?? DEFAULT_CUSTOMER;
  return {
    ...values,
    corridor,
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
    credit_card_number: SAMPLE_CARD_NUMBER,
    expire_month: '12',
    expire_year: String(now.getUTCFullYear() + 2),
    cvv2: '123',
  };
}
