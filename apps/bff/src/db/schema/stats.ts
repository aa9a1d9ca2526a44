/** The overview's rollups, kept by triggers (decision 038). */
import { PAYOUT_STATUSES } from '@payouts/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { at } from './columns.js';

/**
 * The overview's rollup of the ledger: one row per hour of creation (UTC) and
 * corridor, PSP, payout method type, test flag, current status and decline code and reason
 * ('' when none). Kept by a trigger on `payouts` in the same transaction as every write, so it
 * is never behind; `final_hist` counts time-to-final per OVERVIEW_FINAL_HIST_BOUNDS bucket.
 */
export const payoutStatsHourly = pgTable(
  'payout_stats_hourly',
  {
    hour: at('hour').notNull(),
    country: text('country').notNull(),
    currency: text('currency').notNull(),
    provider: text('provider').notNull(),
    payoutMethodType: text('payout_method_type').notNull(),
    isTest: boolean('is_test').notNull(),
    status: text('status', { enum: PAYOUT_STATUSES }).notNull(),
    declineCode: text('decline_code').notNull().default(''),
    declineReason: text('decline_reason').notNull().default(''),
    count: bigint('count', { mode: 'number' }).notNull().default(0),
    amount: numeric('amount').notNull().default('0'),
    finalHist: bigint('final_hist', { mode: 'number' }).array().notNull(),
  },
  (t) => [
    primaryKey({
      name: 'payout_stats_hourly_pkey',
      columns: [
        t.hour,
        t.country,
        t.currency,
        t.provider,
        t.payoutMethodType,
        t.isTest,
        t.status,
        t.declineCode,
        t.declineReason,
      ],
    }),
  ],
);

/**
 * The same rollup by UTC day, kept by the same triggers (migration 0014): a year's
 * overview reads full days here and only the partial days at its ends from the hourly table.
 */
export const payoutStatsDaily = pgTable(
  'payout_stats_daily',
  {
    day: at('day').notNull(),
    country: text('country').notNull(),
    currency: text('currency').notNull(),
    provider: text('provider').notNull(),
    payoutMethodType: text('payout_method_type').notNull(),
    isTest: boolean('is_test').notNull(),
    status: text('status', { enum: PAYOUT_STATUSES }).notNull(),
    declineCode: text('decline_code').notNull().default(''),
    declineReason: text('decline_reason').notNull().default(''),
    count: bigint('count', { mode: 'number' }).notNull().default(0),
    amount: numeric('amount').notNull().default('0'),
    finalHist: bigint('final_hist', { mode: 'number' }).array().notNull(),
  },
  (t) => [
    primaryKey({
      name: 'payout_stats_daily_pkey',
      columns: [
        t.day,
        t.country,
        t.currency,
        t.provider,
        t.payoutMethodType,
        t.isTest,
        t.status,
        t.declineCode,
        t.declineReason,
      ],
    }),
    // "Needs attention" counts every open payout here; migration 0021 adds INCLUDE
    // (count), which drizzle cannot express, so the sum is an index-only scan.
    index('payout_stats_daily_open_idx')
      .on(t.status)
      .where(sql`${t.status} in ('submitting', 'unknown', 'pending', 'in_process', 'authorized')`),
  ],
);

/**
 * The overview's series rollup (decision 038): the hourly rollup without status,
 * decline code and reason, with the few per-status figures the day series and the providers
 * table read (a year read ~130,000 daily rows keyed by status and decline at ten million
 * payouts, ~14,500 here). Kept by the same triggers as payout_stats_hourly (migration 0024);
 * `psp_hist` is the time-to-final histogram of the payouts a PSP decided (approved, declined,
 * failed), the providers' median.
 */
function seriesRollup(name: string, grain: 'hour' | 'day') {
  return pgTable(
    name,
    {
      bucket: at(grain).notNull(),
      country: text('country').notNull(),
      currency: text('currency').notNull(),
      provider: text('provider').notNull(),
      payoutMethodType: text('payout_method_type').notNull(),
      isTest: boolean('is_test').notNull(),
      count: bigint('count', { mode: 'number' }).notNull().default(0),
      amount: numeric('amount').notNull().default('0'),
      approved: bigint('approved', { mode: 'number' }).notNull().default(0),
      declined: bigint('declined', { mode: 'number' }).notNull().default(0),
      failed: bigint('failed', { mode: 'number' }).notNull().default(0),
      unknown: bigint('unknown', { mode: 'number' }).notNull().default(0),
      pspHist: bigint('psp_hist', { mode: 'number' }).array().notNull(),
    },
    (t) => [
      primaryKey({
        name: `${name}_pkey`,
        columns: [t.bucket, t.country, t.currency, t.provider, t.payoutMethodType, t.isTest],
      }),
    ],
  );
}

export const payoutStatsSeriesHourly = seriesRollup('payout_stats_series_hourly', 'hour');
export const payoutStatsSeriesDaily = seriesRollup('payout_stats_series_daily', 'day');

/**
 * "Awaiting my approval" without reading the awaiting payouts (decision 038): per user
 * and approver roles (a payout's frozen rule's, the legacy rule's for older payouts), how many
 * awaiting payouts that user created (`created`), and how many awaiting payouts created by
 * someone else that user has already approved (`approved`). Kept by triggers on payouts and
 * payout_approvals (migration 0024). A user's count: the others' `created` whose roles include
 * theirs, less their own `approved` there.
 */
export const payoutAwaitingCounts = pgTable(
  'payout_awaiting_counts',
  {
    userId: uuid('user_id').notNull(),
    roles: jsonb('roles').$type<string[]>().notNull(),
    created: bigint('created', { mode: 'number' }).notNull().default(0),
    approved: bigint('approved', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ name: 'payout_awaiting_counts_pkey', columns: [t.userId, t.roles] })],
);
