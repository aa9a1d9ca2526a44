-- Issue 15: the overview's rollup (payout_stats_hourly), kept by a trigger on payouts, and
-- final_at backfilled. Written by the overview work.
SELECT 1;
