-- Possible duplicate payouts (DUPLICATE_WINDOW_DAYS): the keyed fingerprint of the account a
-- payout pays, set at creation; earlier payouts keep null (their numbers are masked).
ALTER TABLE "payouts" ADD COLUMN "account_fingerprint" text;--> statement-breakpoint
CREATE INDEX "payouts_account_fingerprint_created_idx" ON "payouts" USING btree ("account_fingerprint","created_at" DESC NULLS LAST) WHERE "payouts"."account_fingerprint" is not null;