-- Decision 037: a search term also matches the recipient's name after its first word, so a
-- surname finds its payouts ("okafor" finds Nora Okafor; "van dijk" finds Jan van Dijk). Same
-- shape as 0018's indexes: one range per term, newest first, INCLUDE (hand-written) so a common
-- surname is sorted from the index alone; the statistics of 0020 and an ANALYZE for the new
-- expression, so the planner tells a rare surname from a common one.
CREATE INDEX "payouts_recipient_surname_search_idx" ON "payouts" USING btree (lower(substr("recipient_name", strpos("recipient_name", ' ') + 1)) text_pattern_ops,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST) INCLUDE ("recipient_name");--> statement-breakpoint
ALTER INDEX "payouts_recipient_surname_search_idx" ALTER COLUMN 1 SET STATISTICS 1000;--> statement-breakpoint
ANALYZE "payouts";
