/** Server-to-server card deposit body (seed 2.3) and its reply (seed 2.4). */
import { statesOf } from '../countries.js';
import { resolveField, textFieldSchema as textField } from '../fieldRules.js';
import { DEPOSIT_STATUSES } from '../types.js';
import {
  countryCodeSchema,
  currencyCodeSchema,
  decimalAmountSchema,
  idSchema,
  nullable,
  orderIdSchema,
  positiveAmountSchema,
} from './common.js';
import { DRAFT_07, type JsonSchema } from './jsonSchema.js';

function field(name: string, title: string): JsonSchema {
  return resolveField({ name, title }, { currency: '' }).schema;
}

const STATE_COUNTRIES = ['US', 'CA', 'AU'];

/**
 * The card deposit body, amount as a decimal string. The expiry is only checked to be a plausible
 * month and year, not to lie in the future: the admin lab sends expired cards on purpose to see
 * the PSP decline them. The amount's scale depends on the currency: `validateCardDeposit` checks
 * it on top of this schema.
 */
export const cardDepositRequestSchema: JsonSchema = {
  $schema: DRAFT_07,
  title: 'Card deposit',
  type: 'object',
  required: [
    'cashier_key',
    'order_id',
    'first_name',
    'last_name',
    'email',
    'currency',
    'country',
    'state',
    'address1',
    'city',
    'zip_code',
    'amount',
    'phone',
    'card_holder_name',
    'credit_card_number',
    'expire_month',
    'expire_year',
    'cvv2',
    'ddc',
  ],
  additionalProperties: false,
  properties: {
    cashier_key: textField('Cashier key', 128),
    order_id: orderIdSchema(),
    first_name: field('customerFirstName', 'First name'),
    last_name: field('customerLastName', 'Last name'),
    email: field('email', 'E-mail'),
    currency: currencyCodeSchema('Currency', 'fiat'),
    country: countryCodeSchema(),
    state: {
      type: ['string', 'null'],
      title: 'State',
      errorMessage: {
        type: 'Choose the state, or leave it empty outside the US, Canada and Australia.',
      },
    },
    address1: textField('Address', 255),
    city: textField('City', 100),
    zip_code: field('bankZipcode', 'Postal code'),
    amount: positiveAmountSchema(),
    phone: field('phone', 'Phone'),
    card_holder_name: field('cardHolderName', 'Name on card'),
    credit_card_number: field('creditCardNumber', 'Card number'),
    expire_month: field('expiryMonth', 'Expiry month'),
    expire_year: field('expiryYear', 'Expiry year'),
    cvv2: {
      type: 'string',
      title: 'Security code',
      pattern: '^[0-9]{3,4}$',
      errorMessage: {
        type: 'Enter the 3 or 4 digit security code.',
        pattern: 'Enter the 3 or 4 digit security code.',
      },
    },
    ddc: {
      type: 'object',
      title: 'Device data',
      additionalProperties: { type: 'string' },
      errorMessage: { type: 'The device data must map PSP names to strings.' },
    },
    single_payment_mid_alias: textField('Merchant account (MID) alias', 100),
  },
  allOf: STATE_COUNTRIES.map((country): JsonSchema => ({
    if: { properties: { country: { const: country } }, required: ['country'] },
    then: {
      properties: {
        state: {
          type: 'string',
          enum: statesOf(country).map((s) => s.code),
          errorMessage: {
            type: `Choose the state: payouts and deposits in ${country} need one.`,
            enum: `Choose one of the ${country} states or provinces.`,
          },
        },
      },
    },
  })),
};

/** The deposit reply: `mpi_url` is set (the 3D Secure page) exactly when it is `in_process`. */
export const depositResultSchema: JsonSchema = {
  $schema: DRAFT_07,
  title: 'Deposit result',
  type: 'object',
  required: ['id', 'status', 'mpi_url', 'decline_code', 'decline_reason'],
  properties: {
    id: idSchema('Deposit id'),
    status: { type: 'string', enum: [...DEPOSIT_STATUSES] },
    mpi_url: nullable({ type: 'string', format: 'uri' }),
    decline_code: nullable({ type: 'string' }),
    decline_reason: nullable({ type: 'string' }),
  },
  allOf: [
    {
      if: { properties: { status: { const: 'in_process' } }, required: ['status'] },
      then: { properties: { mpi_url: { type: 'string' } } },
    },
  ],
};

/** A deposit as looked up afterwards (docs/orchestrator/api.md section 6). */
export const depositTransactionSchema: JsonSchema = {
  $schema: DRAFT_07,
  title: 'Deposit transaction',
  type: 'object',
  required: [
    'id',
    'psp_name',
    'country',
    'email',
    'transaction_id',
    'psp_order_id',
    'merchant_order_id',
    'amount',
    'currency',
    'decline_reason',
    'decline_code',
    'card_type',
    'last_four_digits',
    'processing_date',
    'payment_method',
    'status',
  ],
  properties: {
    id: idSchema('Deposit id'),
    psp_name: { type: 'string' },
    country: { type: 'string' },
    email: { type: 'string' },
    transaction_id: nullable({ type: 'string' }),
    psp_order_id: nullable({ type: 'string' }),
    merchant_order_id: { type: 'string' },
    amount: decimalAmountSchema(),
    currency: { type: 'string' },
    decline_reason: nullable({ type: 'string' }),
    decline_code: nullable({ type: 'string' }),
    card_type: nullable({ type: 'string' }),
    // Never more of the card than its last four digits.
    last_four_digits: nullable({ type: 'string', pattern: '^[0-9]{4}$' }),
    processing_date: nullable({ type: 'string' }),
    payment_method: nullable({ type: 'string' }),
    status: { type: 'string', enum: [...DEPOSIT_STATUSES] },
  },
};
