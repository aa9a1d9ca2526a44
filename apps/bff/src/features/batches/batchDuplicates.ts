/** A flag on a batch row: shown like an error, but it does not block (decision 046). */
export interface RowWarning {
  column: string | null;
  message: string;
}

/** What the duplicate flags read of a row. */
export interface DuplicateCandidate {
  row: number;
  /** The keyed fingerprint of the account it pays; null: none known (no flag). */
  accountFingerprint: string | null;
  amount: string | null;
  /** Excluded rows are never paid: they neither get nor give a flag. */
  excluded: boolean;
}

/** A payout of the window to one of the batch's accounts, in the batch's currency. */
export interface RecentPayout {
  accountFingerprint: string;
  amount: string;
  orderId: string;
  createdAt: Date;
}

/**
 * The amount's canonical form (`0250.00` and `250` alike), or null when it is no plain decimal.
 * String work, not a decimal library: 10,000 rows are read between two turns of the event loop.
 */
export function canonicalAmount(amount: string | null): string | null {
  const text = amount?.trim() ?? '';
  if (!/^[0-9]+(\.[0-9]+)?$/.test(text)) return null;
  const [whole = '', fraction = ''] = text.split('.');
  const integer = whole.replace(/^0+(?=[0-9])/, '');
  const decimals = fraction.replace(/0+$/, '');
  return decimals === '' ? integer : `${integer}.${decimals}`;
}

/**
 * The possible-duplicate flags of a batch's rows: a row that pays the same amount to the same
 * account as an earlier row of the file, or as a recent payout (`recent`, already limited to the
 * window, the currency and payouts that may pay). Rows without a flag are absent.
 */
export function duplicateWarnings(
  rows: readonly DuplicateCandidate[],
  recent: readonly RecentPayout[],
): Map<number, RowWarning[]> {
  const paid = new Map<string, RecentPayout>();
  for (const payout of [...recent].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())) {
    const amount = canonicalAmount(payout.amount);
    const key = `${payout.accountFingerprint}|${amount}`;
    if (amount !== null && !paid.has(key)) paid.set(key, payout);
  }
  const firstRow = new Map<string, number>();
  const flags = new Map<number, RowWarning[]>();
  for (const row of [...rows].sort((a, b) => a.row - b.row)) {
    const amount = canonicalAmount(row.amount);
    if (row.excluded || row.accountFingerprint === null || amount === null) continue;
    const key = `${row.accountFingerprint}|${amount}`;
    const warnings: RowWarning[] = [];
    const earlier = paid.get(key);
    if (earlier) {
      warnings.push({
        column: null,
        message: `Possible duplicate: payout ${earlier.orderId} paid the same amount to the same account on ${earlier.createdAt.toISOString().slice(0, 10)}.`,
      });
    }
    const first = firstRow.get(key);
    if (first === undefined) firstRow.set(key, row.row);
    else {
      warnings.push({
        column: null,
        message: `Possible duplicate: row ${first} pays the same amount to the same account.`,
      });
    }
    if (warnings.length > 0) flags.set(row.row, warnings);
  }
  return flags;
}

/** Whether two flag lists say the same. */
export function sameWarnings(a: readonly RowWarning[], b: readonly RowWarning[]): boolean {
  return (
    a.length === b.length &&
    a.every((w, i) => w.column === b[i]?.column && w.message === b[i]?.message)
  );
}
