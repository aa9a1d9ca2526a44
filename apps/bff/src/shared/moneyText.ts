import { formatAmount } from '@payouts/contracts';

/**
 * An amount in a text the BFF writes for people (a notice, an e-mail, a problem's detail) as the
 * SPA shows it by default: `€15,000.00`, `¥20,000`, `0.5 BTC`. The server does not know each
 * reader's locale, so it writes the SPA's default (en-US) format.
 */
export function moneyText(amount: string, currency: string): string {
  try {
    return formatAmount(amount, currency, 'en-US');
  } catch {
    return `${amount} ${currency}`;
  }
}
