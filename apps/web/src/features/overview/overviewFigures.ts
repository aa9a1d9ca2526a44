import type { OverviewAmount, OverviewSummaryDto, PayoutStatus } from '@payouts/contracts';

/**
 * The exact sum of decimal strings (`"10.5" + "0.25"` -> `"10.75"`), in integers of the smallest
 * fraction digit. Not the contracts' `sumAmounts`: it brings big.js, and with it into the list
 * page's chunk, which shares the money module (vite.config.ts).
 */
export function addDecimals(amounts: readonly string[]): string {
  const scale = Math.max(0, ...amounts.map((a) => a.split('.')[1]?.length ?? 0));
  let total = 0n;
  for (const amount of amounts) {
    const [integer = '0', fraction = ''] = amount.split('.');
    total += BigInt(integer + fraction.padEnd(scale, '0'));
  }
  if (scale === 0) return total.toString();
  const digits = total.toString().padStart(scale + 1, '0');
  const fraction = digits.slice(-scale).replace(/0+$/, '');
  return fraction ? `${digits.slice(0, -scale)}.${fraction}` : digits.slice(0, -scale);
}

/** The cards' status groups, in the order a person reads them. */
export const STATUS_GROUPS: readonly {
  id: string;
  label: string;
  statuses: readonly PayoutStatus[];
}[] = [
  { id: 'approved', label: 'Paid out', statuses: ['approved'] },
  {
    id: 'in_progress',
    label: 'In progress',
    statuses: ['submitting', 'pending', 'in_process', 'authorized'],
  },
  { id: 'awaiting_approval', label: 'Awaiting approval', statuses: ['awaiting_approval'] },
  { id: 'failed', label: 'Declined or failed', statuses: ['declined', 'failed'] },
  { id: 'unknown', label: 'Unknown', statuses: ['unknown'] },
  { id: 'rejected', label: 'Rejected', statuses: ['rejected'] },
];

/** One currency of a card: this range and the previous one (amounts exact decimal strings). */
export interface CurrencyFigure {
  currency: string;
  count: number;
  amount: string;
  previousCount: number;
  previousAmount: string;
}

export interface GroupFigures {
  count: number;
  previousCount: number;
  /** By currency code; amounts are never added across currencies. */
  currencies: CurrencyFigure[];
}

function byCurrency(
  amounts: readonly OverviewAmount[],
): Map<string, { count: number; amounts: string[] }> {
  const map = new Map<string, { count: number; amounts: string[] }>();
  for (const { currency, count, amount } of amounts) {
    const entry = map.get(currency) ?? { count: 0, amounts: [] };
    entry.count += count;
    entry.amounts.push(amount);
    map.set(currency, entry);
  }
  return map;
}

/** Adds up `current` and `previous` per currency (exactly, as decimal strings). */
export function combine(
  current: readonly OverviewAmount[],
  previous: readonly OverviewAmount[],
): GroupFigures {
  const now = byCurrency(current);
  const before = byCurrency(previous);
  const codes = [...new Set([...now.keys(), ...before.keys()])].sort();
  const currencies = codes.map((currency) => ({
    currency,
    count: now.get(currency)?.count ?? 0,
    amount: addDecimals(now.get(currency)?.amounts ?? []),
    previousCount: before.get(currency)?.count ?? 0,
    previousAmount: addDecimals(before.get(currency)?.amounts ?? []),
  }));
  return {
    count: currencies.reduce((n, c) => n + c.count, 0),
    previousCount: currencies.reduce((n, c) => n + c.previousCount, 0),
    // A currency with nothing this range and nothing before is not shown.
    currencies: currencies.filter((c) => c.count > 0 || c.previousCount > 0),
  };
}

/** One status group's figures from the summary. */
export function groupFigures(
  summary: OverviewSummaryDto,
  statuses: readonly PayoutStatus[],
): GroupFigures {
  const rows = summary.statuses.filter((s) => statuses.includes(s.status));
  return combine(
    rows.flatMap((r) => r.current),
    rows.flatMap((r) => r.previous),
  );
}

/**
 * The change from `previous` to `current` in whole percent, `null` when there was nothing before
 * (no percent of zero). A ratio for display: the amounts themselves are never computed in floats.
 */
export function percentChange(current: number | string, previous: number | string): number | null {
  const now = Number(current);
  const before = Number(previous);
  if (!Number.isFinite(now) || !Number.isFinite(before) || before === 0) return null;
  return Math.round(((now - before) / before) * 100);
}
