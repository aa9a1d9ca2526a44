// Its own module, not problems.ts: the SPA's core bundle holds problems.ts, and only the wizard
// reads duplicates.
/** An earlier payout a new one may duplicate (`possible_duplicate`'s `duplicates`, newest first). */
export interface PossibleDuplicate {
  id: string;
  order_id: string;
  amount: string;
  currency: string;
  status: string;
  created_at: string;
  /** The e-mail of who made it. */
  created_by: string;
}

/** The earlier payouts a `possible_duplicate` problem names; [] for any other body. */
export function possibleDuplicatesOf(problem: unknown): PossibleDuplicate[] {
  if (typeof problem !== 'object' || problem === null) return [];
  const list = (problem as { code?: unknown; duplicates?: unknown }).duplicates;
  if ((problem as { code?: unknown }).code !== 'possible_duplicate' || !Array.isArray(list)) {
    return [];
  }
  return list.filter(
    (d): d is PossibleDuplicate =>
      typeof d === 'object' &&
      d !== null &&
      typeof (d as PossibleDuplicate).id === 'string' &&
      typeof (d as PossibleDuplicate).order_id === 'string',
  );
}
