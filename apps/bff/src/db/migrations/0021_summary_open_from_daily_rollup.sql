-- The menu's "needs attention" counter (GET /api/payouts/summary) counts every open
-- payout from the daily rollup, less the open ones created since the attention threshold (a
-- short range of payouts_open_created_idx). Counting the open payouts themselves read ~170,000
-- index rows at a million payouts and millions at ten. INCLUDE (count), hand-added (drizzle
-- cannot express it), makes the sum an index-only scan of the open statuses' rollup rows.
CREATE INDEX "payout_stats_daily_open_idx" ON "payout_stats_daily" USING btree ("status") INCLUDE ("count") WHERE "payout_stats_daily"."status" in ('submitting', 'unknown', 'pending', 'in_process', 'authorized');
