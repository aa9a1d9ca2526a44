import { sumAmounts } from '@payouts/contracts';
import { formatMoney } from '../../components/formatMoney.js';

/**
 * The exact total of the chosen payouts per currency, in the order the currencies first appear:
 * `€170,000.00 + ¥25,000` (amounts are summed as decimals, never as floats).
 */
export function selectionTotals(items: readonly { amount: string; currency: string }[]): string {
  const byCurrency = new Map<string, string[]>();
  for (const item of items) {
    byCurrency.set(item.currency, [...(byCurrency.get(item.currency) ?? []), item.amount]);
  }
  return [...byCurrency]
    .map(([currency, amounts]) => formatMoney(sumAmounts(amounts), currency))
    .join(' + ');
}
