import { formatAmount } from '@payouts/contracts';

/**
 * The amount for display from its decimal string (never through a float). A value the server
 * should not have sent is shown as it came rather than breaking the page.
 */
export function formatMoney(amount: string, currency: string): string {
  try {
    return formatAmount(amount, currency, 'en-US');
  } catch {
    return `${amount} ${currency}`;
  }
}
