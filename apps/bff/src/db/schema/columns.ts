import { timestamp } from 'drizzle-orm/pg-core';

// Every timestamp is written from the injected clock (never `now()` in SQL) so that tests can
// move time and keyset cursors compare exactly what the code wrote.
export const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
