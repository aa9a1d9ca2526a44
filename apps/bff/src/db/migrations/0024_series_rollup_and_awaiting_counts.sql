-- Decision 038: the overview's series rollup and the "awaiting my approval" counter.
--
-- payout_stats_series_hourly and _daily are payout_stats_hourly and _daily without status,
-- decline code and reason: per hour (day) and corridor, PSP, payout method type and test flag,
-- the count and amount, the approved, declined, failed and unknown counts, and the time-to-final
-- histogram of the payouts a PSP decided (approved, declined, failed: the providers' median;
-- rejected ones never went to a PSP). A year's day series and providers table read them: at ten
-- million payouts ~14,500 daily rows instead of ~129,000, and ~7 times fewer hourly rows for the
-- hours a zone's offset moves. Kept exact by their own triggers on payouts (as migration 0014's:
-- inserts and deletes per statement, updates per row and only when a figure they hold changed;
-- a status change within one row is one UPDATE per grain), rebuilt from payout_stats_hourly.
--
-- payout_awaiting_counts: per user and approver roles (coalesce(approval_rule -> 'roles', the
-- legacy rule's), as approvalEligibility.ts's decidableBy reads them), `created`: the awaiting
-- payouts that user created; `approved`: the awaiting payouts created by someone else that user
-- has approved already (a rule needing several approvals). A user may decide on the others'
-- `created` whose roles include theirs, less their own `approved` there: two sums over a few
-- rows, whatever the number of awaiting payouts. Kept by triggers on payouts (a payout entering
-- or leaving awaiting_approval, or its creator or rule changing) and on payout_approvals; an
-- approval's trigger locks its payout FOR SHARE, so it and a concurrent status change of that
-- payout are counted in one order (the service already holds the row FOR UPDATE).

CREATE TABLE "payout_awaiting_counts" (
	"user_id" uuid NOT NULL,
	"roles" jsonb NOT NULL,
	"created" bigint DEFAULT 0 NOT NULL,
	"approved" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "payout_awaiting_counts_pkey" PRIMARY KEY("user_id","roles")
);
--> statement-breakpoint
CREATE TABLE "payout_stats_series_daily" (
	"day" timestamp with time zone NOT NULL,
	"country" text NOT NULL,
	"currency" text NOT NULL,
	"provider" text NOT NULL,
	"payout_method_type" text NOT NULL,
	"is_test" boolean NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL,
	"amount" numeric DEFAULT '0' NOT NULL,
	"approved" bigint DEFAULT 0 NOT NULL,
	"declined" bigint DEFAULT 0 NOT NULL,
	"failed" bigint DEFAULT 0 NOT NULL,
	"unknown" bigint DEFAULT 0 NOT NULL,
	"psp_hist" bigint[] NOT NULL,
	CONSTRAINT "payout_stats_series_daily_pkey" PRIMARY KEY("day","country","currency","provider","payout_method_type","is_test")
);
--> statement-breakpoint
CREATE TABLE "payout_stats_series_hourly" (
	"hour" timestamp with time zone NOT NULL,
	"country" text NOT NULL,
	"currency" text NOT NULL,
	"provider" text NOT NULL,
	"payout_method_type" text NOT NULL,
	"is_test" boolean NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL,
	"amount" numeric DEFAULT '0' NOT NULL,
	"approved" bigint DEFAULT 0 NOT NULL,
	"declined" bigint DEFAULT 0 NOT NULL,
	"failed" bigint DEFAULT 0 NOT NULL,
	"unknown" bigint DEFAULT 0 NOT NULL,
	"psp_hist" bigint[] NOT NULL,
	CONSTRAINT "payout_stats_series_hourly_pkey" PRIMARY KEY("hour","country","currency","provider","payout_method_type","is_test")
);
--> statement-breakpoint
-- No parallel scans, as the other rollups (migration 0014).
ALTER TABLE payout_stats_series_hourly SET (parallel_workers = 0);
--> statement-breakpoint
ALTER TABLE payout_stats_series_daily SET (parallel_workers = 0);
--> statement-breakpoint
-- The histogram slot of a payout a PSP decided; null otherwise (and for a rejected payout).
CREATE FUNCTION payout_stats_psp_slot(status text, created_at timestamptz, final_at timestamptz, updated_at timestamptz)
RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN status IN ('approved', 'declined', 'failed')
    THEN payout_stats_final_slot(extract(epoch FROM coalesce(final_at, updated_at) - created_at)::double precision)
  END
$$;
--> statement-breakpoint
CREATE FUNCTION payout_stats_series_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO payout_stats_series_hourly AS s (hour, country, currency, provider, payout_method_type,
    is_test, count, amount, approved, declined, failed, unknown, psp_hist)
  SELECT hour, country, currency, provider, payout_method_type, is_test, count(*) AS count,
    sum(amount) AS amount, count(*) FILTER (WHERE status = 'approved') AS approved,
    count(*) FILTER (WHERE status = 'declined') AS declined,
    count(*) FILTER (WHERE status = 'failed') AS failed,
    count(*) FILTER (WHERE status = 'unknown') AS unknown, ARRAY[
      count(*) FILTER (WHERE slot = 1), count(*) FILTER (WHERE slot = 2),
      count(*) FILTER (WHERE slot = 3), count(*) FILTER (WHERE slot = 4),
      count(*) FILTER (WHERE slot = 5), count(*) FILTER (WHERE slot = 6),
      count(*) FILTER (WHERE slot = 7), count(*) FILTER (WHERE slot = 8),
      count(*) FILTER (WHERE slot = 9), count(*) FILTER (WHERE slot = 10),
      count(*) FILTER (WHERE slot = 11), count(*) FILTER (WHERE slot = 12),
      count(*) FILTER (WHERE slot = 13), count(*) FILTER (WHERE slot = 14),
      count(*) FILTER (WHERE slot = 15), count(*) FILTER (WHERE slot = 16),
      count(*) FILTER (WHERE slot = 17), count(*) FILTER (WHERE slot = 18)] AS hist
  FROM (
    SELECT date_trunc('hour', r.created_at, 'UTC') AS hour, r.country, r.currency, r.provider,
      r.payout_method_type, r.is_test, r.status, r.amount,
      payout_stats_psp_slot(r.status, r.created_at, r.final_at, r.updated_at) AS slot
    FROM new_rows r
    OFFSET 0
  ) g
  GROUP BY 1, 2, 3, 4, 5, 6
  -- One lock order for every writer, as migration 0014's.
  ORDER BY 1, 2, 3, 4, 5, 6
  ON CONFLICT ON CONSTRAINT payout_stats_series_hourly_pkey DO UPDATE SET
    count = s.count + excluded.count,
    amount = s.amount + excluded.amount,
    approved = s.approved + excluded.approved,
    declined = s.declined + excluded.declined,
    failed = s.failed + excluded.failed,
    unknown = s.unknown + excluded.unknown,
    psp_hist = ARRAY[
      s.psp_hist[1] + excluded.psp_hist[1], s.psp_hist[2] + excluded.psp_hist[2],
      s.psp_hist[3] + excluded.psp_hist[3], s.psp_hist[4] + excluded.psp_hist[4],
      s.psp_hist[5] + excluded.psp_hist[5], s.psp_hist[6] + excluded.psp_hist[6],
      s.psp_hist[7] + excluded.psp_hist[7], s.psp_hist[8] + excluded.psp_hist[8],
      s.psp_hist[9] + excluded.psp_hist[9], s.psp_hist[10] + excluded.psp_hist[10],
      s.psp_hist[11] + excluded.psp_hist[11], s.psp_hist[12] + excluded.psp_hist[12],
      s.psp_hist[13] + excluded.psp_hist[13], s.psp_hist[14] + excluded.psp_hist[14],
      s.psp_hist[15] + excluded.psp_hist[15], s.psp_hist[16] + excluded.psp_hist[16],
      s.psp_hist[17] + excluded.psp_hist[17], s.psp_hist[18] + excluded.psp_hist[18]];
  INSERT INTO payout_stats_series_daily AS s (day, country, currency, provider, payout_method_type,
    is_test, count, amount, approved, declined, failed, unknown, psp_hist)
  SELECT day, country, currency, provider, payout_method_type, is_test, count(*) AS count,
    sum(amount) AS amount, count(*) FILTER (WHERE status = 'approved') AS approved,
    count(*) FILTER (WHERE status = 'declined') AS declined,
    count(*) FILTER (WHERE status = 'failed') AS failed,
    count(*) FILTER (WHERE status = 'unknown') AS unknown, ARRAY[
      count(*) FILTER (WHERE slot = 1), count(*) FILTER (WHERE slot = 2),
      count(*) FILTER (WHERE slot = 3), count(*) FILTER (WHERE slot = 4),
      count(*) FILTER (WHERE slot = 5), count(*) FILTER (WHERE slot = 6),
      count(*) FILTER (WHERE slot = 7), count(*) FILTER (WHERE slot = 8),
      count(*) FILTER (WHERE slot = 9), count(*) FILTER (WHERE slot = 10),
      count(*) FILTER (WHERE slot = 11), count(*) FILTER (WHERE slot = 12),
      count(*) FILTER (WHERE slot = 13), count(*) FILTER (WHERE slot = 14),
      count(*) FILTER (WHERE slot = 15), count(*) FILTER (WHERE slot = 16),
      count(*) FILTER (WHERE slot = 17), count(*) FILTER (WHERE slot = 18)] AS hist
  FROM (
    SELECT date_trunc('day', r.created_at, 'UTC') AS day, r.country, r.currency, r.provider,
      r.payout_method_type, r.is_test, r.status, r.amount,
      payout_stats_psp_slot(r.status, r.created_at, r.final_at, r.updated_at) AS slot
    FROM new_rows r
    OFFSET 0
  ) g
  GROUP BY 1, 2, 3, 4, 5, 6
  -- One lock order for every writer, as migration 0014's.
  ORDER BY 1, 2, 3, 4, 5, 6
  ON CONFLICT ON CONSTRAINT payout_stats_series_daily_pkey DO UPDATE SET
    count = s.count + excluded.count,
    amount = s.amount + excluded.amount,
    approved = s.approved + excluded.approved,
    declined = s.declined + excluded.declined,
    failed = s.failed + excluded.failed,
    unknown = s.unknown + excluded.unknown,
    psp_hist = ARRAY[
      s.psp_hist[1] + excluded.psp_hist[1], s.psp_hist[2] + excluded.psp_hist[2],
      s.psp_hist[3] + excluded.psp_hist[3], s.psp_hist[4] + excluded.psp_hist[4],
      s.psp_hist[5] + excluded.psp_hist[5], s.psp_hist[6] + excluded.psp_hist[6],
      s.psp_hist[7] + excluded.psp_hist[7], s.psp_hist[8] + excluded.psp_hist[8],
      s.psp_hist[9] + excluded.psp_hist[9], s.psp_hist[10] + excluded.psp_hist[10],
      s.psp_hist[11] + excluded.psp_hist[11], s.psp_hist[12] + excluded.psp_hist[12],
      s.psp_hist[13] + excluded.psp_hist[13], s.psp_hist[14] + excluded.psp_hist[14],
      s.psp_hist[15] + excluded.psp_hist[15], s.psp_hist[16] + excluded.psp_hist[16],
      s.psp_hist[17] + excluded.psp_hist[17], s.psp_hist[18] + excluded.psp_hist[18]];
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION payout_stats_series_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE payout_stats_series_hourly AS s SET
    count = s.count - d.count,
    amount = s.amount - d.amount,
    approved = s.approved - d.approved,
    declined = s.declined - d.declined,
    failed = s.failed - d.failed,
    unknown = s.unknown - d.unknown,
    psp_hist = ARRAY[
      s.psp_hist[1] - d.hist[1], s.psp_hist[2] - d.hist[2], s.psp_hist[3] - d.hist[3],
      s.psp_hist[4] - d.hist[4], s.psp_hist[5] - d.hist[5], s.psp_hist[6] - d.hist[6],
      s.psp_hist[7] - d.hist[7], s.psp_hist[8] - d.hist[8], s.psp_hist[9] - d.hist[9],
      s.psp_hist[10] - d.hist[10], s.psp_hist[11] - d.hist[11], s.psp_hist[12] - d.hist[12],
      s.psp_hist[13] - d.hist[13], s.psp_hist[14] - d.hist[14], s.psp_hist[15] - d.hist[15],
      s.psp_hist[16] - d.hist[16], s.psp_hist[17] - d.hist[17], s.psp_hist[18] - d.hist[18]]
  FROM (
  SELECT hour, country, currency, provider, payout_method_type, is_test, count(*) AS count,
    sum(amount) AS amount, count(*) FILTER (WHERE status = 'approved') AS approved,
    count(*) FILTER (WHERE status = 'declined') AS declined,
    count(*) FILTER (WHERE status = 'failed') AS failed,
    count(*) FILTER (WHERE status = 'unknown') AS unknown, ARRAY[
      count(*) FILTER (WHERE slot = 1), count(*) FILTER (WHERE slot = 2),
      count(*) FILTER (WHERE slot = 3), count(*) FILTER (WHERE slot = 4),
      count(*) FILTER (WHERE slot = 5), count(*) FILTER (WHERE slot = 6),
      count(*) FILTER (WHERE slot = 7), count(*) FILTER (WHERE slot = 8),
      count(*) FILTER (WHERE slot = 9), count(*) FILTER (WHERE slot = 10),
      count(*) FILTER (WHERE slot = 11), count(*) FILTER (WHERE slot = 12),
      count(*) FILTER (WHERE slot = 13), count(*) FILTER (WHERE slot = 14),
      count(*) FILTER (WHERE slot = 15), count(*) FILTER (WHERE slot = 16),
      count(*) FILTER (WHERE slot = 17), count(*) FILTER (WHERE slot = 18)] AS hist
  FROM (
    SELECT date_trunc('hour', r.created_at, 'UTC') AS hour, r.country, r.currency, r.provider,
      r.payout_method_type, r.is_test, r.status, r.amount,
      payout_stats_psp_slot(r.status, r.created_at, r.final_at, r.updated_at) AS slot
    FROM old_rows r
    OFFSET 0
  ) g
  GROUP BY 1, 2, 3, 4, 5, 6
  ) d
  WHERE s.hour = d.hour AND s.country = d.country AND s.currency = d.currency
    AND s.provider = d.provider AND s.payout_method_type = d.payout_method_type AND s.is_test = d.is_test;
  DELETE FROM payout_stats_series_hourly AS s
  WHERE s.count <= 0
    AND s.hour IN (SELECT DISTINCT date_trunc('hour', r.created_at, 'UTC') FROM old_rows r);
  UPDATE payout_stats_series_daily AS s SET
    count = s.count - d.count,
    amount = s.amount - d.amount,
    approved = s.approved - d.approved,
    declined = s.declined - d.declined,
    failed = s.failed - d.failed,
    unknown = s.unknown - d.unknown,
    psp_hist = ARRAY[
      s.psp_hist[1] - d.hist[1], s.psp_hist[2] - d.hist[2], s.psp_hist[3] - d.hist[3],
      s.psp_hist[4] - d.hist[4], s.psp_hist[5] - d.hist[5], s.psp_hist[6] - d.hist[6],
      s.psp_hist[7] - d.hist[7], s.psp_hist[8] - d.hist[8], s.psp_hist[9] - d.hist[9],
      s.psp_hist[10] - d.hist[10], s.psp_hist[11] - d.hist[11], s.psp_hist[12] - d.hist[12],
      s.psp_hist[13] - d.hist[13], s.psp_hist[14] - d.hist[14], s.psp_hist[15] - d.hist[15],
      s.psp_hist[16] - d.hist[16], s.psp_hist[17] - d.hist[17], s.psp_hist[18] - d.hist[18]]
  FROM (
  SELECT day, country, currency, provider, payout_method_type, is_test, count(*) AS count,
    sum(amount) AS amount, count(*) FILTER (WHERE status = 'approved') AS approved,
    count(*) FILTER (WHERE status = 'declined') AS declined,
    count(*) FILTER (WHERE status = 'failed') AS failed,
    count(*) FILTER (WHERE status = 'unknown') AS unknown, ARRAY[
      count(*) FILTER (WHERE slot = 1), count(*) FILTER (WHERE slot = 2),
      count(*) FILTER (WHERE slot = 3), count(*) FILTER (WHERE slot = 4),
      count(*) FILTER (WHERE slot = 5), count(*) FILTER (WHERE slot = 6),
      count(*) FILTER (WHERE slot = 7), count(*) FILTER (WHERE slot = 8),
      count(*) FILTER (WHERE slot = 9), count(*) FILTER (WHERE slot = 10),
      count(*) FILTER (WHERE slot = 11), count(*) FILTER (WHERE slot = 12),
      count(*) FILTER (WHERE slot = 13), count(*) FILTER (WHERE slot = 14),
      count(*) FILTER (WHERE slot = 15), count(*) FILTER (WHERE slot = 16),
      count(*) FILTER (WHERE slot = 17), count(*) FILTER (WHERE slot = 18)] AS hist
  FROM (
    SELECT date_trunc('day', r.created_at, 'UTC') AS day, r.country, r.currency, r.provider,
      r.payout_method_type, r.is_test, r.status, r.amount,
      payout_stats_psp_slot(r.status, r.created_at, r.final_at, r.updated_at) AS slot
    FROM old_rows r
    OFFSET 0
  ) g
  GROUP BY 1, 2, 3, 4, 5, 6
  ) d
  WHERE s.day = d.day AND s.country = d.country AND s.currency = d.currency
    AND s.provider = d.provider AND s.payout_method_type = d.payout_method_type AND s.is_test = d.is_test;
  DELETE FROM payout_stats_series_daily AS s
  WHERE s.count <= 0
    AND s.day IN (SELECT DISTINCT date_trunc('day', r.created_at, 'UTC') FROM old_rows r);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- One payout in or out of its series rows (an update that moves it to another row).
CREATE FUNCTION payout_stats_series_bump(
  p_created_at timestamptz, p_country text, p_currency text, p_provider text, p_type text,
  p_is_test boolean, p_status text, p_amount numeric, p_final_at timestamptz,
  p_updated_at timestamptz, delta integer
) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  h timestamptz := date_trunc('hour', p_created_at, 'UTC');
  d timestamptz := date_trunc('day', p_created_at, 'UTC');
  slot integer := payout_stats_psp_slot(p_status, p_created_at, p_final_at, p_updated_at);
  a integer := (p_status = 'approved')::integer;
  dc integer := (p_status = 'declined')::integer;
  f integer := (p_status = 'failed')::integer;
  u integer := (p_status = 'unknown')::integer;
  remaining bigint;
BEGIN
  IF delta > 0 THEN
    INSERT INTO payout_stats_series_hourly AS s (hour, country, currency, provider, payout_method_type,
    is_test, count, amount, approved, declined, failed, unknown, psp_hist)
    VALUES (h, p_country, p_currency, p_provider, p_type, p_is_test, 1, p_amount, a, dc, f, u,
      payout_stats_hist_bump(array_fill(0::bigint, ARRAY[18]), slot, 1))
    ON CONFLICT ON CONSTRAINT payout_stats_series_hourly_pkey DO UPDATE SET
      count = s.count + 1,
      amount = s.amount + excluded.amount,
      approved = s.approved + a,
      declined = s.declined + dc,
      failed = s.failed + f,
      unknown = s.unknown + u,
      psp_hist = CASE WHEN slot IS NULL THEN s.psp_hist
        ELSE payout_stats_hist_bump(s.psp_hist, slot, 1) END;
    INSERT INTO payout_stats_series_daily AS s (day, country, currency, provider, payout_method_type,
    is_test, count, amount, approved, declined, failed, unknown, psp_hist)
    VALUES (d, p_country, p_currency, p_provider, p_type, p_is_test, 1, p_amount, a, dc, f, u,
      payout_stats_hist_bump(array_fill(0::bigint, ARRAY[18]), slot, 1))
    ON CONFLICT ON CONSTRAINT payout_stats_series_daily_pkey DO UPDATE SET
      count = s.count + 1,
      amount = s.amount + excluded.amount,
      approved = s.approved + a,
      declined = s.declined + dc,
      failed = s.failed + f,
      unknown = s.unknown + u,
      psp_hist = CASE WHEN slot IS NULL THEN s.psp_hist
        ELSE payout_stats_hist_bump(s.psp_hist, slot, 1) END;
  ELSE
    UPDATE payout_stats_series_hourly AS s SET
      count = s.count - 1,
      amount = s.amount - p_amount,
      approved = s.approved - a,
      declined = s.declined - dc,
      failed = s.failed - f,
      unknown = s.unknown - u,
      psp_hist = CASE WHEN slot IS NULL THEN s.psp_hist
        ELSE payout_stats_hist_bump(s.psp_hist, slot, -1) END
    WHERE s.hour = h AND s.country = p_country AND s.currency = p_currency
        AND s.provider = p_provider AND s.payout_method_type = p_type AND s.is_test = p_is_test
    RETURNING s.count INTO remaining;
    IF remaining <= 0 THEN
      DELETE FROM payout_stats_series_hourly AS s WHERE s.hour = h AND s.country = p_country AND s.currency = p_currency
        AND s.provider = p_provider AND s.payout_method_type = p_type AND s.is_test = p_is_test;
    END IF;
    UPDATE payout_stats_series_daily AS s SET
      count = s.count - 1,
      amount = s.amount - p_amount,
      approved = s.approved - a,
      declined = s.declined - dc,
      failed = s.failed - f,
      unknown = s.unknown - u,
      psp_hist = CASE WHEN slot IS NULL THEN s.psp_hist
        ELSE payout_stats_hist_bump(s.psp_hist, slot, -1) END
    WHERE s.day = d AND s.country = p_country AND s.currency = p_currency
        AND s.provider = p_provider AND s.payout_method_type = p_type AND s.is_test = p_is_test
    RETURNING s.count INTO remaining;
    IF remaining <= 0 THEN
      DELETE FROM payout_stats_series_daily AS s WHERE s.day = d AND s.country = p_country AND s.currency = p_currency
        AND s.provider = p_provider AND s.payout_method_type = p_type AND s.is_test = p_is_test;
    END IF;
  END IF;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION payout_stats_series_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_slot integer := payout_stats_psp_slot(OLD.status, OLD.created_at, OLD.final_at, OLD.updated_at);
  new_slot integer := payout_stats_psp_slot(NEW.status, NEW.created_at, NEW.final_at, NEW.updated_at);
  h timestamptz := date_trunc('hour', NEW.created_at, 'UTC');
BEGIN
  IF date_trunc('hour', OLD.created_at, 'UTC') = h AND OLD.country = NEW.country
    AND OLD.currency = NEW.currency AND OLD.provider = NEW.provider
    AND OLD.payout_method_type = NEW.payout_method_type AND OLD.is_test = NEW.is_test
    AND OLD.amount = NEW.amount THEN
    -- The same rows (a status change): their figures move, their counts and amounts do not.
    IF OLD.status = NEW.status AND old_slot IS NOT DISTINCT FROM new_slot THEN
      RETURN NULL;
    END IF;
    UPDATE payout_stats_series_hourly AS s SET
      approved = s.approved - (OLD.status = 'approved')::integer + (NEW.status = 'approved')::integer,
      declined = s.declined - (OLD.status = 'declined')::integer + (NEW.status = 'declined')::integer,
      failed = s.failed - (OLD.status = 'failed')::integer + (NEW.status = 'failed')::integer,
      unknown = s.unknown - (OLD.status = 'unknown')::integer + (NEW.status = 'unknown')::integer,
      psp_hist = CASE WHEN old_slot IS NOT DISTINCT FROM new_slot THEN s.psp_hist
        ELSE payout_stats_hist_bump(payout_stats_hist_bump(s.psp_hist, old_slot, -1), new_slot, 1) END
    WHERE s.hour = h AND s.country = NEW.country AND s.currency = NEW.currency
      AND s.provider = NEW.provider AND s.payout_method_type = NEW.payout_method_type
      AND s.is_test = NEW.is_test;
    UPDATE payout_stats_series_daily AS s SET
      approved = s.approved - (OLD.status = 'approved')::integer + (NEW.status = 'approved')::integer,
      declined = s.declined - (OLD.status = 'declined')::integer + (NEW.status = 'declined')::integer,
      failed = s.failed - (OLD.status = 'failed')::integer + (NEW.status = 'failed')::integer,
      unknown = s.unknown - (OLD.status = 'unknown')::integer + (NEW.status = 'unknown')::integer,
      psp_hist = CASE WHEN old_slot IS NOT DISTINCT FROM new_slot THEN s.psp_hist
        ELSE payout_stats_hist_bump(payout_stats_hist_bump(s.psp_hist, old_slot, -1), new_slot, 1) END
    WHERE s.day = date_trunc('day', h, 'UTC') AND s.country = NEW.country AND s.currency = NEW.currency
      AND s.provider = NEW.provider AND s.payout_method_type = NEW.payout_method_type
      AND s.is_test = NEW.is_test;
  ELSE
    -- Out of its rows and into others (or the same, with another amount: as migration 0014's
    -- triggers do, so both rollups write amounts alike).
    PERFORM payout_stats_series_bump(OLD.created_at, OLD.country, OLD.currency, OLD.provider,
      OLD.payout_method_type, OLD.is_test, OLD.status, OLD.amount, OLD.final_at, OLD.updated_at, -1);
    PERFORM payout_stats_series_bump(NEW.created_at, NEW.country, NEW.currency, NEW.provider,
      NEW.payout_method_type, NEW.is_test, NEW.status, NEW.amount, NEW.final_at, NEW.updated_at, 1);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER payout_stats_series_insert AFTER INSERT ON payouts
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION payout_stats_series_on_insert();
--> statement-breakpoint
CREATE TRIGGER payout_stats_series_delete AFTER DELETE ON payouts
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION payout_stats_series_on_delete();
--> statement-breakpoint
-- Only when a figure of the series changed: not for a decline code or reason, nor for
-- updated_at unless it stands in for final_at of a payout a PSP decided. Its name sorts after
-- payout_stats_update's, as payout_stats_series_insert's and _delete's sort after theirs:
-- PostgreSQL fires a row's triggers in name order, so every statement locks the status rollup's
-- rows before the series rollup's. In the other order, a payout created while another of the
-- same hour changed status deadlocked (two processes sending one batch).
CREATE TRIGGER payout_stats_update_series AFTER UPDATE ON payouts
  FOR EACH ROW
  WHEN (
    OLD.created_at IS DISTINCT FROM NEW.created_at
    OR OLD.country IS DISTINCT FROM NEW.country
    OR OLD.currency IS DISTINCT FROM NEW.currency
    OR OLD.provider IS DISTINCT FROM NEW.provider
    OR OLD.payout_method_type IS DISTINCT FROM NEW.payout_method_type
    OR OLD.is_test IS DISTINCT FROM NEW.is_test
    OR OLD.status IS DISTINCT FROM NEW.status
    OR OLD.amount IS DISTINCT FROM NEW.amount
    OR (NEW.status IN ('approved', 'declined', 'failed') AND (OLD.final_at IS DISTINCT FROM NEW.final_at
        OR (NEW.final_at IS NULL AND OLD.updated_at IS DISTINCT FROM NEW.updated_at)))
  )
  EXECUTE FUNCTION payout_stats_series_on_update();
--> statement-breakpoint
-- Both series grains from payout_stats_hourly (not from payouts: ~1.7 million rows at ten
-- million payouts), in hour (day) order as migration 0019's rebuild. Answers the hourly rows made.
CREATE FUNCTION payout_stats_series_rebuild() RETURNS bigint LANGUAGE plpgsql
SET work_mem = '256MB' AS $$
DECLARE
  made bigint;
BEGIN
  TRUNCATE payout_stats_series_hourly;
  INSERT INTO payout_stats_series_hourly (hour, country, currency, provider, payout_method_type,
    is_test, count, amount, approved, declined, failed, unknown, psp_hist)
  SELECT h.hour, h.country, h.currency, h.provider, h.payout_method_type, h.is_test,
    sum(h.count::integer), sum(h.amount),
    coalesce(sum(h.count::integer) FILTER (WHERE h.status = 'approved'), 0),
    coalesce(sum(h.count::integer) FILTER (WHERE h.status = 'declined'), 0),
    coalesce(sum(h.count::integer) FILTER (WHERE h.status = 'failed'), 0),
    coalesce(sum(h.count::integer) FILTER (WHERE h.status = 'unknown'), 0),
    -- A PSP's decisions only; coalesce: a group may have none.
    array_replace(ARRAY[
      sum(h.final_hist[1]::integer) FILTER (WHERE h.psp), sum(h.final_hist[2]::integer) FILTER (WHERE h.psp),
      sum(h.final_hist[3]::integer) FILTER (WHERE h.psp), sum(h.final_hist[4]::integer) FILTER (WHERE h.psp),
      sum(h.final_hist[5]::integer) FILTER (WHERE h.psp), sum(h.final_hist[6]::integer) FILTER (WHERE h.psp),
      sum(h.final_hist[7]::integer) FILTER (WHERE h.psp), sum(h.final_hist[8]::integer) FILTER (WHERE h.psp),
      sum(h.final_hist[9]::integer) FILTER (WHERE h.psp), sum(h.final_hist[10]::integer) FILTER (WHERE h.psp),
      sum(h.final_hist[11]::integer) FILTER (WHERE h.psp), sum(h.final_hist[12]::integer) FILTER (WHERE h.psp),
      sum(h.final_hist[13]::integer) FILTER (WHERE h.psp), sum(h.final_hist[14]::integer) FILTER (WHERE h.psp),
      sum(h.final_hist[15]::integer) FILTER (WHERE h.psp), sum(h.final_hist[16]::integer) FILTER (WHERE h.psp),
      sum(h.final_hist[17]::integer) FILTER (WHERE h.psp), sum(h.final_hist[18]::integer) FILTER (WHERE h.psp)], NULL, 0::bigint)
  FROM (
    SELECT h.*, h.status IN ('approved', 'declined', 'failed') AS psp FROM payout_stats_hourly h
  ) h
  GROUP BY 1, 2, 3, 4, 5, 6
  ORDER BY 1;
  GET DIAGNOSTICS made = ROW_COUNT;
  TRUNCATE payout_stats_series_daily;
  INSERT INTO payout_stats_series_daily (day, country, currency, provider, payout_method_type,
    is_test, count, amount, approved, declined, failed, unknown, psp_hist)
  SELECT date_trunc('day', h.hour, 'UTC'), h.country, h.currency, h.provider,
    h.payout_method_type, h.is_test, sum(h.count::integer), sum(h.amount),
    sum(h.approved::integer), sum(h.declined::integer), sum(h.failed::integer),
    sum(h.unknown::integer), ARRAY[
      sum(h.psp_hist[1]::integer), sum(h.psp_hist[2]::integer), sum(h.psp_hist[3]::integer), sum(h.psp_hist[4]::integer),
      sum(h.psp_hist[5]::integer), sum(h.psp_hist[6]::integer), sum(h.psp_hist[7]::integer), sum(h.psp_hist[8]::integer),
      sum(h.psp_hist[9]::integer), sum(h.psp_hist[10]::integer), sum(h.psp_hist[11]::integer), sum(h.psp_hist[12]::integer),
      sum(h.psp_hist[13]::integer), sum(h.psp_hist[14]::integer), sum(h.psp_hist[15]::integer), sum(h.psp_hist[16]::integer),
      sum(h.psp_hist[17]::integer), sum(h.psp_hist[18]::integer)]
  FROM payout_stats_series_hourly h
  GROUP BY 1, 2, 3, 4, 5, 6
  ORDER BY 1;
  ANALYZE payout_stats_series_hourly;
  ANALYZE payout_stats_series_daily;
  RETURN made;
END;
$$;
--> statement-breakpoint
-- The approver roles a payout waits for, as decidableBy reads them (LEGACY_RULE's roles for a
-- payout from before approval policies; a test compares the two).
CREATE FUNCTION payout_awaiting_roles(rule jsonb) RETURNS jsonb
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(rule -> 'roles', '["finance", "admin"]'::jsonb)
$$;
--> statement-breakpoint
CREATE FUNCTION payout_awaiting_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A new payout has no approval yet (payout_approvals references it).
  INSERT INTO payout_awaiting_counts AS c (user_id, roles, created)
  SELECT r.created_by, payout_awaiting_roles(r.approval_rule), count(*)
  FROM new_rows r
  WHERE r.status = 'awaiting_approval'
  GROUP BY 1, 2
  ORDER BY 1, 2
  ON CONFLICT ON CONSTRAINT payout_awaiting_counts_pkey DO UPDATE SET
    created = c.created + excluded.created;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION payout_awaiting_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Its approvals are gone already (payout_approvals references it), each counted out by
  -- payout_awaiting_on_approval.
  UPDATE payout_awaiting_counts AS c SET created = c.created - d.n
  FROM (
    SELECT r.created_by, payout_awaiting_roles(r.approval_rule) AS roles, count(*) AS n
    FROM old_rows r
    WHERE r.status = 'awaiting_approval'
    GROUP BY 1, 2
  ) d
  WHERE c.user_id = d.created_by AND c.roles = d.roles;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- A payout entering or leaving awaiting_approval (or its creator or rule changing while it
-- waits): its creator's `created` and each of its approvers' `approved`.
CREATE FUNCTION payout_awaiting_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The rows this change moves, locked in one order (as every writer of the counter does
  -- first): two people approving or rejecting each other's payouts at once never deadlock.
  PERFORM 1 FROM payout_awaiting_counts c
  WHERE (c.roles = payout_awaiting_roles(OLD.approval_rule)
      AND (c.user_id = OLD.created_by
        OR c.user_id IN (SELECT x.user_id FROM payout_approvals x WHERE x.payout_id = OLD.id)))
    OR (c.roles = payout_awaiting_roles(NEW.approval_rule)
      AND (c.user_id = NEW.created_by
        OR c.user_id IN (SELECT x.user_id FROM payout_approvals x WHERE x.payout_id = NEW.id)))
  ORDER BY c.user_id, c.roles
  FOR UPDATE;
  IF OLD.status = 'awaiting_approval' THEN
    UPDATE payout_awaiting_counts AS c SET created = c.created - 1
    WHERE c.user_id = OLD.created_by AND c.roles = payout_awaiting_roles(OLD.approval_rule);
    UPDATE payout_awaiting_counts AS c SET approved = c.approved - a.n
    FROM (
      SELECT x.user_id, count(*) AS n FROM payout_approvals x
      WHERE x.payout_id = OLD.id AND x.user_id <> OLD.created_by
      GROUP BY 1
    ) a
    WHERE c.user_id = a.user_id AND c.roles = payout_awaiting_roles(OLD.approval_rule);
  END IF;
  IF NEW.status = 'awaiting_approval' THEN
    INSERT INTO payout_awaiting_counts AS c (user_id, roles, created)
    VALUES (NEW.created_by, payout_awaiting_roles(NEW.approval_rule), 1)
    ON CONFLICT ON CONSTRAINT payout_awaiting_counts_pkey DO UPDATE SET
      created = c.created + 1;
    INSERT INTO payout_awaiting_counts AS c (user_id, roles, approved)
    SELECT x.user_id, payout_awaiting_roles(NEW.approval_rule), count(*)
    FROM payout_approvals x
    WHERE x.payout_id = NEW.id AND x.user_id <> NEW.created_by
    GROUP BY 1, 2
    ORDER BY 1, 2
    ON CONFLICT ON CONSTRAINT payout_awaiting_counts_pkey DO UPDATE SET
      approved = c.approved + excluded.approved;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Approvals recorded, removed or changed: their approvers' `approved`, for the payouts still
-- awaiting (and not their own).
CREATE FUNCTION payout_awaiting_on_approval() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    -- A payout deleted in the same statement as its approvals: its status when it went is
    -- unknown here, so that statement is refused rather than miscounted (nothing deletes
    -- either; payout_approvals' foreign key refuses a payout deleted before its approvals).
    IF EXISTS (SELECT 1 FROM old_approvals a
               WHERE NOT EXISTS (SELECT 1 FROM payouts p WHERE p.id = a.payout_id)) THEN
      RAISE EXCEPTION 'payout_awaiting_counts: delete a payout''s approvals before the payout, not in the same statement';
    END IF;
    -- Waits for a concurrent change of these payouts to commit (its trigger then counted these
    -- approvals) or makes it wait for this transaction: each approval counted once.
    PERFORM 1 FROM payouts p WHERE p.id IN (SELECT a.payout_id FROM old_approvals a)
      ORDER BY p.id FOR SHARE;
    -- Then the counter rows these payouts' changes may move, in one order (see
    -- payout_awaiting_on_update).
    PERFORM 1 FROM payout_awaiting_counts c
    WHERE EXISTS (
      SELECT 1 FROM payouts p
      WHERE p.id IN (SELECT a.payout_id FROM old_approvals a)
        AND c.roles = payout_awaiting_roles(p.approval_rule)
        AND (c.user_id = p.created_by
          OR c.user_id IN (SELECT a.user_id FROM old_approvals a WHERE a.payout_id = p.id)
          OR c.user_id IN (SELECT x.user_id FROM payout_approvals x WHERE x.payout_id = p.id)))
    ORDER BY c.user_id, c.roles
    FOR UPDATE;
    UPDATE payout_awaiting_counts AS c SET approved = c.approved - d.n
    FROM (
      SELECT a.user_id, payout_awaiting_roles(p.approval_rule) AS roles, count(*) AS n
      FROM old_approvals a JOIN payouts p ON p.id = a.payout_id
      WHERE p.status = 'awaiting_approval' AND p.created_by <> a.user_id
      GROUP BY 1, 2
    ) d
    WHERE c.user_id = d.user_id AND c.roles = d.roles;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM 1 FROM payouts p WHERE p.id IN (SELECT a.payout_id FROM new_approvals a)
      ORDER BY p.id FOR SHARE;
    -- The approvers' rows and those the payouts' next status change moves (its creator's, its
    -- other approvers'), in one order: an approval followed by its payout's update in one
    -- transaction takes them all at once, before either touches one.
    PERFORM 1 FROM payout_awaiting_counts c
    WHERE EXISTS (
      SELECT 1 FROM payouts p
      WHERE p.id IN (SELECT a.payout_id FROM new_approvals a)
        AND c.roles = payout_awaiting_roles(p.approval_rule)
        AND (c.user_id = p.created_by
          OR c.user_id IN (SELECT x.user_id FROM payout_approvals x WHERE x.payout_id = p.id)))
    ORDER BY c.user_id, c.roles
    FOR UPDATE;
    INSERT INTO payout_awaiting_counts AS c (user_id, roles, approved)
    SELECT a.user_id, payout_awaiting_roles(p.approval_rule), count(*)
    FROM new_approvals a JOIN payouts p ON p.id = a.payout_id
    WHERE p.status = 'awaiting_approval' AND p.created_by <> a.user_id
    GROUP BY 1, 2
    ORDER BY 1, 2
    ON CONFLICT ON CONSTRAINT payout_awaiting_counts_pkey DO UPDATE SET
      approved = c.approved + excluded.approved;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER payout_awaiting_insert AFTER INSERT ON payouts
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION payout_awaiting_on_insert();
--> statement-breakpoint
CREATE TRIGGER payout_awaiting_delete AFTER DELETE ON payouts
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION payout_awaiting_on_delete();
--> statement-breakpoint
CREATE TRIGGER payout_awaiting_update AFTER UPDATE ON payouts
  FOR EACH ROW
  WHEN (
    (OLD.status = 'awaiting_approval' OR NEW.status = 'awaiting_approval')
    AND (OLD.status IS DISTINCT FROM NEW.status
      OR OLD.created_by IS DISTINCT FROM NEW.created_by
      OR OLD.approval_rule IS DISTINCT FROM NEW.approval_rule)
  )
  EXECUTE FUNCTION payout_awaiting_on_update();
--> statement-breakpoint
CREATE TRIGGER payout_awaiting_approval_insert AFTER INSERT ON payout_approvals
  REFERENCING NEW TABLE AS new_approvals
  FOR EACH STATEMENT EXECUTE FUNCTION payout_awaiting_on_approval();
--> statement-breakpoint
CREATE TRIGGER payout_awaiting_approval_delete AFTER DELETE ON payout_approvals
  REFERENCING OLD TABLE AS old_approvals
  FOR EACH STATEMENT EXECUTE FUNCTION payout_awaiting_on_approval();
--> statement-breakpoint
CREATE TRIGGER payout_awaiting_approval_update AFTER UPDATE ON payout_approvals
  REFERENCING OLD TABLE AS old_approvals NEW TABLE AS new_approvals
  FOR EACH STATEMENT EXECUTE FUNCTION payout_awaiting_on_approval();
--> statement-breakpoint
-- The counter from scratch. The awaiting payouts are an index-only scan of
-- payouts_awaiting_created_idx (INCLUDE created_by, approval_rule) where it exists.
CREATE FUNCTION payout_awaiting_counts_rebuild() RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  made bigint;
BEGIN
  TRUNCATE payout_awaiting_counts;
  INSERT INTO payout_awaiting_counts (user_id, roles, created, approved)
  SELECT x.user_id, x.roles, sum(x.created), sum(x.approved)
  FROM (
    SELECT p.created_by AS user_id, payout_awaiting_roles(p.approval_rule) AS roles,
      count(*) AS created, 0 AS approved
    FROM payouts p
    WHERE p.status = 'awaiting_approval'
    GROUP BY 1, 2
    UNION ALL
    SELECT a.user_id, payout_awaiting_roles(p.approval_rule), 0, count(*)
    FROM payout_approvals a JOIN payouts p ON p.id = a.payout_id
    WHERE p.status = 'awaiting_approval' AND p.created_by <> a.user_id
    GROUP BY 1, 2
  ) x
  GROUP BY 1, 2;
  GET DIAGNOSTICS made = ROW_COUNT;
  ANALYZE payout_awaiting_counts;
  RETURN made;
END;
$$;
--> statement-breakpoint
-- Migration 0014's insert trigger and per-row bump, leaner on the write path (same rows; the
-- tests compare them with a grouping of payouts): the histogram of inserted rows with native
-- aggregates and added element by element (no SQL aggregate, no unnest per conflicting row), no
-- histogram call for a payout that is not final, and a rollup row deleted only when its count
-- reaches zero (not a DELETE statement on every change).
CREATE OR REPLACE FUNCTION payout_stats_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO payout_stats_hourly AS s (hour, country, currency, provider, payout_method_type,
    is_test, status, decline_code, decline_reason, count, amount, final_hist)
  SELECT hour, country, currency, provider, payout_method_type, is_test, status, decline_code,
    decline_reason, count(*), sum(amount), ARRAY[
      count(*) FILTER (WHERE slot = 1), count(*) FILTER (WHERE slot = 2),
      count(*) FILTER (WHERE slot = 3), count(*) FILTER (WHERE slot = 4),
      count(*) FILTER (WHERE slot = 5), count(*) FILTER (WHERE slot = 6),
      count(*) FILTER (WHERE slot = 7), count(*) FILTER (WHERE slot = 8),
      count(*) FILTER (WHERE slot = 9), count(*) FILTER (WHERE slot = 10),
      count(*) FILTER (WHERE slot = 11), count(*) FILTER (WHERE slot = 12),
      count(*) FILTER (WHERE slot = 13), count(*) FILTER (WHERE slot = 14),
      count(*) FILTER (WHERE slot = 15), count(*) FILTER (WHERE slot = 16),
      count(*) FILTER (WHERE slot = 17), count(*) FILTER (WHERE slot = 18)]
  FROM (
    SELECT date_trunc('hour', r.created_at, 'UTC') AS hour, r.country, r.currency, r.provider,
      r.payout_method_type, r.is_test, r.status, coalesce(r.decline_code, '') AS decline_code,
      coalesce(r.decline_reason, '') AS decline_reason, r.amount,
      payout_stats_slot_of(r.status, r.created_at, r.final_at, r.updated_at) AS slot
    FROM new_rows r
    OFFSET 0
  ) g
  GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9
  -- One lock order for every writer: concurrent inserts never wait on each other in a circle.
  ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9
  ON CONFLICT ON CONSTRAINT payout_stats_hourly_pkey DO UPDATE SET
    count = s.count + excluded.count,
    amount = s.amount + excluded.amount,
    final_hist = ARRAY[
      s.final_hist[1] + excluded.final_hist[1], s.final_hist[2] + excluded.final_hist[2],
      s.final_hist[3] + excluded.final_hist[3], s.final_hist[4] + excluded.final_hist[4],
      s.final_hist[5] + excluded.final_hist[5], s.final_hist[6] + excluded.final_hist[6],
      s.final_hist[7] + excluded.final_hist[7], s.final_hist[8] + excluded.final_hist[8],
      s.final_hist[9] + excluded.final_hist[9], s.final_hist[10] + excluded.final_hist[10],
      s.final_hist[11] + excluded.final_hist[11], s.final_hist[12] + excluded.final_hist[12],
      s.final_hist[13] + excluded.final_hist[13], s.final_hist[14] + excluded.final_hist[14],
      s.final_hist[15] + excluded.final_hist[15], s.final_hist[16] + excluded.final_hist[16],
      s.final_hist[17] + excluded.final_hist[17], s.final_hist[18] + excluded.final_hist[18]];
  INSERT INTO payout_stats_daily AS s (day, country, currency, provider, payout_method_type,
    is_test, status, decline_code, decline_reason, count, amount, final_hist)
  SELECT day, country, currency, provider, payout_method_type, is_test, status, decline_code,
    decline_reason, count(*), sum(amount), ARRAY[
      count(*) FILTER (WHERE slot = 1), count(*) FILTER (WHERE slot = 2),
      count(*) FILTER (WHERE slot = 3), count(*) FILTER (WHERE slot = 4),
      count(*) FILTER (WHERE slot = 5), count(*) FILTER (WHERE slot = 6),
      count(*) FILTER (WHERE slot = 7), count(*) FILTER (WHERE slot = 8),
      count(*) FILTER (WHERE slot = 9), count(*) FILTER (WHERE slot = 10),
      count(*) FILTER (WHERE slot = 11), count(*) FILTER (WHERE slot = 12),
      count(*) FILTER (WHERE slot = 13), count(*) FILTER (WHERE slot = 14),
      count(*) FILTER (WHERE slot = 15), count(*) FILTER (WHERE slot = 16),
      count(*) FILTER (WHERE slot = 17), count(*) FILTER (WHERE slot = 18)]
  FROM (
    SELECT date_trunc('day', r.created_at, 'UTC') AS day, r.country, r.currency, r.provider,
      r.payout_method_type, r.is_test, r.status, coalesce(r.decline_code, '') AS decline_code,
      coalesce(r.decline_reason, '') AS decline_reason, r.amount,
      payout_stats_slot_of(r.status, r.created_at, r.final_at, r.updated_at) AS slot
    FROM new_rows r
    OFFSET 0
  ) g
  GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9
  -- One lock order for every writer: concurrent inserts never wait on each other in a circle.
  ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9
  ON CONFLICT ON CONSTRAINT payout_stats_daily_pkey DO UPDATE SET
    count = s.count + excluded.count,
    amount = s.amount + excluded.amount,
    final_hist = ARRAY[
      s.final_hist[1] + excluded.final_hist[1], s.final_hist[2] + excluded.final_hist[2],
      s.final_hist[3] + excluded.final_hist[3], s.final_hist[4] + excluded.final_hist[4],
      s.final_hist[5] + excluded.final_hist[5], s.final_hist[6] + excluded.final_hist[6],
      s.final_hist[7] + excluded.final_hist[7], s.final_hist[8] + excluded.final_hist[8],
      s.final_hist[9] + excluded.final_hist[9], s.final_hist[10] + excluded.final_hist[10],
      s.final_hist[11] + excluded.final_hist[11], s.final_hist[12] + excluded.final_hist[12],
      s.final_hist[13] + excluded.final_hist[13], s.final_hist[14] + excluded.final_hist[14],
      s.final_hist[15] + excluded.final_hist[15], s.final_hist[16] + excluded.final_hist[16],
      s.final_hist[17] + excluded.final_hist[17], s.final_hist[18] + excluded.final_hist[18]];
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION payout_stats_bump(
  p_created_at timestamptz, p_country text, p_currency text, p_provider text, p_type text,
  p_is_test boolean, p_status text, p_code text, p_reason text, p_amount numeric,
  p_final_at timestamptz, p_updated_at timestamptz, delta integer
) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  h timestamptz := date_trunc('hour', p_created_at, 'UTC');
  d timestamptz := date_trunc('day', p_created_at, 'UTC');
  slot integer := payout_stats_slot_of(p_status, p_created_at, p_final_at, p_updated_at);
  remaining bigint;
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
      final_hist = CASE WHEN slot IS NULL THEN s.final_hist
        ELSE payout_stats_hist_bump(s.final_hist, slot, 1) END;
    INSERT INTO payout_stats_daily AS s (day, country, currency, provider, payout_method_type,
      is_test, status, decline_code, decline_reason, count, amount, final_hist)
    VALUES (d, p_country, p_currency, p_provider, p_type, p_is_test, p_status,
      coalesce(p_code, ''), coalesce(p_reason, ''), 1, p_amount,
      payout_stats_hist_bump(array_fill(0::bigint, ARRAY[18]), slot, 1))
    ON CONFLICT ON CONSTRAINT payout_stats_daily_pkey DO UPDATE SET
      count = s.count + 1,
      amount = s.amount + excluded.amount,
      final_hist = CASE WHEN slot IS NULL THEN s.final_hist
        ELSE payout_stats_hist_bump(s.final_hist, slot, 1) END;
  ELSE
    UPDATE payout_stats_hourly AS s SET
      count = s.count - 1,
      amount = s.amount - p_amount,
      final_hist = CASE WHEN slot IS NULL THEN s.final_hist
        ELSE payout_stats_hist_bump(s.final_hist, slot, -1) END
    WHERE s.hour = h AND s.country = p_country AND s.currency = p_currency
        AND s.provider = p_provider AND s.payout_method_type = p_type AND s.is_test = p_is_test
        AND s.status = p_status AND s.decline_code = coalesce(p_code, '')
        AND s.decline_reason = coalesce(p_reason, '')
    RETURNING s.count INTO remaining;
    IF remaining <= 0 THEN
      DELETE FROM payout_stats_hourly AS s WHERE s.hour = h AND s.country = p_country AND s.currency = p_currency
        AND s.provider = p_provider AND s.payout_method_type = p_type AND s.is_test = p_is_test
        AND s.status = p_status AND s.decline_code = coalesce(p_code, '')
        AND s.decline_reason = coalesce(p_reason, '');
    END IF;
    UPDATE payout_stats_daily AS s SET
      count = s.count - 1,
      amount = s.amount - p_amount,
      final_hist = CASE WHEN slot IS NULL THEN s.final_hist
        ELSE payout_stats_hist_bump(s.final_hist, slot, -1) END
    WHERE s.day = d AND s.country = p_country AND s.currency = p_currency
        AND s.provider = p_provider AND s.payout_method_type = p_type AND s.is_test = p_is_test
        AND s.status = p_status AND s.decline_code = coalesce(p_code, '')
        AND s.decline_reason = coalesce(p_reason, '')
    RETURNING s.count INTO remaining;
    IF remaining <= 0 THEN
      DELETE FROM payout_stats_daily AS s WHERE s.day = d AND s.country = p_country AND s.currency = p_currency
        AND s.provider = p_provider AND s.payout_method_type = p_type AND s.is_test = p_is_test
        AND s.status = p_status AND s.decline_code = coalesce(p_code, '')
        AND s.decline_reason = coalesce(p_reason, '');
    END IF;
  END IF;
END;
$$;
--> statement-breakpoint
-- Every rollup from scratch: migration 0019's hourly and daily rows (one pass over payouts),
-- then the series rows from the hourly ones and the awaiting counter. Sums of rollup counts are
-- of integers (an hour's count fits; a cast that did not would fail, not wrap): sum(integer)
-- keeps a bigint per group where sum(bigint) keeps a numeric state (the series grouping at a
-- million payouts held 448 MB of them instead of 170).
CREATE OR REPLACE FUNCTION payout_stats_rebuild() RETURNS bigint LANGUAGE plpgsql
SET work_mem = '256MB' AS $$
DECLARE
  made bigint;
BEGIN
  TRUNCATE payout_stats_hourly;
  INSERT INTO payout_stats_hourly (hour, country, currency, provider, payout_method_type,
    is_test, status, decline_code, decline_reason, count, amount, final_hist)
  SELECT hour, country, currency, provider, payout_method_type, is_test, status, decline_code,
    decline_reason, count(*), sum(amount), ARRAY[
      count(*) FILTER (WHERE slot = 1), count(*) FILTER (WHERE slot = 2),
      count(*) FILTER (WHERE slot = 3), count(*) FILTER (WHERE slot = 4),
      count(*) FILTER (WHERE slot = 5), count(*) FILTER (WHERE slot = 6),
      count(*) FILTER (WHERE slot = 7), count(*) FILTER (WHERE slot = 8),
      count(*) FILTER (WHERE slot = 9), count(*) FILTER (WHERE slot = 10),
      count(*) FILTER (WHERE slot = 11), count(*) FILTER (WHERE slot = 12),
      count(*) FILTER (WHERE slot = 13), count(*) FILTER (WHERE slot = 14),
      count(*) FILTER (WHERE slot = 15), count(*) FILTER (WHERE slot = 16),
      count(*) FILTER (WHERE slot = 17), count(*) FILTER (WHERE slot = 18)]
  FROM (
    SELECT date_trunc('hour', p.created_at, 'UTC') AS hour, p.country, p.currency, p.provider,
      p.payout_method_type, p.is_test, p.status, coalesce(p.decline_code, '') AS decline_code,
      coalesce(p.decline_reason, '') AS decline_reason, p.amount,
      payout_stats_slot_of(p.status, p.created_at, p.final_at, p.updated_at) AS slot
    FROM payouts p
    OFFSET 0
  ) g
  GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9
  ORDER BY 1;
  GET DIAGNOSTICS made = ROW_COUNT;
  TRUNCATE payout_stats_daily;
  INSERT INTO payout_stats_daily (day, country, currency, provider, payout_method_type,
    is_test, status, decline_code, decline_reason, count, amount, final_hist)
  SELECT date_trunc('day', h.hour, 'UTC'), h.country, h.currency, h.provider,
    h.payout_method_type, h.is_test, h.status, h.decline_code, h.decline_reason,
    sum(h.count::integer), sum(h.amount), ARRAY[
      sum(h.final_hist[1]::integer), sum(h.final_hist[2]::integer),
      sum(h.final_hist[3]::integer), sum(h.final_hist[4]::integer),
      sum(h.final_hist[5]::integer), sum(h.final_hist[6]::integer),
      sum(h.final_hist[7]::integer), sum(h.final_hist[8]::integer),
      sum(h.final_hist[9]::integer), sum(h.final_hist[10]::integer),
      sum(h.final_hist[11]::integer), sum(h.final_hist[12]::integer),
      sum(h.final_hist[13]::integer), sum(h.final_hist[14]::integer),
      sum(h.final_hist[15]::integer), sum(h.final_hist[16]::integer),
      sum(h.final_hist[17]::integer), sum(h.final_hist[18]::integer)]
  FROM payout_stats_hourly h
  GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9
  ORDER BY 1;
  PERFORM payout_stats_series_rebuild();
  PERFORM payout_awaiting_counts_rebuild();
  RETURN made;
END;
$$;
--> statement-breakpoint
SELECT payout_stats_series_rebuild();
--> statement-breakpoint
SELECT payout_awaiting_counts_rebuild();
