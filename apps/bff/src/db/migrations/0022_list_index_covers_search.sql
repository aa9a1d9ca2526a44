-- Decision 037: a search term shared by a large share of the payouts (`nora`, `ord-9a`) is
-- answered by walking the list's order and keeping the first matches. With the three searched
-- columns in the list's index (INCLUDE, hand-written: drizzle cannot express it) that walk reads
-- the index alone, not each payout: `ord-9a` at three million payouts, about 6,600 payouts walked
-- for 26 matches, went from 13-18 ms to 6-7 ms. Every other use of the index (first page, cursor
-- pages, the date range) walks it as before.
DROP INDEX "payouts_created_at_id_idx";--> statement-breakpoint
CREATE INDEX "payouts_created_at_id_idx" ON "payouts" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) INCLUDE ("order_id", "recipient_email", "recipient_name");
