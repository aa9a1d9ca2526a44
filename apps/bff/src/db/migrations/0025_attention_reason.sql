-- Decision 039: why the reconciler handed a payout to a person (unknown and not found after the
-- grace period, a refused re-send, unreadable sealed details). Few rows: a partial index lets the
-- "needs attention" counter and filter add them whatever their age.
ALTER TABLE "payouts" ADD COLUMN "attention_reason" text;--> statement-breakpoint
CREATE INDEX "payouts_attention_created_idx" ON "payouts" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "payouts"."attention_reason" is not null;