/**
 * The deposit console's checks before the fingerprint is fetched. A module of its own, loaded
 * with the page's options (`loadDepositChecks`): the schema's formats bring the contracts' field
 * rules (libphonenumber's metadata), about 40 kB gzip the form's first screen does not need.
 */
import {
  cardDepositRequestSchema,
  CUSTOM_FORMATS,
  errorKeywordRank,
  errorMessageFor,
  isDecimalString,
  isEmailAddress,
  isPlausibleCardNumber,
  normalizeCardDeposit,
  normalizeCardNumber,
  PatternEngineNotLoadedError,
} from '@payouts/contracts';
import { STANDARD_FORMATS } from '../../forms/standardFormats.js';
import { UnsupportedSchemaError, validateSchema } from '../../forms/validateSchema.js';
import { toDepositInput, type DepositFormErrors, type DepositFormValues } from './depositForm.js';

const FORMATS = { ...STANDARD_FORMATS, ...CUSTOM_FORMATS };

const REQUIRED: (keyof DepositFormValues)[] = [
  'corridor',
  'order_id',
  'first_name',
  'last_name',
  'email',
  'phone',
  'address1',
  'city',
  'zip_code',
  'amount',
  'card_holder_name',
  'credit_card_number',
  'expire_month',
  'expire_year',
  'cvv2',
];

/**
 * The contracts' card deposit schema on the eval-free validator (what the BFF checks, in its
 * words), one message per field, the most telling keyword first.
 */
function schemaErrors(values: DepositFormValues): DepositFormErrors {
  const body = normalizeCardDeposit({
    ...toDepositInput(values, {}),
    cashier_key: 'checked-by-bff',
  });
  let found;
  try {
    found = validateSchema(cardDepositRequestSchema, body, FORMATS);
  } catch (error) {
    // A keyword the browser check does not know, or sent before RE2 (loaded with the page's
    // options) is there: the BFF still checks everything.
    if (error instanceof UnsupportedSchemaError || error instanceof PatternEngineNotLoadedError) {
      return {};
    }
    throw error;
  }
  const best = new Map<string, (typeof found)[number]>();
  for (const error of found) {
    const name = error.instancePath.split('/')[1] ?? '';
    const current = best.get(name);
    if (!current || errorKeywordRank(error.keyword) < errorKeywordRank(current.keyword)) {
      best.set(name, error);
    }
  }
  const errors: DepositFormErrors = {};
  for (const [name, error] of best) {
    const field = name === 'country' || name === 'currency' ? 'corridor' : name;
    if (field in values) errors[field as keyof DepositFormValues] = errorMessageFor(error);
  }
  return errors;
}

/** The problems the BFF would refuse anyway, found before the fingerprint is fetched. */
export function validateDepositForm(values: DepositFormValues, now: Date): DepositFormErrors {
  const errors: DepositFormErrors = {};
  for (const [name, message] of Object.entries(schemaErrors(values))) {
    if (values[name as keyof DepositFormValues].trim() !== '') {
      errors[name as keyof DepositFormValues] = message;
    }
  }
  for (const name of REQUIRED) if (values[name].trim() === '') errors[name] = 'Required.';
  if (values.email && !errors.email && !isEmailAddress(values.email.trim())) {
    errors.email = 'Enter a valid e-mail address.';
  }
  if (values.amount && !isDecimalString(values.amount.trim())) {
    errors.amount = 'Digits and a decimal point only, e.g. 25.00';
  }
  if (
    values.credit_card_number &&
    !isPlausibleCardNumber(normalizeCardNumber(values.credit_card_number))
  ) {
    errors.credit_card_number = 'This is not a valid card number.';
  }
  const month = Number(values.expire_month);
  if (
    values.expire_month &&
    !(/^\d{1,2}$/.test(values.expire_month) && month >= 1 && month <= 12)
  ) {
    errors.expire_month = 'A month from 1 to 12.';
  }
  const year = Number(values.expire_year);
  if (values.expire_year && !(/^\d{4}$/.test(values.expire_year) && year >= now.getUTCFullYear())) {
    errors.expire_year = 'A four-digit year, this year or later.';
  }
  if (values.cvv2 && !/^\d{3,4}$/.test(values.cvv2)) errors.cvv2 = '3 or 4 digits.';
  return errors;
}
