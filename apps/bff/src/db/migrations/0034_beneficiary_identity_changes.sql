-- Decision 042: a beneficiary's name and reference change under four eyes, like its payment details; a reference asked for is held while the change waits.
ALTER TABLE "beneficiary_changes" ADD COLUMN "display_name" text;--> statement-breakpoint
ALTER TABLE "beneficiary_changes" ADD COLUMN "reference" text;--> statement-breakpoint
ALTER TABLE "beneficiary_changes" ADD COLUMN "details_changed" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "beneficiary_changes_pending_reference_key" ON "beneficiary_changes" USING btree ("reference") WHERE "beneficiary_changes"."status" = 'pending' and "beneficiary_changes"."reference" is not null;