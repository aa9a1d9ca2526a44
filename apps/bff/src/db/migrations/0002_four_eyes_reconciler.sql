ALTER TABLE "payouts" ADD COLUMN "submission" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "approval_threshold" numeric;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "approved_by" uuid;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "rejected_by" uuid;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "rejected_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "rejection_reason" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "cancelled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "unknown_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "next_check_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "check_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "lease_owner" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_rejected_by_users_id_fk" FOREIGN KEY ("rejected_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payouts_next_check_idx" ON "payouts" USING btree ("next_check_at") WHERE "payouts"."next_check_at" is not null;--> statement-breakpoint
-- Payouts written before the reconciler existed: every non-final one is due now.
UPDATE "payouts" SET "next_check_at" = "updated_at", "unknown_since" = CASE WHEN "status" = 'unknown' THEN "updated_at" END WHERE "status" IN ('submitting', 'unknown', 'pending', 'in_process', 'authorized');
