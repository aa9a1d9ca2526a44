-- 0015's two partial indexes, newest first as the list walks them. Built ascending,
-- a list filtered to these rows ("needs my approval", "needs attention") ordered by
-- created_at DESC NULLS LAST could not walk them, and PGlite's planner still chose the awaiting
-- one and sorted all 50,000 awaiting payouts of the bench's million (1.7 s) for 26 rows. The
-- counters read them the same either way; INCLUDE (hand-added, drizzle cannot express it) keeps
-- "awaiting my approval" an index-only scan (id is now in the key).
DROP INDEX "payouts_open_created_idx";--> statement-breakpoint
DROP INDEX "payouts_awaiting_created_idx";--> statement-breakpoint
CREATE INDEX "payouts_open_created_idx" ON "payouts" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "payouts"."status" in ('submitting', 'unknown', 'pending', 'in_process', 'authorized');--> statement-breakpoint
CREATE INDEX "payouts_awaiting_created_idx" ON "payouts" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) INCLUDE ("created_by", "approval_rule") WHERE "payouts"."status" = 'awaiting_approval';