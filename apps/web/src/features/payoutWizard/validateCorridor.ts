import { ORDER_ID_PATTERN, statesOf, validateAmount, type Corridor } from '@payouts/contracts';
import type { CorridorField, CorridorValues } from './wizardDraft.js';

export type CorridorErrors = Partial<Record<CorridorField, string>>;

/** What the state field is called in a country (the payout schema's own titles). */
export function stateLabel(country: string): string {
  if (country === 'CA') return 'Province or territory';
  if (country === 'AU') return 'State or territory';
  return 'State';
}

const ORDER_ID_RE = new RegExp(ORDER_ID_PATTERN);

/**
 * The corridor step's checks, the same rules the BFF applies (contracts' `validateAmount`, the
 * order id pattern, the country's states), with messages for the person typing.
 */
export function validateCorridor(
  values: CorridorValues,
  corridors: readonly Corridor[],
): CorridorErrors {
  const errors: CorridorErrors = {};
  const countries = new Set(corridors.map((c) => c.country));
  if (values.country === '') errors.country = 'Choose the country to pay to.';
  else if (!countries.has(values.country)) {
    errors.country = 'No payouts are set up for this country.';
  }
  const currencies = corridors.filter((c) => c.country === values.country).map((c) => c.currency);
  if (values.currency === '') errors.currency = 'Choose the currency.';
  else if (!errors.country && !currencies.includes(values.currency)) {
    errors.currency = `No payouts in ${values.currency} are set up for this country.`;
  }
  const states = statesOf(values.country);
  if (states.length > 0 && !states.some((s) => s.code === values.state)) {
    errors.state = `Choose the ${stateLabel(values.country).toLowerCase()}.`;
  }
  if (values.currency !== '') {
    const amount = validateAmount(values.amount.trim(), values.currency);
    if (values.amount.trim() === '') errors.amount = 'Enter the amount.';
    else if (!amount.ok) errors.amount = amount.message;
  } else if (values.amount.trim() === '') {
    errors.amount = 'Enter the amount.';
  }
  const orderId = values.order_id.trim();
  if (!ORDER_ID_RE.test(orderId)) {
    errors.order_id =
      orderId === ''
        ? 'Enter an order ID.'
        : 'Use 1 to 64 letters, digits, dots, underscores, colons or dashes.';
  }
  return errors;
}
