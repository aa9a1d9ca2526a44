import {
  buildPayoutForm,
  createPayoutValidator,
  type Corridor,
  type PayoutProvider,
  type PayoutValidator,
} from '@payouts/contracts';

/**
 * Validators for created payouts, built once per providers list (the providers cache hands out
 * the same array until it refetches), corridor and UTC month, instead of building the form and
 * serialising its schema on every request. The form depends on the time only through the
 * current UTC year and month (expiry rules), so the month is part of the key.
 */
export function createPayoutValidators(): (
  providers: readonly PayoutProvider[],
  corridor: Corridor,
  now: Date,
) => PayoutValidator {
  const byProviders = new WeakMap<readonly PayoutProvider[], Map<string, PayoutValidator>>();
  return (providers, corridor, now) => {
    let byKey = byProviders.get(providers);
    if (!byKey) {
      byKey = new Map();
      byProviders.set(providers, byKey);
    }
    const key = `${corridor.country}:${corridor.currency}:${now.getUTCFullYear()}-${now.getUTCMonth()}`;
    let validator = byKey.get(key);
    if (!validator) {
      // Bounded: a month's validators are dead once the next month starts.
      if (byKey.size >= 8) byKey.clear();
      validator = createPayoutValidator(buildPayoutForm(providers, corridor, { now }));
      byKey.set(key, validator);
    }
    return validator;
  };
}
