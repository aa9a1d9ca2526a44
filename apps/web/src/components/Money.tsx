import { exactMoney, formatMoney } from './formatMoney.js';

/** An amount as `formatMoney` shows it, the exact stored value on hover. */
export function Money({ amount, currency }: { amount: string; currency: string }) {
  return (
    <span title={exactMoney(amount, currency)} style={{ fontVariantNumeric: 'tabular-nums' }}>
      {formatMoney(amount, currency)}
    </span>
  );
}
