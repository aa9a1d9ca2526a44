import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/**
 * The one keyset pager condition: rows after the last one of the previous page, in the order
 * `direction` of `key` (a sort column, then the id that breaks ties). A row-value comparison,
 * which PostgreSQL answers from a btree on the same columns. `last` holds the previous page's
 * last values, each with the cast its column needs (a cursor's value is text).
 */
export function afterKeyset(
  direction: 'asc' | 'desc',
  key: readonly [SQLWrapper, SQLWrapper],
  last: readonly [SQL, SQL],
): SQL {
  const cmp = direction === 'asc' ? sql`>` : sql`<`;
  return sql`(${key[0]}, ${key[1]}) ${cmp} (${last[0]}, ${last[1]})`;
}

/** `text` with LIKE's wildcards escaped, for a pattern that matches it literally. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
