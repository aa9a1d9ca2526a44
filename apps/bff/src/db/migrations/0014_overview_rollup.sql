-- The overview's hourly rollup of the ledger (payout_stats_hourly), kept exact by
-- triggers on payouts in the same transaction as the change, and payouts.final_at backfilled.
--
-- One rollup row per (UTC hour of created_at, country, currency, provider, payout method type,
-- is_test, status, decline code, decline reason), '' for a missing code or reason: how many
-- payouts, their amount (numeric, never a float) and a histogram of the seconds from creation to
-- a final status (final_at, or updated_at for rows that never had final_at). The histogram has
-- one slot per OVERVIEW_FINAL_HIST_BOUNDS bound (packages/contracts/src/api/overview.ts) and an
-- overflow slot: payout_stats_final_slot below must match those bounds (a test checks it).
--
-- Like every timestamp here, nothing reads now(): the rollup is a function of the rows alone.
--
-- Inserts and deletes are counted per statement (transition tables: a bulk insert is one
-- grouped upsert); updates per row, and only when a counted column changed (the trigger's WHEN),
-- so the reconciler's leases and check times cost nothing.

-- The same rollup by UTC day: a long range reads its full days here, only its partial days at
-- either end from the hourly table (a year: ~365 rows per key instead of ~8,760).
CREATE TABLE "payout_stats_daily" (
	"day" timestamp with time zone NOT NULL,
	"country" text NOT NULL,
	"currency" text NOT NULL,
	"provider" text NOT NULL,
	"payout_method_type" text NOT NULL,
	"is_test" boolean NOT NULL,
	"status" text NOT NULL,
	"decline_code" text DEFAULT '' NOT NULL,
	"decline_reason" text DEFAULT '' NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL,
	"amount" numeric DEFAULT '0' NOT NULL,
	"final_hist" bigint[] NOT NULL,
	CONSTRAINT "payout_stats_daily_pkey" PRIMARY KEY("day","country","currency","provider","payout_method_type","is_test","status","decline_code","decline_reason")
);
--> statement-breakpoint
-- No parallel scans of the rollups: a query reads at most a few hundred thousand narrow rows,
-- less than starting workers costs on a busy server (the overview bench measured both).
ALTER TABLE payout_stats_hourly SET (parallel_workers = 0);
--> statement-breakpoint
ALTER TABLE payout_stats_daily SET (parallel_workers = 0);
--> statement-breakpoint
-- (a) final_at for payouts that were final before the column existed.
UPDATE payouts SET final_at = updated_at
WHERE final_at IS NULL AND status IN ('approved', 'declined', 'failed', 'rejected');
--> statement-breakpoint
CREATE FUNCTION payout_stats_final_slot(seconds double precision) RETURNS integer
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN seconds <= 1 THEN 1
    WHEN seconds <= 2 THEN 2
    WHEN seconds <= 5 THEN 3
    WHEN seconds <= 10 THEN 4
    WHEN seconds <= 30 THEN 5
    WHEN seconds <= 60 THEN 6
    WHEN seconds <= 120 THEN 7
    WHEN seconds <= 300 THEN 8
    WHEN seconds <= 600 THEN 9
    WHEN seconds <= 1800 THEN 10
    WHEN seconds <= 3600 THEN 11
    WHEN seconds <= 7200 THEN 12
    WHEN seconds <= 21600 THEN 13
    WHEN seconds <= 43200 THEN 14
    WHEN seconds <= 86400 THEN 15
    WHEN seconds <= 172800 THEN 16
    WHEN seconds <= 604800 THEN 17
    ELSE 18
  END
$$;
--> statement-breakpoint
-- The histogram slot a payout counts in: null while its status is not final.
CREATE FUNCTION payout_stats_slot_of(status text, created_at timestamptz, final_at timestamptz, updated_at timestamptz)
RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN status IN ('approved', 'declined', 'failed', 'rejected')
    THEN payout_stats_final_slot(extract(epoch FROM coalesce(final_at, updated_at) - created_at)::double precision)
  END
$$;
--> statement-breakpoint
-- `hist` with `n` added in `slot` (unchanged when slot is null).
CREATE FUNCTION payout_stats_hist_bump(hist bigint[], slot integer, n bigint) RETURNS bigint[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN slot IS NULL THEN hist
    ELSE hist[:slot - 1] || (hist[slot] + n) || hist[slot + 1:] END
$$;
--> statement-breakpoint
-- Element-wise a + sign * b.
CREATE FUNCTION payout_stats_hist_add(a bigint[], b bigint[], sign integer) RETURNS bigint[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT array_agg(x + sign * y ORDER BY i) FROM unnest(a, b) WITH ORDINALITY AS t(x, y, i)
$$;
--> statement-breakpoint
CREATE FUNCTION payout_stats_hist_step(hist bigint[], slot integer, n bigint) RETURNS bigint[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT payout_stats_hist_bump(hist, slot, n)
$$;
--> statement-breakpoint
-- The histogram of a group: payout_stats_hist(slot, how many) over its rows.
CREATE AGGREGATE payout_stats_hist(integer, bigint) (
  SFUNC = payout_stats_hist_step,
  STYPE = bigint[],
  INITCOND = '{0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0}'
);
--> statement-breakpoint
-- One payout in or out of its rollup row (the update trigger's two halves).
CREATE FUNCTION payout_stats_bump(
  p_created_at timestamptz, p_country text, p_currency text, p_provider text, p_type text,
  p_is_test boolean, p_status text, p_code text, p_reason text, p_amount numeric,
  p_final_at timestamptz, p_updated_at timestamptz, delta integer
) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  h timestamptz := date_trunc('hour', p_created_at, 'UTC');
  d timestamptz := date_trunc('day', p_created_at, 'UTC');
  slot integer := payout_stats_slot_of(p_status, p_created_at, p_final_at, p_updated_at);
BEGIN
  IF delta > 0 THEN
    INSERT INTO payout_stats_hourly AS s (hour, country, currency, provider, payout_method_type,
      is_test, status, decline_code, decline_reason, count, amount, final_hist)
    VALUES (h, p_country, p_currency, p_provider, p_type, p_is_test, p_status,
      coalesce(p_code, ''), coalesce(p_reason, ''), 1, p_amount,
      payout_stats_hist_bump(array_fill(0::bigint, ARRAY[18]), slot, 1))
    ON CONFLICT ON CONSTRAINT payout_stats_hourly_pkey DO UPDATE SET
      count = s.count + 1,
      amount = s.amount + excluded.amount,
      final_hist = payout_stats_hist_bump(s.final_hist, slot, 1);
  ELSE
    UPDATE payout_stats_hourly AS s SET
      count = s.count - 1,
      amount = s.amount - p_amount,
      final_hist = payout_stats_hist_bump(s.final_hist, slot, -1)
    WHERE s.hour = h AND s.country = p_country AND s.currency = p_currency
      AND s.provider = p_provider AND s.payout_method_type = p_type AND s.is_test = p_is_test
      AND s.status = p_status AND s.decline_code = coalesce(p_code, '')
      AND s.decline_reason = coalesce(p_reason, '');
    DELETE FROM payout_stats_hourly AS s
    WHERE s.hour = h AND s.country = p_country AND s.currency = p_currency
      AND s.provider = p_provider AND s.payout_method_type = p_type AND s.is_test = p_is_test
      AND s.status = p_status AND s.decline_code = coalesce(p_code, '')
      AND s.decline_reason = coalesce(p_reason, '') AND s.count <= 0;
  END IF;
  IF delta > 0 THEN
    INSERT INTO payout_stats_daily AS s (day, country, currency, provider, payout_method_type,
      is_test, status, decline_code, decline_reason, count, amount, final_hist)
    VALUES (d, p_country, p_currency, p_provider, p_type, p_is_test, p_status,
      coalesce(p_code, ''), coalesce(p_reason, ''), 1, p_amount,
      payout_stats_hist_bump(array_fill(0::bigint, ARRAY[18]), slot, 1))
    ON CONFLICT ON CONSTRAINT payout_stats_daily_pkey DO UPDATE SET
      count = s.count + 1,
      amount = s.amount + excluded.amount,
      final_hist = payout_stats_hist_bump(s.final_hist, slot, 1);
  ELSE
    UPDATE payout_stats_daily AS s SET
      count = s.count - 1,
      amount = s.amount - p_amount,
      final_hist = payout_stats_hist_bump(s.final_hist, slot, -1)
    WHERE s.day = d AND s.country = p_country AND s.currency = p_currency
      AND s.provider = p_provider AND s.payout_method_type = p_type AND s.is_test = p_is_test
      AND s.status = p_status AND s.decline_code = coalesce(p_code, '')
      AND s.decline_reason = coalesce(p_reason, '');
    DELETE FROM payout_stats_daily AS s
    WHERE s.day = d AND s.country = p_country AND s.currency = p_currency
      AND s.provider = p_provider AND s.payout_method_type = p_type AND s.is_test = p_is_test
      AND s.status = p_status AND s.decline_code = coalesce(p_code, '')
      AND s.decline_reason = coalesce(p_reason, '') AND s.count <= 0;
  END IF;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION payout_stats_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM payout_stats_bump(OLD.created_at, OLD.country, OLD.currency, OLD.provider,
    OLD.payout_method_type, OLD.is_test, OLD.status, OLD.decline_code, OLD.decline_reason,
    OLD.amount, OLD.final_at, OLD.updated_at, -1);
  PERFORM payout_stats_bump(NEW.created_at, NEW.country, NEW.currency, NEW.provider,
    NEW.payout_method_type, NEW.is_test, NEW.status, NEW.decline_code, NEW.decline_reason,
    NEW.amount, NEW.final_at, NEW.updated_at, 1);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION payout_stats_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO payout_stats_hourly AS s (hour, country, currency, provider, payout_method_type,
    is_test, status, decline_code, decline_reason, count, amount, final_hist)
  SELECT hour, country, currency, provider, payout_method_type, is_test, status, decline_code,
    decline_reason, sum(n), sum(amount), payout_stats_hist(slot, n)
  FROM (
    SELECT date_trunc('hour', r.created_at, 'UTC') AS hour, r.country, r.currency, r.provider,
      r.payout_method_type, r.is_test, r.status, coalesce(r.decline_code, '') AS decline_code,
      coalesce(r.decline_reason, '') AS decline_reason,
      payout_stats_slot_of(r.status, r.created_at, r.final_at, r.updated_at) AS slot,
      count(*) AS n, sum(r.amount) AS amount
    FROM new_rows r
    GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
  ) g
  GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9
  -- One lock order for every writer: concurrent inserts never wait on each other in a circle.
  ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9
  ON CONFLICT ON CONSTRAINT payout_stats_hourly_pkey DO UPDATE SET
    count = s.count + excluded.count,
    amount = s.amount + excluded.amount,
    final_hist = payout_stats_hist_add(s.final_hist, excluded.final_hist, 1);
  INSERT INTO payout_stats_daily AS s (day, country, currency, provider, payout_method_type,
    is_test, status, decline_code, decline_reason, count, amount, final_hist)
  SELECT day, country, currency, provider, payout_method_type, is_test, status, decline_code,
    decline_reason, sum(n), sum(amount), payout_stats_hist(slot, n)
  FROM (
    SELECT date_trunc('day', r.created_at, 'UTC') AS day, r.country, r.currency, r.provider,
      r.payout_method_type, r.is_test, r.status, coalesce(r.decline_code, '') AS decline_code,
      coalesce(r.decline_reason, '') AS decline_reason,
      payout_stats_slot_of(r.status, r.created_at, r.final_at, r.updated_at) AS slot,
      count(*) AS n, sum(r.amount) AS amount
    FROM new_rows r
    GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
  ) g
  GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9
  ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9
  ON CONFLICT ON CONSTRAINT payout_stats_daily_pkey DO UPDATE SET
    count = s.count + excluded.count,
    amount = s.amount + excluded.amount,
    final_hist = payout_stats_hist_add(s.final_hist, excluded.final_hist, 1);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION payout_stats_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE payout_stats_hourly AS s SET
    count = s.count - d.n,
    amount = s.amount - d.amount,
    final_hist = payout_stats_hist_add(s.final_hist, d.hist, -1)
  FROM (
    SELECT hour, country, currency, provider, payout_method_type, is_test, status, decline_code,
      decline_reason, sum(n) AS n, sum(amount) AS amount, payout_stats_hist(slot, n) AS hist
    FROM (
      SELECT date_trunc('hour', r.created_at, 'UTC') AS hour, r.country, r.currency, r.provider,
        r.payout_method_type, r.is_test, r.status, coalesce(r.decline_code, '') AS decline_code,
        coalesce(r.decline_reason, '') AS decline_reason,
        payout_stats_slot_of(r.status, r.created_at, r.final_at, r.updated_at) AS slot,
        count(*) AS n, sum(r.amount) AS amount
      FROM old_rows r
      GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
    ) g
    GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9
  ) d
  WHERE s.hour = d.hour AND s.country = d.country AND s.currency = d.currency
    AND s.provider = d.provider AND s.payout_method_type = d.payout_method_type
    AND s.is_test = d.is_test AND s.status = d.status AND s.decline_code = d.decline_code
    AND s.decline_reason = d.decline_reason;
  DELETE FROM payout_stats_hourly AS s
  WHERE s.count <= 0
    AND s.hour IN (SELECT DISTINCT date_trunc('hour', r.created_at, 'UTC') FROM old_rows r);
  UPDATE payout_stats_daily AS s SET
    count = s.count - d.n,
    amount = s.amount - d.amount,
    final_hist = payout_stats_hist_add(s.final_hist, d.hist, -1)
  FROM (
    SELECT day, country, currency, provider, payout_method_type, is_test, status, decline_code,
      decline_reason, sum(n) AS n, sum(amount) AS amount, payout_stats_hist(slot, n) AS hist
    FROM (
      SELECT date_trunc('day', r.created_at, 'UTC') AS day, r.country, r.currency, r.provider,
        r.payout_method_type, r.is_test, r.status, coalesce(r.decline_code, '') AS decline_code,
        coalesce(r.decline_reason, '') AS decline_reason,
        payout_stats_slot_of(r.status, r.created_at, r.final_at, r.updated_at) AS slot,
        count(*) AS n, sum(r.amount) AS amount
      FROM old_rows r
      GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
    ) g
    GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9
  ) d
  WHERE s.day = d.day AND s.country = d.country AND s.currency = d.currency
    AND s.provider = d.provider AND s.payout_method_type = d.payout_method_type
    AND s.is_test = d.is_test AND s.status = d.status AND s.decline_code = d.decline_code
    AND s.decline_reason = d.decline_reason;
  DELETE FROM payout_stats_daily AS s
  WHERE s.count <= 0
    AND s.day IN (SELECT DISTINCT date_trunc('day', r.created_at, 'UTC') FROM old_rows r);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER payout_stats_insert AFTER INSERT ON payouts
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION payout_stats_on_insert();
--> statement-breakpoint
CREATE TRIGGER payout_stats_delete AFTER DELETE ON payouts
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION payout_stats_on_delete();
--> statement-breakpoint
-- Only when a counted column changed (updated_at counts only for a final payout without
-- final_at, whose time to final it stands in for).
CREATE TRIGGER payout_stats_update AFTER UPDATE ON payouts
  FOR EACH ROW
  WHEN (
    OLD.created_at IS DISTINCT FROM NEW.created_at
    OR OLD.country IS DISTINCT FROM NEW.country
    OR OLD.currency IS DISTINCT FROM NEW.currency
    OR OLD.provider IS DISTINCT FROM NEW.provider
    OR OLD.payout_method_type IS DISTINCT FROM NEW.payout_method_type
    OR OLD.is_test IS DISTINCT FROM NEW.is_test
    OR OLD.status IS DISTINCT FROM NEW.status
    OR OLD.decline_code IS DISTINCT FROM NEW.decline_code
    OR OLD.decline_reason IS DISTINCT FROM NEW.decline_reason
    OR OLD.amount IS DISTINCT FROM NEW.amount
    OR OLD.final_at IS DISTINCT FROM NEW.final_at
    OR (NEW.final_at IS NULL AND OLD.updated_at IS DISTINCT FROM NEW.updated_at
        AND NEW.status IN ('approved', 'declined', 'failed', 'rejected'))
  )
  EXECUTE FUNCTION payout_stats_on_update();
--> statement-breakpoint
-- Truncates both rollups and counts every payout again, set-based (this migration's backfill, and
-- the bench after its bulk generation); answers the hourly rows made. Locks both for the duration.
CREATE FUNCTION payout_stats_rebuild() RETURNS bigint LANGUAGE plpgsql AS $$
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
  SELECT day, country, currency, provider, payout_method_type, is_test, status, decline_code,
    decline_reason, sum(n), sum(amount), payout_stats_hist(slot, n)
  FROM (
    SELECT date_trunc('day', p.created_at, 'UTC') AS day, p.country, p.currency, p.provider,
      p.payout_method_type, p.is_test, p.status, coalesce(p.decline_code, '') AS decline_code,
      coalesce(p.decline_reason, '') AS decline_reason,
      payout_stats_slot_of(p.status, p.created_at, p.final_at, p.updated_at) AS slot,
      count(*) AS n, sum(p.amount) AS amount
    FROM payouts p
    GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
  ) g
  GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9;
  RETURN made;
END;
$$;
--> statement-breakpoint
SELECT payout_stats_rebuild();
