-- payout_stats_rebuild() reads payouts once, not twice. The daily rollup is the hourly
-- one summed by UTC day (every UTC hour lies in exactly one UTC day, and both share the rest of
-- the key), so it is built from the freshly rebuilt hourly rows (~1.5 million at ten million
-- payouts) instead of a second grouping of every payout. Same result (a test compares it with
-- what the triggers keep); the triggers are unchanged.

CREATE FUNCTION payout_stats_hist_add_one(a bigint[], b bigint[]) RETURNS bigint[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT payout_stats_hist_add(a, b, 1)
$$;
--> statement-breakpoint
-- The element-wise sum of histograms (the daily row of a day's hourly rows).
CREATE AGGREGATE payout_stats_hist_sum(bigint[]) (
  SFUNC = payout_stats_hist_add_one,
  STYPE = bigint[],
  INITCOND = '{0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0}'
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION payout_stats_rebuild() RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  made bigint;
BEGIN
  TRUNCATE payout_stats_hourly;
  INSERT INTO payout_stats_hourly (hour, country, currency, provider, payout_method_type,
    is_test, status, decline_code, decline_reason, count, amount, final_hist)
  SELECT hour, country, currency, provider, payout_method_type, is_test, status, decline_code,
    decline_reason, sum(n), sum(amount), payout_stats_hist(slot, n)
  FROM (
    SELECT date_trunc('hour', p.created_at, 'UTC') AS hour, p.country, p.currency, p.provider,
      p.payout_method_type, p.is_test, p.status, coalesce(p.decline_code, '') AS decline_code,
      coalesce(p.decline_reason, '') AS decline_reason,
      payout_stats_slot_of(p.status, p.created_at, p.final_at, p.updated_at) AS slot,
      count(*) AS n, sum(p.amount) AS amount
    FROM payouts p
    GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
  ) g
  GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9;
  GET DIAGNOSTICS made = ROW_COUNT;
  TRUNCATE payout_stats_daily;
  INSERT INTO payout_stats_daily (day, country, currency, provider, payout_method_type,
    is_test, status, decline_code, decline_reason, count, amount, final_hist)
  SELECT date_trunc('day', h.hour, 'UTC'), h.country, h.currency, h.provider,
    h.payout_method_type, h.is_test, h.status, h.decline_code, h.decline_reason, sum(h.count),
    sum(h.amount), payout_stats_hist_sum(h.final_hist)
  FROM payout_stats_hourly h
  GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9;
  RETURN made;
END;
$$;
