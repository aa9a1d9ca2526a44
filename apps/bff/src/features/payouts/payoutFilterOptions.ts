import { sql } from 'drizzle-orm';
import { rowsOf, type Database } from '../../db/database.js';

/** A PSP the list can be filtered by: configured, or found in the ledger. */
export interface ProviderOption {
  id: string;
  /** Its name for people; null when it is no longer configured. */
  title: string | null;
  /** Payouts it has in the ledger (lab payouts included). */
  count: number;
}

/** A decline code the ledger holds, with the reason PSPs gave most recently for it. */
export interface DeclineCodeOption {
  code: string;
  reason: string | null;
  count: number;
}

export interface PayoutFilterOptions {
  options(): Promise<{ providers: ProviderOption[]; decline_codes: DeclineCodeOption[] }>;
}

/** At most this many decline codes, the most frequent first: a picker, not a report. */
const DECLINE_CODES_MAX = 200;

/**
 * The values the list's PSP and decline-code filters can take: every configured PSP and every
 * PSP and decline code the ledger holds, with how many payouts each has. Read from the daily
 * rollup (decision 038): a year at ten million payouts is ~130,000 rollup rows, not the payouts.
 */
export function createPayoutFilterOptions({
  db,
  pspTitles,
}: {
  db: Database;
  pspTitles: ReadonlyMap<string, string>;
}): PayoutFilterOptions {
  return {
    async options() {
      const [providers, declines] = await Promise.all([
        rowsOf<{ provider: string; count: string }>(
          db,
          sql`select s.provider, sum(s.count)::text as count from payout_stats_daily s
            group by s.provider having sum(s.count) > 0`,
        ),
        rowsOf<{ code: string; reason: string; count: string }>(
          db,
          sql`select s.decline_code as code, max(s.decline_reason) as reason,
              sum(s.count)::text as count
            from payout_stats_daily s where s.decline_code <> ''
            group by s.decline_code having sum(s.count) > 0
            order by sum(s.count) desc, s.decline_code limit ${DECLINE_CODES_MAX}`,
        ),
      ]);
      const counts = new Map(providers.map((row) => [row.provider, Number(row.count)]));
      const ids = [...new Set([...pspTitles.keys(), ...counts.keys()])];
      return {
        providers: ids
          .map((id) => ({ id, title: pspTitles.get(id) ?? null, count: counts.get(id) ?? 0 }))
          .sort((a, b) => (a.title ?? a.id).localeCompare(b.title ?? b.id)),
        decline_codes: declines.map((row) => ({
          code: row.code,
          reason: row.reason === '' ? null : row.reason,
          count: Number(row.count),
        })),
      };
    },
  };
}
