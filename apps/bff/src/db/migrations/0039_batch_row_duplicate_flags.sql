-- Possible duplicates in a batch (decision 046): rows flagged, not refused, for repeating an
-- earlier row's or a recent payout's account and amount. Rows uploaded before carry no flags.
ALTER TABLE "batch_rows" ADD COLUMN "warnings" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "batch_rows" ADD COLUMN "account_fingerprint" text;