import { formatAmount } from '@payouts/contracts';
import { displayLocale } from './displayPreferences.js';

/**
 * The one way the SPA shows money: from its decimal string (never through a float), in the
 * user's locale, with the currency's symbol or code and every digit (crypto without trailing
 * zeros, never rounded). A value the server should not have sent is shown as it came rather
 * than breaking the page.
 */
export function formatMoney(amount: string, currency: string): string {
  try {
    return formatAmount(amount, currency, displayLocale());
  } catch {
    return exactMoney(amount, currency);
  }
}

/** The exact stored value, for a hover: `0.50000000 BTC`. */
export function exactMoney(amount: string, currency: string): string {
  return `${amount} ${currency}`;
}
