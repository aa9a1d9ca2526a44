-- Indexes the ledger bench applies after the migrations (bench/ledger.ts), and that a migration
-- should add (docs/performance.md explains the plans they change).
--
-- Search (`q`) is a substring match, ILIKE '%text%', on order_id, recipient_name and
-- recipient_email (plus an exact orchestrator_id, which its unique index serves). A leading
-- wildcard cannot use a btree, so without these the search reads all 1,000,000 rows. pg_trgm is
-- a contrib extension shipped with PostgreSQL and with PGlite
-- (@electric-sql/pglite/contrib/pg_trgm); its GIN indexes answer ILIKE '%text%' directly, and
-- the planner ORs the three (BitmapOr) with the orchestrator_id index.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX IF NOT EXISTS payouts_order_id_trgm_idx ON payouts USING gin (order_id gin_trgm_ops);
CREATE INDEX IF NOT EXISTS payouts_recipient_name_trgm_idx ON payouts USING gin (recipient_name gin_trgm_ops);
CREATE INDEX IF NOT EXISTS payouts_recipient_email_trgm_idx ON payouts USING gin (recipient_email gin_trgm_ops);
