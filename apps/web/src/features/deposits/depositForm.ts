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
