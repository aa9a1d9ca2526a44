-- Decision 037: the payouts list's search (`q`) matches an order id, a recipient e-mail
-- or a recipient name by its beginning (any case) and an orchestrator id exactly, instead of a
-- substring anywhere. The trigram indexes answered a substring in 144 ms (order id) and 336 ms
-- (a common e-mail fragment) at ten million payouts and took 354 s of the bench's generation.
-- Each btree below is one range per term, newest first within a value; INCLUDE (hand-added,
-- drizzle cannot express it) of the column itself lets PostgreSQL read a `lower(…)` index
-- without the table, so a term with thousands of matches sorts them from the index alone.
-- `payouts_order_id_idx` served nothing else: the lookups by order id (creation, batches) leave
-- failed payouts out and use the partial unique `payouts_order_id_key`. IF EXISTS: the bench
-- drops the trigram ones (once proposed by bench/ledger/proposedIndexes.sql) before migrating.
DROP INDEX IF EXISTS "payouts_order_id_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "payouts_order_id_trgm_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "payouts_recipient_name_trgm_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "payouts_recipient_email_trgm_idx";--> statement-breakpoint
CREATE INDEX "payouts_order_id_search_idx" ON "payouts" USING btree (lower("order_id") text_pattern_ops,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST) INCLUDE ("order_id");--> statement-breakpoint
CREATE INDEX "payouts_recipient_email_search_idx" ON "payouts" USING btree (lower("recipient_email") text_pattern_ops,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST) INCLUDE ("recipient_email");--> statement-breakpoint
CREATE INDEX "payouts_recipient_name_search_idx" ON "payouts" USING btree (lower("recipient_name") text_pattern_ops,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST) INCLUDE ("recipient_name");--> statement-breakpoint
-- The planner chooses between one range of an index and walking the list's order (a term matching
-- a large share of the rows) from the statistics of the indexed expressions, which only ANALYZE
-- gathers: without them every term is guessed at 0.5 % of the rows.
ANALYZE "payouts";
