import { formatMoney } from '../../components/formatMoney.js';

/**
 * The exact sum of plain decimal strings, with BigInt: the contracts' `sumAmounts` would bring
 * big.js into a chunk the payout detail route downloads (3 kB over its budget).
 */
function sumDecimals(amounts: readonly string[]): string {
  const scale = Math.max(0, ...amounts.map((a) => a.split('.')[1]?.length ?? 0));
  let total = 0n;
  for (const amount of amounts) {
    const [whole = '0', fraction = ''] = amount.split('.');
    total += BigInt(`${whole}${fraction.padEnd(scale, '0')}`);
  }
  if (scale === 0) return total.toString();
  const digits = total.toString().padStart(scale + 1, '0');
  return `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
}

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
    .map(([currency, amounts]) => formatMoney(sumDecimals(amounts), currency))
    .join(' + ');
}
